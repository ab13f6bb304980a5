/// Where the learner stands on one exercise, read from its progress record: the one model that
/// every word about an exercise's status comes from (the exercise's page, `exercises`,
/// `progress`), so the three cannot drift apart.
struct ExerciseStanding: Equatable {
  enum Stage: Equatable {
    case notStarted
    /// Reset to the starter after it had passed.
    case reset
    /// The latest check failed.
    case failing(passedBefore: Bool)
    case passed
  }

  let stage: Stage
  let checks: Int
  let hintsShown: Int
  let hints: Int

  init(_ record: LearnerState.ExerciseProgress, hints: Int) {
    switch record.status {
    case .notStarted: stage = record.passedOnce ? .reset : .notStarted
    case .failed: stage = .failing(passedBefore: record.passedOnce)
    case .passed: stage = .passed
    }
    checks = record.attempts
    hintsShown = record.hintsShown
    self.hints = hints
  }

  /// A mark and a word or two, for the `exercises` table: "✓ passed", "✗ not yet", "↺ reset".
  var mark: String {
    switch stage {
    case .notStarted: "–"
    case .reset: "↺ reset"  // `progress` says it was passed before
    case .failing: "✗ not yet"
    case .passed: "✓ passed"
    }
  }

  /// The mark with the history `progress` keeps: "↺ reset (passed before)".
  var markWithHistory: String {
    switch stage {
    case .notStarted: "– not started"
    case .reset: "↺ reset (passed before)"
    case .failing(passedBefore: true): "✗ not now (passed before)"
    case .failing: "✗ not yet"
    case .passed: "✓ passed"
    }
  }

  /// "1 check", "3 checks", or nothing before the first.
  var checksCount: String {
    checks == 0 ? "" : "\(checks) check\(checks == 1 ? "" : "s")"
  }

  /// "hints 1/3".
  var hintsCount: String { "hints \(hintsShown)/\(hints)" }

  /// The exercise page's status line: "passed ✓ · 2 checks · hints 1/3".
  var sentence: String {
    let words =
      switch stage {
      case .notStarted: "not started"
      case .reset: "reset (you passed it before)"
      case .failing: "not passing yet"
      case .passed: "passed ✓"
      }
    return ([words] + (checks > 0 ? [checksCount] : []) + [hintsCount]).joined(separator: " · ")
  }
}
