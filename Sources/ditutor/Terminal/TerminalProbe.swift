import Foundation
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the process is connected to: terminals or pipes, and how wide the screen is.
struct TerminalProbe: Sendable {
  let environment: [String: String]

  var inputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }
  var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
  var errorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

  /// Asked again before each answer, so a resized window wraps to its new width.
  var width: Int {
    windowSize.map { Int($0.ws_col) } ?? environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } ?? 80
  }

  /// Rows of the terminal: an answer taller than this is shown a screenful at a time.
  var height: Int {
    windowSize.map { Int($0.ws_row) } ?? environment["LINES"].flatMap(Int.init) ?? 24
  }

  /// The terminal's size, when standard output is one that knows it.
  private var windowSize: winsize? {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
    return size
  }

  func traits(forStandardError: Bool = false) -> TerminalTraits {
    let isTerminal = forStandardError ? errorIsTerminal : outputIsTerminal
    return TerminalTraits(
      width: width, colors: TerminalTraits.colorsAllowed(isTerminal: isTerminal, environment: environment))
  }
}
