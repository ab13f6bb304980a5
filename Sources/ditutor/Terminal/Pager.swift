import Foundation
import TutorKit

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
    // Standard output and error stay the terminal's; standard input is our pipe.
    let pid: pid_t
    do {
      pid = try ChildProcess.spawn(
        executable, arguments: arguments, environment: environment, input: .descriptor(pipeEnds[0]),
        output: .inherited, error: .inherited, ownProcessGroup: false)
    } catch {
      close(pipeEnds[0])
      close(pipeEnds[1])
      return false
    }
    close(pipeEnds[0])
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
