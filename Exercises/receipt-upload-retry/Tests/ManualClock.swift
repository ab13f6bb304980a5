import Synchronization

/// A fake clock: time stands still until the test moves it.
///
/// `sleep(until:)` suspends the caller until the test advances the clock past the deadline:
/// nothing really waits, and a back-off of 1 + 2 + 4 seconds takes no time at all. The clock is
/// shared by the test and the code it drives, which run in different tasks, so its state sits
/// behind a `Mutex`.
final class ManualClock: Clock, Sendable {
  struct Instant: InstantProtocol {
    /// Time since the clock was made.
    var offset: Duration

    func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    static func < (left: Instant, right: Instant) -> Bool {
      left.offset < right.offset
    }
  }

  private struct Sleeper {
    let id: Int
    let deadline: Instant
    let wake: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant(offset: .zero)
    var sleepers: [Sleeper] = []
    var sleeps: [Duration] = []
    var lastID = 0
    /// Sleeps cancelled before they had started to wait.
    var cancelled: Set<Int> = []
  }

  private let state = Mutex(State())

  var now: Instant { state.withLock { $0.now } }
  var minimumResolution: Duration { .zero }

  /// How long each call to `sleep` asked to wait, in order.
  var sleeps: [Duration] { state.withLock { $0.sleeps } }

  func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = state.withLock { state in
      state.lastID += 1
      return state.lastID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (wake: CheckedContinuation<Void, any Error>) in
        let outcome: Result<Void, CancellationError>? = state.withLock { state in
          state.sleeps.append(state.now.duration(to: deadline))
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

  /// Moves time forward, and wakes every sleeper whose deadline has come, earliest first.
  func advance(by duration: Duration) {
    let due = state.withLock { state -> [Sleeper] in
      state.now = state.now.advanced(by: duration)
      let due = state.sleepers.filter { $0.deadline <= state.now }.sorted { $0.deadline < $1.deadline }
      state.sleepers.removeAll { $0.deadline <= state.now }
      return due
    }
    for sleeper in due { sleeper.wake.resume() }
  }

  /// How long until the first sleeper wakes, or nil when nobody is asleep on this clock.
  var nextWake: Duration? {
    state.withLock { state in
      state.sleepers.map(\.deadline).min().map { state.now.duration(to: $0) }
    }
  }
}
