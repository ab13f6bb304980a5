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
// awaiting a task's `value`, or a continuation, does not wake up. Whether a caller's cancellation
// reaches the refresh they all share: the `Refresher` throws CancellationError, as a real login
// client does, when the task it runs in is cancelled, and counts it. And who started a refresh:
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

  /// Runs this executor's jobs in rounds, like `Callers.finish()`, until `done` holds or 1,000
  /// rounds have gone by, and says whether it holds. Work that escaped the executor (to Swift's
  /// shared threads, or the main actor) gets its turn in every round.
  func rounds(_ limit: Int = 1_000, until done: () -> Bool) async -> Bool {
    var rounds = 0
    while !done() && rounds < limit {
      rounds += 1
      runUntilIdle()
      try? await Task.sleep(for: .milliseconds(1))
      await Task.detached {}.value
    }
    runUntilIdle()
    return done()
  }

  /// Runs `operation` in a task of its own on this executor, in rounds, and says whether it
  /// returned. The tests call the store this way whenever callers of it run on the executor: a
  /// store whose callers left work queued there would never answer a plain `await`.
  func run(_ operation: @escaping @Sendable () async -> Void) async -> Bool {
    let done = Mutex(false)
    Task(executorPreference: self) {
      await operation()
      done.withLock { $0 = true }
    }
    return await rounds { done.withLock { $0 } }
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
    var cancelled = 0
    var open = false
    /// The refreshes held at the gate, by call number.
    var waiting: [Int: CheckedContinuation<Void, any Error>] = [:]
    /// Calls whose task was cancelled before they reached the gate.
    var cancelledEarly: Set<Int> = []
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

  /// How many refreshes ended with CancellationError because the task they ran in was cancelled.
  var cancelled: Int { state.withLock { $0.cancelled } }

  /// Like a real login client, a refresh whose task is cancelled (while it is held at the gate,
  /// or before it starts) stops and throws CancellationError.
  func refresh() async throws -> Token {
    let marked = Refresher.insideInvalidate
    let (call, mustWait) = state.withLock { state in
      state.calls += 1
      if marked { state.startedInsideInvalidate += 1 }
      return (state.calls, !state.open)
    }
    do {
      if mustWait {
        try await withTaskCancellationHandler {
          try await withCheckedThrowingContinuation { (wake: CheckedContinuation<Void, any Error>) in
            let outcome = state.withLock { state -> Result<Void, any Error>? in
              if state.cancelledEarly.remove(call) != nil { return .failure(CancellationError()) }
              if state.open { return .success(()) }
              state.waiting[call] = wake
              return nil
            }
            if let outcome { wake.resume(with: outcome) }
          }
        } onCancel: {
          let wake = state.withLock { state in
            let wake = state.waiting.removeValue(forKey: call)
            if wake == nil { state.cancelledEarly.insert(call) }
            return wake
          }
          wake?.resume(throwing: CancellationError())
        }
      }
      try Task.checkCancellation()
    } catch {
      state.withLock { $0.cancelled += 1 }
      throw error
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
      defer { state.waiting = [:] }
      return state.waiting.values
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

  /// Lets the callers finish and returns what each one got. A caller that has not finished after
  /// 1,000 rounds is missing from the list: each round runs the callers, pauses a millisecond and
  /// goes through Swift's shared threads and back, where the refresh's own task runs, so a right
  /// answer finishes within a few rounds however busy the machine (a busy machine slows the
  /// rounds too), and a caller that never finishes costs about a second, not a deadline.
  func finish() async -> [Result<Token, any Error>] {
    _ = await executor.rounds { results.withLock { $0.count } >= count }
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

extension [Result<Token, any Error>] {
  /// What each caller got, `token-1, token-1, CancellationError`, or "nothing".
  var summary: String {
    isEmpty ? "nothing" : map(\.summary).joined(separator: ", ")
  }
}

extension Callers {
  /// Why the refresh every caller shares ended with CancellationError: `whose` says which
  /// callers' tasks the test cancelled ("the first caller's task").
  static func refreshCancelled(by whose: String) -> String {
    "The test cancelled \(whose) while the refresh was held, and the refresh itself was cancelled: the login client stopped the round trip and threw CancellationError, which reached callers that were never cancelled. Either the refresh runs inside the first caller's own task (`try await refresh()` in validToken(), with the others waiting on continuations), so that caller's cancellation is the refresh's; or a caller passes its cancellation on to the shared Task (`withTaskCancellationHandler { … } onCancel: { task.cancel() }`). One request going away (the user left that screen) must not fail the requests that still want the token. Run the refresh in a Task of its own, `Task { try await refresh() }`, which no caller's cancellation reaches; let every caller, the first one too, await its value; and never cancel it."
  }

  /// Says so when callers threw CancellationError although the refresh was not cancelled.
  static func lookedAtCancellation(_ results: [Result<Token, any Error>], _ server: Refresher) -> String {
    let gaveUp = results.filter { result in
      if case .failure(let error) = result { return error is CancellationError }
      return false
    }.count
    guard gaveUp > 0 && server.cancelled == 0 else { return "" }
    return " The refresh brought its token, and \(gaveUp) of them threw CancellationError all the same: the store looked at their cancellation (`Task.checkCancellation()`, `Task.isCancelled`) around the refresh. The token is already paid for, and a request that is no longer wanted can drop it itself: hand every caller the refresh's outcome."
  }

  static let spinning: Comment = "The callers never settled: while the refresh was held, they kept running (100,000 steps) instead of waiting. A loop such as `while refreshing { await Task.yield() }` keeps a thread of the cooperative pool busy for as long as the refresh takes. Await the running refresh's Task instead: a suspended caller costs nothing."
}
