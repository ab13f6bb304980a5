import Foundation
import Synchronization
import Testing

/// Runs `operation` and fails the test if it has not finished within `seconds`, so a deadlock
/// fails instead of hanging CI.
///
/// Two layers, because a deadlock can take the whole cooperative thread pool with it: the
/// operation races a `Task.sleep`, and whichever finishes first resumes the test (the stuck
/// operation is abandoned, not awaited); and a watchdog on its own OS thread stops the process
/// with a message if even that cannot run, long after the deadline.
func withDeadline<Result: Sendable>(
  seconds: Double, _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
  operation: @escaping @Sendable () async throws -> Result
) async throws -> Result? {
  // Far later than the deadline: on a busy machine the pool may resume the test late, and only
  // a process that is really stuck should be stopped.
  let watchdog = Watchdog(seconds: seconds * 12, what: what)
  defer { watchdog.disarm() }
  let outcome = await withCheckedContinuation { continuation in
    let first = FirstOutcome<Result>(continuation)
    Task {
      do { first.resume(.finished(try await operation())) } catch { first.resume(.failed(error)) }
    }
    Task {
      try? await Task.sleep(for: .seconds(seconds))
      first.resume(.timedOut)
    }
  }
  switch outcome {
  case .finished(let result): return result
  case .failed(let error): throw error
  case .timedOut:
    Issue.record("\(what) did not finish within \(seconds) s: a deadlock?", sourceLocation: sourceLocation)
    return nil
  }
}

private enum Outcome<Result: Sendable>: Sendable {
  case finished(Result)
  case failed(any Error)
  case timedOut
}

/// Resumes a continuation with whichever outcome comes first.
private final class FirstOutcome<Result: Sendable>: Sendable {
  private let continuation: Mutex<CheckedContinuation<Outcome<Result>, Never>?>

  init(_ continuation: CheckedContinuation<Outcome<Result>, Never>) {
    self.continuation = Mutex(continuation)
  }

  func resume(_ outcome: Outcome<Result>) {
    continuation.withLock { continuation in
      continuation?.resume(returning: outcome)
      continuation = nil
    }
  }
}

/// Stops the test process if it is not disarmed in time.
private final class Watchdog: Sendable {
  private let disarmed = DispatchSemaphore(value: 0)

  init(seconds: Double, what: String) {
    let disarmed = disarmed
    let thread = Thread {
      if disarmed.wait(timeout: .now() + seconds) == .timedOut {
        FileHandle.standardError.write(Data("\(what) is stuck after \(seconds) s: deadlock\n".utf8))
        exit(1)
      }
    }
    thread.start()
  }

  func disarm() {
    disarmed.signal()
  }
}
