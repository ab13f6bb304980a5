import DeliveryTracking
import Synchronization
import Testing

/// A fake clock: time stands still until the test moves it with `advance(by:)`.
///
/// `sleepers` says how many callers are asleep on it right now, and `wakeTimes` when each of
/// them wakes (as time since the clock was made). Advance only once the tracker is asleep:
/// `await eventually { clock.sleepers == 1 }`. A cancelled sleep throws CancellationError at
/// once and leaves the clock.
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
  }

  private let state = Mutex(State())

  var now: Instant { state.withLock { $0.now } }
  var minimumResolution: Duration { .zero }

  /// How many callers are asleep on this clock right now.
  var sleepers: Int { state.withLock { $0.sleepers.count } }

  /// When each sleeper wakes, as time since the clock was made, earliest first.
  var wakeTimes: [Duration] { state.withLock { $0.sleepers.map(\.deadline.offset).sorted() } }

  func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
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
  func advance(by duration: Duration) -> Int {
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
    try? await ContinuousClock().sleep(for: .milliseconds(1))
    await Task.detached {}.value
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
    try await ContinuousClock().sleep(for: duration)
  }

  static func sleep(nanoseconds: UInt64) async throws {
    Issue.record(
      "This test called Task.sleep(nanoseconds: \(nanoseconds)): decide with a barrier, `await eventually { condition }`, never with a pause; to let the tracker's time pass, move the clock with `clock.advance(by:)`.")
    try await ContinuousClock().sleep(for: .nanoseconds(nanoseconds))
  }
}
