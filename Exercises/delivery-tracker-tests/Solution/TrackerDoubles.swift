import DeliveryTracking
import Synchronization
import Testing

/// A fake clock: time stands still until the test moves it with `advance(by:)`.
///
/// `sleepers` says how many callers are asleep on it right now, and `wakeTimes` when each of
/// them wakes (as time since the clock was made). Advance only once the tracker is asleep:
/// `await eventually { clock.sleepers == 1 }`. A cancelled sleep throws CancellationError at
/// once and leaves the clock.
///
/// One clock per test: a clock that a second test uses records an issue. Tests may run at the
/// same time (Swift Testing's default), and then one test's `advance(by:)` wakes the other's
/// tracker, and their sleepers mix in `sleepers` and `wakeTimes`. A `let clock = ManualClock()`
/// in the test, or a stored property of the suite (Swift Testing makes a new suite value for
/// every test), is one per test.
final class ManualClock: Clock, Sendable {
  struct Instant: InstantProtocol {
    var offset: Duration

    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (left: Instant, right: Instant) -> Bool { left.offset < right.offset }
  }

  private struct Sleeper {
    let id: Int
    let deadline: Instant
    let wake: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant(offset: .zero)
    var sleepers: [Sleeper] = []
    var lastID = 0
    var cancelled: Set<Int> = []
    var reported: Set<Test.ID> = []
  }

  private let state = Mutex(State())
  /// The test that made this clock.
  private let madeIn = Test.current

  /// Records an issue when a test other than the one that made this clock uses it.
  private func checkOneTest(_ sourceLocation: SourceLocation) {
    guard let madeIn, let current = Test.current, current.id != madeIn.id,
      state.withLock({ $0.reported.insert(current.id).inserted })
    else { return }
    Issue.record(
      "This ManualClock was made in the test \(madeIn.name) and is used again in \(current.name): one clock shared by several tests. Tests may run at the same time, and then one test's advance(by:) moves the other's time and wakes its tracker, and `sleepers` and `wakeTimes` count both trackers. Make a clock for each test: `let clock = ManualClock()` in the test, or as a stored property of the suite, never a `static`.",
      sourceLocation: sourceLocation)
  }

  var now: Instant { state.withLock { $0.now } }
  var minimumResolution: Duration { .zero }

  /// How many callers are asleep on this clock right now.
  var sleepers: Int { state.withLock { $0.sleepers.count } }

  /// When each sleeper wakes, as time since the clock was made, earliest first.
  var wakeTimes: [Duration] { state.withLock { $0.sleepers.map(\.deadline.offset).sorted() } }

  func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    checkOneTest(#_sourceLocation)
    let id = state.withLock { state in
      state.lastID += 1
      return state.lastID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (wake: CheckedContinuation<Void, any Error>) in
        let outcome: Result<Void, CancellationError>? = state.withLock { state in
          if state.cancelled.remove(id) != nil { return .failure(CancellationError()) }
          if deadline <= state.now { return .success(()) }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, wake: wake))
          return nil
        }
        if let outcome { wake.resume(with: outcome) }
      }
    } onCancel: {
      let sleeper = state.withLock { state -> Sleeper? in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
          state.cancelled.insert(id)
          return nil
        }
        return state.sleepers.remove(at: index)
      }
      sleeper?.wake.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward, wakes every sleeper whose deadline has come, and says how many woke.
  @discardableResult
  func advance(by duration: Duration, sourceLocation: SourceLocation = #_sourceLocation) -> Int {
    checkOneTest(sourceLocation)
    let due = state.withLock { state -> [Sleeper] in
      state.now = state.now.advanced(by: duration)
      let due = state.sleepers.filter { $0.deadline <= state.now }.sorted { $0.deadline < $1.deadline }
      state.sleepers.removeAll { $0.deadline <= state.now }
      return due
    }
    for sleeper in due { sleeper.wake.resume() }
    return due.count
  }
}

/// The delivery service's double: answers each ask with the next answer of its script (the last
/// one again once the script runs out), and counts the asks. The tracker asks from its task while
/// the test reads from its own, so the state sits behind a `Mutex`.
final class StatusDouble: DeliveryStatus {
  struct Down: Error {}

  private let state: Mutex<(script: [Result<String, Down>], asks: Int)>

  init(_ script: [Result<String, Down>]) {
    state = Mutex((script, 0))
  }

  /// How many times the tracker has asked.
  var asks: Int { state.withLock { $0.asks } }

  func status(of order: String) async throws -> String {
    let answer = state.withLock { state in
      state.asks += 1
      return state.script.count > 1 ? state.script.removeFirst() : state.script[0]
    }
    return try answer.get()
  }
}

