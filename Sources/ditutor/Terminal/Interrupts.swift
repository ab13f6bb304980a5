import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns Ctrl-C (SIGINT) into the cancellation of whatever task is running, instead of the end of
/// ditutor: a check in progress stops (and the runner kills what it started), the REPL goes on.
final class Interrupts: Sendable {
  private let current = Mutex<(@Sendable () -> Void)?>(nil)
  // Kept only so the source lives as long as ditutor; never touched after init.
  nonisolated(unsafe) private let source: any DispatchSourceSignal

  init() {
    signal(SIGINT, SIG_IGN)
    source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
    source.setEventHandler { [unowned self] in
      current.withLock { $0 }?()
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
