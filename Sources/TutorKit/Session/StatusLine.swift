import Synchronization

/// The one line a terminal rewrites in place while a check runs, so a hanging test never looks
/// like a hanging ditutor: what runs, for how long, and how to stop it.
///
/// ```text
/// Running the tests … 12 s (stopped at 60 s) · Ctrl-C stops
/// ```
final class StatusLine: Sendable {
  private struct State {
    var phase: ExerciseRunner.CheckPhase = .compiling
    var since: ContinuousClock.Instant
    var rebuilt = false
  }

  private let state: Mutex<State>
  private let timeout: Duration
  private let interval: Duration
  private let report: @Sendable (String?) -> Void

  init(timeout: Duration, interval: Duration = .seconds(1), report: @escaping @Sendable (String?) -> Void) {
    self.timeout = timeout
    self.interval = interval
    self.report = report
    state = Mutex(State(since: .now))
  }

  /// Whether the build folder had to be made afresh (a moved or copied checkout).
  var rebuilt: Bool { state.withLock { $0.rebuilt } }

  func enter(_ phase: ExerciseRunner.CheckPhase) {
    let changed = state.withLock { state -> Bool in
      if phase == .rebuildingMovedCheckout { state.rebuilt = true }
      guard state.phase != phase else { return false }
      state.phase = phase
      state.since = .now
      return true
    }
    if changed { report(text) }
  }

  /// Refreshes the line every `interval` (a second) until cancelled. The first one stays
  /// quiet: a warm check is usually over by then, and a line that flashes by only distracts.
  func tick() async {
    while true {
      do {
        try await Task.sleep(for: interval)
      } catch {
        return
      }
      report(text)
    }
  }

  var text: String {
    let (phase, since, rebuilt) = state.withLock { ($0.phase, $0.since, $0.rebuilt) }
    let seconds = (ContinuousClock.now - since).components.seconds
    switch phase {
    case .waitingForAnotherCheck:
      return "Waiting for the check in another window … \(seconds) s · Ctrl-C stops"
    case .compiling, .rebuildingMovedCheckout:
      let what = rebuilt ? "Compiling from scratch (this checkout moved)" : "Compiling"
      return "\(what) … \(seconds) s · Ctrl-C stops"
    case .testing:
      return "Running the tests … \(seconds) s (stopped at \(timeout.components.seconds) s) · Ctrl-C stops"
    }
  }
}
