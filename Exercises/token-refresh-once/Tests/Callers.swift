import Synchronization
import Testing

@testable import TokenRefreshOnce

// How these tests decide, without sleeping and hoping.
//
// "Does a second caller refresh again while the first refresh is still running?" is a question
// of timing. Here the timing is certain. The callers run on `ManualExecutor`, which runs nothing
// until the test says so; `arrive()` then runs every caller until it can go no further: it has
// asked the store and is waiting, for a refresh of its own (a wrong answer) or for the one
// already running. The refresh itself waits at the `Refresher`'s gate, which the test opens only
// after that. Then the test counts.
//
// Two more things the tests can see without a clock. Whether a waiting caller is suspended on the
// refresh or asleep on a timer: cancel it while the refresh is held. `Task.sleep` wakes up at
// once and throws `CancellationError` (or, under `try?`, returns at once and the loop spins);
// awaiting a task's `value`, or a continuation, does not wake up. And who started a refresh:
// a task-local mark set around `invalidate()` travels into any `Task {}` created inside it.

/// An executor that runs nothing until the test says so.
final class ManualExecutor: TaskExecutor, Sendable {
  private let queue = Mutex<[UnownedJob]>([])

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.withLock { $0.append(job) }
  }

  /// Runs every queued job, and every job they queue in turn, until the queue is empty. Gives up
  /// after `limit` jobs (code that spins, `while … { await Task.yield() }`, never empties it) and
  /// says whether the queue emptied.
  @discardableResult
  func runUntilIdle(limit: Int = 100_000) -> Bool {
    var ran = 0
    while let job = queue.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
      job.runSynchronously(on: asUnownedTaskExecutor())
      ran += 1
      if ran == limit { return false }
    }
    return true
  }
}

/// The test double for the login server: counts refreshes, holds each one at a gate until the
/// test opens it, then answers with the next scripted outcome (by default `token-<n>` for the
/// n-th refresh).
final class Refresher: Sendable {
  /// Set by a test around its call to `invalidate()`. Task-local values travel into every
  /// `Task {}` created inside that call, so a refresh started there carries the mark, and the
  /// double counts it in `startedInsideInvalidate`.
  @TaskLocal static var insideInvalidate = false

  private struct State {
    var calls = 0
    var startedInsideInvalidate = 0
    var open = false
    var waiting: [CheckedContinuation<Void, Never>] = []
    var script: [Result<Token, RefreshError>] = []
  }
  private let state: Mutex<State>

  init(open: Bool = false, script: [Result<Token, RefreshError>] = []) {
    state = Mutex(State(open: open, script: script))
  }

  /// How many refreshes the store has started.
  var calls: Int { state.withLock { $0.calls } }

  /// How many of them started inside a call to `invalidate()` (see `insideInvalidate`).
  var startedInsideInvalidate: Int { state.withLock { $0.startedInsideInvalidate } }

  func refresh() async throws -> Token {
    let marked = Refresher.insideInvalidate
    let (call, mustWait) = state.withLock { state in
      state.calls += 1
      if marked { state.startedInsideInvalidate += 1 }
      return (state.calls, !state.open)
    }
    if mustWait {
      await withCheckedContinuation { wake in
        let goOn = state.withLock { state -> Bool in
          if state.open { return true }
          state.waiting.append(wake)
          return false
        }
        if goOn { wake.resume() }
      }
    }
    let outcome = state.withLock { state in
      state.script.isEmpty ? .success(Token(value: "token-\(call)")) : state.script.removeFirst()
    }
    return try outcome.get()
  }

  /// Lets every refresh that waits, and every later one, go on.
  func open() {
    let waiting = state.withLock { state in
      state.open = true
      defer { state.waiting = [] }
      return state.waiting
    }
    waiting.forEach { $0.resume() }
  }

  /// Holds every later refresh at the gate again.
  func close() {
    state.withLock { $0.open = false }
  }
}

enum RefreshError: Error, Equatable {
  case offline
}

/// Callers of `validToken()`, started together on a `ManualExecutor`.
final class Callers: Sendable {
  private let executor: ManualExecutor
  private let results = Mutex<[Result<Token, any Error>]>([])
  private let tasks = Mutex<[Task<Void, Never>]>([])
  private let count: Int

  /// Starts `count` callers that each ask `store` for a token once. Nothing runs yet. Callers
  /// that share an `executor` run together: `arrive()` and `finish()` of either group run both.
  init(_ count: Int, asking store: TokenStore, on executor: ManualExecutor = ManualExecutor()) {
    self.count = count
    self.executor = executor
    for _ in 0..<count {
      let task = Task(executorPreference: executor) { [self] in
        let result: Result<Token, any Error>
        do { result = .success(try await store.validToken()) } catch { result = .failure(error) }
        results.withLock { $0.append(result) }
      }
      tasks.withLock { $0.append(task) }
    }
  }

  /// Runs every caller until it has asked the store and waits for an answer; false when they
  /// never stop running (a caller that spins instead of waiting).
  func arrive() -> Bool {
    executor.runUntilIdle()
  }

  /// Cancels every caller's task, as the app does when the user leaves the screen that asked.
  /// Nothing runs until the next `arrive()` or `finish()`.
  func cancel() {
    tasks.withLock { $0 }.forEach { $0.cancel() }
  }

  /// What the callers that have finished so far got.
  var finished: [Result<Token, any Error>] {
    results.withLock { $0 }
  }

  /// Lets the callers finish and returns what each one got. (A caller that has not finished after
  /// 20 s, which a right answer never comes near, is missing from the list.)
  func finish() async -> [Result<Token, any Error>] {
    let clock = ContinuousClock()
    let giveUp = clock.now + .seconds(20)
    while results.withLock({ $0.count }) < count && clock.now < giveUp {
      executor.runUntilIdle()
      try? await Task.sleep(for: .milliseconds(1))
    }
    return results.withLock { $0 }
  }
}

extension Result {
  var token: Success? { try? get() }
}

extension Result<Token, any Error> {
  /// The token's value, or the error's type: `token-1`, `CancellationError`.
  var summary: String {
    switch self {
    case .success(let token): token.value
    case .failure(let error): "\(type(of: error))"
    }
  }

  var isOffline: Bool {
    if case .failure(let error) = self { return (error as? RefreshError) == .offline }
    return false
  }
}

extension Callers {
  static let spinning: Comment = "The callers never settled: while the refresh was held, they kept running (100,000 steps) instead of waiting. A loop such as `while refreshing { await Task.yield() }` keeps a thread of the cooperative pool busy for as long as the refresh takes. Await the running refresh's Task instead: a suspended caller costs nothing."
}
