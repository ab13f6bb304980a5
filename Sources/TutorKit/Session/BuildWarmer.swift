/// Builds an exercise in the background when the learner opens it, so its first `check` is
/// quick; the check then takes the build over (``take(_:)``) and waits for it.
///
/// It gets the checker through `init` and holds the builds it started until a check takes one
/// or ``shutdown()`` stops them all. Owned by the session actor (not `Sendable`).
final class BuildWarmer {
  private let checker: any ExerciseChecker
  /// Built in the background too, after the first exercise's build (see ``CodeReviewer/prepare()``).
  private let reviewer: (any CodeReviewer)?
  /// The builds under way, by exercise id.
  private(set) var running: [String: Task<Void, Never>] = [:]
  /// The reviewer's build, once started (it is never taken: a review waits on its lock).
  private(set) var reviewerBuild: Task<Void, Never>?

  init(checker: any ExerciseChecker, reviewer: (any CodeReviewer)? = nil) {
    self.checker = checker
    self.reviewer = reviewer
  }

  /// Starts building an exercise nobody has built yet, and, once that is done, the reviewer if
  /// it is not built.
  func start(_ exercise: Exercise) {
    var exerciseBuild: Task<Void, Never>?
    if running[exercise.id] == nil, checker.needsWarming(exercise) {
      let checker = self.checker
      exerciseBuild = Task { await checker.prepare(exercise) }
      running[exercise.id] = exerciseBuild
    }
    if reviewerBuild == nil, let reviewer, !reviewer.isReady() {
      reviewerBuild = Task {
        await exerciseBuild?.value
        try? await reviewer.prepare()
      }
    }
  }

  /// Whether a build of the exercise is under way.
  func isWarming(_ exercise: Exercise) -> Bool { running[exercise.id] != nil }

  /// Hands over the exercise's build, if one runs: the caller waits for it.
  func take(_ exercise: Exercise) -> Task<Void, Never>? {
    running.removeValue(forKey: exercise.id)
  }

  /// Stops every build, so nothing outlives ditutor.
  nonisolated(nonsending) func shutdown() async {
    let tasks = Array(running.values) + (reviewerBuild.map { [$0] } ?? [])
    running = [:]
    reviewerBuild = nil
    for task in tasks { task.cancel() }
    for task in tasks { await task.value }
  }
}
