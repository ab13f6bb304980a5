import Foundation

/// Runs blocking work (a compiler the test waits for) on a thread of its own, as many at once as
/// there are cores, and suspends the test meanwhile. A test case that waited on `swiftc` held
/// one of Swift concurrency's few threads (two, on two cores): with a lesson's snippets compiling
/// side by side, every async test in the run waited too, and ones with a 30-second deadline
/// failed (CI, four of them at once, after lessons 11 to 13 added 50 snippets).
enum OffThePool {
  private static let gate = Gate(slots: max(1, ProcessInfo.processInfo.activeProcessorCount))

  static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    await gate.enter()
    let result: Result<T, any Error> = await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: Result { try work() }) }.start()
    }
    await gate.leave()
    return try result.get()
  }

  /// A counting semaphore that suspends its waiters instead of blocking their threads.
  private actor Gate {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(slots: Int) {
      free = slots
    }

    func enter() async {
      if free > 0 {
        free -= 1
        return
      }
      await withCheckedContinuation { waiting.append($0) }
    }

    func leave() {
      if waiting.isEmpty {
        free += 1
      } else {
        waiting.removeFirst().resume()
      }
    }
  }
}
