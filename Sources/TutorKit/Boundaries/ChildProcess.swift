import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Starts a program with `posix_spawn`: the one place that turns Swift strings into a C argument
/// vector and resets the signals ditutor ignores. The child gets a process group of its own, so
/// the terminal's Ctrl-C reaches ditutor alone, and ditutor decides what to stop (and stops the
/// whole group).
enum ChildProcess {
  /// What the child's standard input, output and error are: a descriptor of ours, or /dev/null.
  enum Stream: Sendable {
    case descriptor(Int32)
    case null
  }

  /// Spawns `executable` and returns its process id. Signals ditutor ignores or handles
  /// (SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGPIPE) are back to their defaults in the child, and its
  /// signal mask is empty.
  static func spawn(
    _ executable: String, arguments: [String], environment: [String: String],
    input: Stream, output: Stream, error: Stream
  ) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var handed: Set<Int32> = []
    for (target, stream) in [(Int32(0), input), (1, output), (2, error)] {
      switch stream {
      case .descriptor(let descriptor):
        posix_spawn_file_actions_adddup2(&actions, descriptor, target)
        handed.insert(descriptor)
      case .null:
        posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
      }
    }
    for descriptor in handed where descriptor > 2 { posix_spawn_file_actions_addclose(&actions, descriptor) }

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGTERM, SIGPIPE, SIGQUIT, SIGHUP] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    guard spawned == 0 else { throw ProcessError.spawn(executable, spawned) }
    return pid
  }
}
