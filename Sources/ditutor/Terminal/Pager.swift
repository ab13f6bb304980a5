import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Shows text taller than the screen through a pager, as `git` does: the learner starts at the
/// top of a long page, Space scrolls, `q` returns to the prompt (the text stays on screen).
///
/// `DITUTOR_PAGER`, else `PAGER`, names it (`less` when neither is set); an empty value or `cat`
/// turns paging off. A pager that cannot be started is no reason not to show the page.
struct Pager: Sendable {
  let executable: String
  let arguments: [String]
  let environment: [String: String]

  init?(environment: [String: String]) {
    let setting = environment["DITUTOR_PAGER"] ?? environment["PAGER"] ?? "less"
    let words = setting.split(separator: " ").map(String.init)
    guard let name = words.first, name != "cat" else { return nil }
    let path = environment["PATH"] ?? "/usr/bin:/bin"
    let candidates: [String] = name.hasPrefix("/") ? [name] : path.split(separator: ":").map { "\($0)/\(name)" }
    guard let found = candidates.first(where: { access($0, X_OK) == 0 }) else { return nil }
    executable = found
    arguments = Array(words.dropFirst())
    var variables = environment
    // Quit at once if it fits, keep colour, leave the text on screen, and let Ctrl-C leave.
    if variables["LESS"] == nil { variables["LESS"] = "FRXK" }
    self.environment = variables
  }

  /// Pages `text`; false if the pager could not run (then the caller prints it).
  ///
  /// Spawned directly rather than with Foundation's `Process`, which starts children in a process
  /// group of their own: a pager must stay in the terminal's foreground group to read the keys.
  func page(_ text: String) -> Bool {
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { return false }
    _ = fcntl(pipeEnds[1], F_SETFD, FD_CLOEXEC)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], 0)
    posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // ditutor ignores SIGINT and SIGPIPE; the pager gets the usual behaviour back.
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGINT)
    sigaddset(&defaults, SIGPIPE)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    close(pipeEnds[0])
    guard spawned == 0 else {
      close(pipeEnds[1])
      return false
    }
    // If the learner quits before the end, the write fails with EPIPE: that is not an error.
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { write(pipeEnds[1], $0.baseAddress, $0.count) }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { break }
      bytes = bytes.dropFirst(written)
    }
    close(pipeEnds[1])
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return true
  }
}
