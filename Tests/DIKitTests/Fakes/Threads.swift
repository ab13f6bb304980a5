import Foundation
import Synchronization

/// Runs each body on a thread of its own, all at once, and returns their outcomes in order once
/// every one has finished.
///
/// Threads, not tasks: the cooperative pool has one thread per core, two here, so four tasks
/// that block would not all run at once, and a deadlock among them would stall the pool that
/// `withDeadline` needs to report it. Wrap a call in `withDeadline` to bound it.
func onThreads<Value: Sendable>(
  _ bodies: [@Sendable () throws -> Value]
) async -> [Result<Value, any Error>] {
  await withCheckedContinuation { continuation in
    let outcomes = Outcomes<Value>(count: bodies.count, continuation)
    for (index, body) in bodies.enumerated() {
      Thread { outcomes.record(Result { try body() }, at: index) }.start()
    }
  }
}

/// Collects the outcomes, and resumes with them when the last one arrives.
private final class Outcomes<Value: Sendable>: Sendable {
  private let state: Mutex<[Int: Result<Value, any Error>]> = Mutex([:])
  private let count: Int
  private let continuation: CheckedContinuation<[Result<Value, any Error>], Never>

  init(count: Int, _ continuation: CheckedContinuation<[Result<Value, any Error>], Never>) {
    self.count = count
    self.continuation = continuation
  }

  func record(_ outcome: Result<Value, any Error>, at index: Int) {
    let all = state.withLock { outcomes -> [Result<Value, any Error>]? in
      outcomes[index] = outcome
      return outcomes.count == count ? (0..<count).map { outcomes[$0]! } : nil
    }
    if let all { continuation.resume(returning: all) }
  }
}