/// Waits, on the main actor, until `condition` holds; false if it still does not after 200
/// rounds. Each round pauses a millisecond, then goes through the global executor and back, the
/// way the tracker's own awaits go, so every round gives the tracker a turn to move: a right
/// answer needs a few rounds, a busy machine makes the rounds slower rather than the test fail,
/// and a wrong answer costs a quarter of a second, not a deadline.
/// Use it as a barrier on a fact ("the tracker asked twice", "one sleeper on the clock"), never
/// as a pause: a test that needs time to pass moves the clock.
@MainActor
func eventually(_ condition: () -> Bool) async -> Bool {
  for _ in 0..<200 {
    if condition() { return true }
    try? await Swift.ContinuousClock().sleep(for: .milliseconds(1))
    _ = await Task.detached {}.result
  }
  return condition()
}

/// `Task.sleep` in this module records an issue: a test that sleeps passes on a quiet machine
/// and fails on a busy one, and every run pays for the pause. Wait at a barrier instead
/// (`await eventually { … }`); to let time pass for the tracker, move the clock.
extension Task where Success == Never, Failure == Never {
  static func sleep(for duration: Duration, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    Issue.record(
      "This test called Task.sleep(for: \(duration)): decide with a barrier, `await eventually { condition }`, never with a pause; to let the tracker's time pass, move the clock with `clock.advance(by:)`.",
      sourceLocation: sourceLocation)
    try await Swift.ContinuousClock().sleep(for: duration)
  }

  static func sleep(nanoseconds: UInt64) async throws {
    Issue.record(
      "This test called Task.sleep(nanoseconds: \(nanoseconds)): decide with a barrier, `await eventually { condition }`, never with a pause; to let the tracker's time pass, move the clock with `clock.advance(by:)`.")
    try await Swift.ContinuousClock().sleep(for: .nanoseconds(nanoseconds))
  }
}

/// The real clock, as in the app, except that a test that sleeps on it records an issue, as
/// `Task.sleep` does: `ContinuousClock().sleep(for: .milliseconds(30))` is the same pause under
/// another name. Only the tracker's own file (`DeliveryTracker.swift`) may sleep on it. It is
/// the standard library's `ContinuousClock` (`Swift.ContinuousClock`) under the same name.
struct ContinuousClock: Clock {
  typealias Instant = Swift.ContinuousClock.Instant

  static var now: Instant { Swift.ContinuousClock.now }
  var now: Instant { Swift.ContinuousClock.now }
  var minimumResolution: Duration { Swift.ContinuousClock().minimumResolution }

  func sleep(for duration: Duration, tolerance: Duration? = nil, sourceLocation: SourceLocation = #_sourceLocation)
    async throws
  {
    if sourceLocation.fileName != "DeliveryTracker.swift" {
      Issue.record(
        "This test slept on the real clock, ContinuousClock().sleep(for: \(duration)): a pause is a guess at how long the tracker needs, too short on a busy machine and paid on every run. Decide with a barrier, `await eventually { condition }`; to let the tracker's time pass, move the manual clock with `clock.advance(by:)`.",
        sourceLocation: sourceLocation)
    }
    try await Swift.ContinuousClock().sleep(for: duration, tolerance: tolerance)
  }

  func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    Issue.record(
      "This test let something sleep on the real clock (ContinuousClock): a test that waits for real time is slow, and decides nothing on a busy machine. Hand the tracker the ManualClock and move it with `clock.advance(by:)`; wait for facts with `await eventually { condition }`.")
    try await Swift.ContinuousClock().sleep(until: deadline, tolerance: tolerance)
  }
}

/// Awaiting a task that returns nothing (`await tracker.polling?.value`) gives up in this module:
/// once the task has not ended after 200 rounds (those of `eventually`), the test records an
/// issue and goes on. A polling that is asleep on the manual clock never ends by itself, since
/// nothing moves the clock while the test waits; without this, the test would hang until `check`
/// stops it. Make sure nothing sleeps on the clock before you await the polling
/// (`try #require(clock.sleepers == 0)` after `stop()`).
extension Task where Success == Void, Failure == Never {
  var value: Void {
    get async {
      let ended = Mutex(false)
      Task<Void, Never>.detached { [self] in
        _ = await self.result
        ended.withLock { $0 = true }
      }
      for _ in 0..<200 {
        if ended.withLock({ $0 }) { return }
        try? await Swift.ContinuousClock().sleep(for: .milliseconds(1))
        _ = await Task<Void, Never>.detached {}.result
      }
      if ended.withLock({ $0 }) { return }
      Issue.record(
        "This test awaited a task (the tracker's polling?) that had not ended after 200 rounds, and gave up. A polling asleep on the manual clock never ends while the test waits: nothing moves the clock. Before `await tracker.polling?.value`, check that nothing sleeps on the clock (`try #require(clock.sleepers == 0)` after stop()), so that a tracker that leaves its wait asleep fails there, with a clear message.")
    }
  }
}
