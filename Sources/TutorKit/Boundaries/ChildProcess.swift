import CProcessControl
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Starts a program: the one place that turns Swift strings into a C argument vector. The child
/// gets a process group of its own, so the terminal's Ctrl-C reaches ditutor alone, and ditutor
/// decides what to stop (and stops the whole group); it dies with ditutor, even of kill -9
/// (``ditutor_spawn``, in C: a parent-death signal cannot be asked of `posix_spawn`).
enum ChildProcess {
  /// What the child's standard input, output and error are: a descriptor of ours, or /dev/null.
  enum Stream: Sendable {
    case descriptor(Int32)
    case null
  }

  /// Spawns `executable` in `directory` (nil: ditutor's own) and returns its process id.
  /// Signals ditutor ignores or handles (SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGPIPE) are back to
  /// their defaults in the child, and its signal mask is empty.
  static func spawn(
    _ executable: String, arguments: [String], environment: [String: String], directory: String? = nil,
    input: Stream, output: Stream, error: Stream
  ) throws -> pid_t {
    let streams: [Int32] = [input, output, error].map { stream in
      switch stream {
      case .descriptor(let descriptor): descriptor
      case .null: -1
      }
    }
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var failure: Int32 = 0
    let pid = streams.withUnsafeBufferPointer { streams in
      if let directory {
        return ditutor_spawn(executable, argv, envp, streams.baseAddress, directory, &failure)
      }
      return ditutor_spawn(executable, argv, envp, streams.baseAddress, nil, &failure)
    }
    guard pid > 0 else { throw ProcessError.spawn(executable, failure) }
    return pid
  }
}
