/// Checks an exercise and says how it went. ``ExerciseRunner`` is the real one; session tests
/// hand in canned verdicts, so they test the conversation without compiling anything.
public protocol ExerciseChecker: Sendable {
  /// Checks the learner's code; `progress` hears when the tests start (or a rebuild begins).
  func check(
    _ exercise: Exercise, timeout: Duration, progress: @escaping @Sendable (CheckPhase) -> Void
  ) async throws -> Verdict
  /// Whether the exercise was built before: the first check compiles it from scratch.
  func hasBuilt(_ exercise: Exercise) -> Bool
  /// Whether its next check would wait for a build that ``prepare(_:)`` can do ahead of it.
  func needsWarming(_ exercise: Exercise) -> Bool
  /// Builds the exercise ahead of its first check (while the learner reads and edits), running
  /// none of its code. Cancelling the calling task stops the build.
  func prepare(_ exercise: Exercise) async
}

extension ExerciseChecker {
  public func needsWarming(_ exercise: Exercise) -> Bool { !hasBuilt(exercise) }
}

extension ExerciseRunner: ExerciseChecker {
  public func check(
    _ exercise: Exercise, timeout: Duration, progress: @escaping @Sendable (CheckPhase) -> Void
  ) async throws -> Verdict {
    try await check(exercise, code: .sources, timeout: timeout, progress: progress)
  }
}

/// Lets Ctrl-C cancel the command that is running rather than end ditutor. The executable's
/// version listens for SIGINT; tests run operations directly.
public protocol Interruptions: Sendable {
  func cancellable<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T
}
