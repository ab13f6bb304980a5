import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a program on a pseudo-terminal, so it sees a real terminal (libedit, colour, width)
/// while the test types keys and reads the screen's byte stream.
final class PseudoTerminal {
  private let master: Int32
  private let process = Process()
  private(set) var transcript = ""

  init(
    executable: String, arguments: [String], directory: String, environment: [String: String], columns: UInt16 = 100,
    rows: UInt16 = 30
  ) throws {
    // Glibc's module does not export posix_openpt/ptsname, so open the multiplexer and use the
    // two ioctls they wrap: unlock the pair, then ask for the number of its terminal end.
    master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    var unlock: Int32 = 0
    var number: UInt32 = 0
    let setLock: UInt = 0x4004_5431  // TIOCSPTLCK
    let getNumber: UInt = 0x8004_5430  // TIOCGPTN
    guard master >= 0, ioctl(master, setLock, &unlock) == 0, ioctl(master, getNumber, &number) == 0 else {
      throw CocoaError(.fileNoSuchFile)
    }
    let name = "/dev/pts/\(number)"
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    let slave = open(name, O_RDWR | O_NOCTTY)
    guard slave >= 0 else { throw CocoaError(.fileNoSuchFile) }
    let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
    // setsid --ctty makes the pseudo-terminal the program's controlling terminal, as a real
    // terminal is: then Ctrl-C outside line editing reaches it as SIGINT.
    process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
    process.arguments = ["--ctty", "--wait", executable] + arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.environment = environment
    process.standardInput = handle
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
  }

  deinit {
    if process.isRunning { process.terminate() }
    close(master)
  }

  func type(_ text: String) {
    var bytes = Array(text.utf8)
    _ = write(master, &bytes, bytes.count)
  }

  /// Reads until the screen's text (escape codes removed) contains `needle` after what was
  /// already consumed, or `seconds` pass. Returns whether it appeared.
  @discardableResult
  func waitFor(_ needle: String, seconds: Double = 10) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if Self.plain(transcript).contains(needle) { return true }
      readAvailable(timeoutMilliseconds: 100)
    }
    return Self.plain(transcript).contains(needle)
  }

  /// Forgets what was read so far, so the next `waitFor` looks only at new output.
  func clear() {
    readAvailable(timeoutMilliseconds: 50)
    transcript = ""
  }

  func waitForExit(seconds: Double = 10) -> Int32? {
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning && Date() < deadline {
      readAvailable(timeoutMilliseconds: 50)
    }
    guard !process.isRunning else { return nil }
    readAvailable(timeoutMilliseconds: 50)
    return process.terminationStatus
  }

  var isRunning: Bool { process.isRunning }

  /// The program's own process id: `setsid --wait` forks it when setsid leads its group, so it
  /// is setsid's child then, and setsid itself when setsid could exec straight into it.
  var programIdentifier: Int32 {
    let parent = process.processIdentifier
    return Ditutor.processIdentifiers().first { Ditutor.ProcessStat(pid: $0)?.parent == parent } ?? parent
  }

  private func readAvailable(timeoutMilliseconds: Int32) {
    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, timeoutMilliseconds) > 0 else { return }
    var buffer = [UInt8](repeating: 0, count: 65536)
    let count = read(master, &buffer, buffer.count)
    if count > 0 { transcript += String(decoding: buffer[0..<count], as: UTF8.self) }
  }

  /// The text without ANSI escape sequences.
  static func plain(_ text: String) -> String {
    text.replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
      .replacingOccurrences(of: "\u{1B}[()][A-Z0-9]", with: "", options: .regularExpression)
  }
}
