import Dispatch
import Foundation
import Synchronization
import TutorKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns Ctrl-C (SIGINT) into the cancellation of whatever task is running, instead of the end of
/// ditutor: a check in progress stops (and the runner kills what it started), the REPL goes on.
///
/// With nothing running, Ctrl-C does what it always does (ends the program) unless `idle` is
/// `.ignore`: at the REPL's prompt libedit reads Ctrl-C as a key, and between commands a stray
/// one should not end the session.
final class Interrupts: Interruptions {
  enum Idle { case ignore, exit }

  private let current = Mutex<(@Sendable () -> Void)?>(nil)
  private let idle: Idle
  // Kept only so the source lives as long as ditutor; never touched after init.
  nonisolated(unsafe) private let source: any DispatchSourceSignal

  init(idle: Idle) {
    self.idle = idle
    signal(SIGINT, SIG_IGN)
    source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
    source.setEventHandler { [unowned self] in
      if let cancel = current.withLock({ $0 }) {
        // The terminal echoed "^C"; what the cancelled command says next starts on a new line.
        if isatty(STDOUT_FILENO) == 1 { FileHandle.standardOutput.write(Data("\n".utf8)) }
        cancel()
      } else if self.idle == .exit {
        Foundation.exit(130)
      }
    }
    source.resume()
  }

  /// Runs `operation` so that Ctrl-C cancels it.
  func cancellable<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
    let task = Task { try await operation() }
    current.withLock { $0 = { task.cancel() } }
    defer { current.withLock { $0 = nil } }
    return try await task.value
  }
}
