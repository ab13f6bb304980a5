import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal as the presenter uses it: keys one at a time with no echo, on the alternate
/// screen (the class sees slides, and the shell comes back untouched afterwards), cursor hidden.
/// Everything is put back by ``restore()``, which the presenter always calls.
final class RawKeyboard {
  enum Key: Equatable {
    case next, back, run, quit, other
  }

  private var saved = termios()
  private let usesAlternateScreen: Bool

  /// Nil when standard input is not a terminal.
  init?(alternateScreen: Bool) {
    guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &saved) == 0 else { return nil }
    usesAlternateScreen = alternateScreen
    var raw = saved
    // No line buffering, no echo, and Ctrl-C / Ctrl-\ arrive as keys: `q` and Ctrl-C both leave.
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
    withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
      bytes[Int(VMIN)] = 0
      bytes[Int(VTIME)] = 0
    }
    tcsetattr(STDIN_FILENO, TCSANOW, &raw)
    if alternateScreen { write("\u{1B}[?1049h\u{1B}[?25l") }
  }

  func restore() {
    if usesAlternateScreen { write("\u{1B}[?25h\u{1B}[?1049l") }
    tcsetattr(STDIN_FILENO, TCSANOW, &saved)
  }

  /// The next key, or nil when none came within `milliseconds` (time to look at the window's size).
  func read(waiting milliseconds: Int32) -> Key? {
    var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, milliseconds) > 0 else { return nil }
    var buffer = [UInt8](repeating: 0, count: 16)
    let count = Glibc.read(STDIN_FILENO, &buffer, buffer.count)
    guard count > 0 else { return count == 0 ? .quit : nil }
    return Self.key(Array(buffer[0..<count]))
  }

  /// Space, Enter, →, ↓, PageDown, `n`, `l`, `j`: next. ←, ↑, PageUp, `b`, `p`, `h`, `k`,
  /// Backspace: back. `r`: run. `q`, Esc, Ctrl-C, Ctrl-D: quit.
  static func key(_ bytes: [UInt8]) -> Key {
    switch bytes {
    case [0x20], [0x0D], [0x0A], [UInt8(ascii: "n")], [UInt8(ascii: "l")], [UInt8(ascii: "j")],
      [0x1B, 0x5B, 0x43], [0x1B, 0x5B, 0x42], [0x1B, 0x5B, 0x36, 0x7E], [0x1B, 0x4F, 0x43], [0x1B, 0x4F, 0x42]:
      return .next
    case [UInt8(ascii: "b")], [UInt8(ascii: "p")], [UInt8(ascii: "h")], [UInt8(ascii: "k")], [0x7F], [0x08],
      [0x1B, 0x5B, 0x44], [0x1B, 0x5B, 0x41], [0x1B, 0x5B, 0x35, 0x7E], [0x1B, 0x4F, 0x44], [0x1B, 0x4F, 0x41]:
      return .back
    case [UInt8(ascii: "r")]:
      return .run
    case [UInt8(ascii: "q")], [UInt8(ascii: "Q")], [0x1B], [0x03], [0x04]:
      return .quit
    default:
      return .other
    }
  }

  func write(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }
}
