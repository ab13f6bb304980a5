/// Builds an exercise in the background when the learner opens it, so its first `check` is
/// quick; the check then takes the build over (``take(_:)``) and waits for it.
///
/// It gets the checker through `init` and holds the builds it started until a check takes one
/// or ``shutdown()`` stops them all. Owned by the session actor (not `Sendable`).
final class BuildWarmer {
  private let checker: any ExerciseChecker
  /// The builds under way, by exercise id.
  private(set) var running: [String: Task<Void, Never>] = [:]

  init(checker: any ExerciseChecker) {
    self.checker = checker
  }

  /// Starts building an exercise nobody has built yet.
  func start(_ exercise: Exercise) {
    guard running[exercise.id] == nil, checker.needsWarming(exercise) else { return }
    let checker = self.checker
    running[exercise.id] = Task { await checker.prepare(exercise) }
  }

  /// Whether a build of the exercise is under way.
  func isWarming(_ exercise: Exercise) -> Bool { running[exercise.id] != nil }

  /// Hands over the exercise's build, if one runs: the caller waits for it.
  func take(_ exercise: Exercise) -> Task<Void, Never>? {
    running.removeValue(forKey: exercise.id)
  }

  /// Stops every build, so nothing outlives ditutor.
  nonisolated(nonsending) func shutdown() async {
    let tasks = running.values
    running = [:]
    for task in tasks { task.cancel() }
    for task in tasks { await task.value }
  }
}
