import CProcessControl
import Dispatch
import Foundation
import Synchronization
import TutorKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns the terminal's signals into what a learner means by them.
///
/// - Ctrl-C (SIGINT) and Ctrl-\ (SIGQUIT) cancel whatever is running, instead of ending (or
///   dumping the core of) ditutor: a check in progress stops, the runner kills what it started,
///   the REPL goes on. With nothing running, they do what they always do (end the program)
///   unless `idle` is `.ignore`: at the prompt libedit reads both as keys, and between commands
///   a stray one should not end the session.
/// - SIGTERM and SIGHUP (the window closed) end ditutor, but first cancel what is running, so
///   no test process outlives it, and put the terminal back the way it was found.
final class Interrupts: Interruptions {
  enum Idle { case ignore, exit }

  private let current = Mutex<(@Sendable () -> Void)?>(nil)
  private let idle: Idle
  private let processes: LocalProcessRunner?
  // Kept only so the sources live as long as ditutor; never touched after init.
  nonisolated(unsafe) private var sources: [any DispatchSourceSignal] = []
  /// The terminal's settings when ditutor started, restored on the way out.
  nonisolated(unsafe) private var savedTerminal = termios()
  private let hasSavedTerminal: Bool

  /// - Parameter processes: the runner whose programs Ctrl-Z stops along with ditutor while a
  ///   command runs, and whose clocks then do not count the time stopped.
  init(idle: Idle, processes: LocalProcessRunner? = nil) {
    self.idle = idle
    self.processes = processes
    hasSavedTerminal = isatty(STDIN_FILENO) == 1 && tcgetattr(STDIN_FILENO, &savedTerminal) == 0
    for number in [SIGINT, SIGQUIT] {
      listen(to: number) { [unowned self] in self.interrupt() }
    }
    for number in [SIGTERM, SIGHUP] {
      listen(to: number) { [unowned self] in self.terminate(signal: number) }
    }
    listenForSuspension()
  }

  private func listen(to number: Int32, _ handler: @escaping @Sendable () -> Void) {
    signal(number, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
    source.setEventHandler(handler: handler)
    source.resume()
    sources.append(source)
  }

  private func interrupt() {
    if let cancel = current.withLock({ $0 }) {
      // The terminal echoed "^C"; what the cancelled command says next starts on a new line.
      if isatty(STDOUT_FILENO) == 1 { FileHandle.standardOutput.write(Data("\n".utf8)) }
      cancel()
    } else if idle == .exit {
      Foundation.exit(130)
    }
  }

  /// Cancels the running command, waits (briefly) for it to stop what it started, restores the
  /// terminal and exits with the shell's code for the signal. The command's own flow exits as
  /// soon as it has stopped, before anything else is printed (a cancelled verdict, a prompt
  /// the shell's would land on).
  private func terminate(signal number: Int32) {
    // The reason is said: a check it cut short would otherwise read as cancelled by nobody.
    let name = number == SIGHUP ? "SIGHUP: the terminal closed" : "SIGTERM"
    terminating.withLock { $0 = number }
    if let cancel = current.withLock({ $0 }) {
      endLine()
      FileHandle.standardError.write(Data("ditutor was stopped (\(name)); what was running was stopped with it.\n".utf8))
      cancel()
      let deadline = ContinuousClock.now + .seconds(5)
      while current.withLock({ $0 != nil }) && ContinuousClock.now < deadline {
        usleep(20_000)
      }
    }
    leave(signal: number)
  }

  private let terminating = Mutex<Int32?>(nil)

  /// Ends whatever was on the line (a prompt, a status line), so what follows, the shell's
  /// prompt too, starts on a line of its own.
  private func endLine() {
    if isatty(STDOUT_FILENO) == 1 { FileHandle.standardOutput.write(Data("\r\u{1B}[K".utf8)) }
  }

  private func leave(signal number: Int32) -> Never {
    endLine()
    if hasSavedTerminal { tcsetattr(STDIN_FILENO, TCSANOW, &savedTerminal) }
    Foundation.exit(128 + number)
  }

  /// Runs `operation` so that Ctrl-C (or Ctrl-\) cancels it, and Ctrl-Z suspends ditutor with
  /// the programs it is running (by default only ditutor would stop, and a hanging test would
  /// spin on, its timeout counting).
  func cancellable<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
    let task = Task { try await operation() }
    current.withLock { $0 = { task.cancel() } }
    if processes != nil { ditutor_catch_suspend(1) }
    let result = await task.result
    if let number = terminating.withLock({ $0 }) { leave(signal: number) }
    if processes != nil { ditutor_catch_suspend(0) }
    current.withLock { $0 = nil }
    return try result.get()
  }

  /// Waits for Ctrl-Z on a thread of its own: pauses what runs, gives the shell its terminal
  /// settings back, stops ditutor; once resumed (`fg`), puts both back as they were.
  private func listenForSuspension() {
    guard let processes else { return }
    let requests = ditutor_suspend_requests()
    guard requests >= 0 else { return }
    let hasSavedTerminal = self.hasSavedTerminal
    let saved = savedTerminal
    Thread.detachNewThread {
      var byte: UInt8 = 0
      while true {
        let count = read(requests, &byte, 1)
        guard count == 1 else {
          if count < 0 && errno == EINTR { continue }
          return
        }
        processes.pauseRunning()
        var current = termios()
        let hadSettings = hasSavedTerminal && tcgetattr(STDIN_FILENO, &current) == 0
        if hadSettings {
          var shells = saved
          tcsetattr(STDIN_FILENO, TCSANOW, &shells)
        }
        kill(getpid(), SIGSTOP)
        // Resumed.
        if hadSettings { tcsetattr(STDIN_FILENO, TCSANOW, &current) }
        processes.resumeRunning()
      }
    }
  }
}
