/// Several exercises checked in as few `swift test` runs as their faults allow: what `verify`
/// and `grade` do, where one build per exercise would cost minutes.
///
/// A compile error, crash or hang stops the whole run, so an exercise that got such a verdict
/// without a fault of its own (no error in its files, no test of its own that crashed or hung)
/// was spoiled by a neighbour: those are checked again together, without the neighbours at
/// fault, and only if that still leaves some in doubt, one by one. A learner with one exercise
/// that does not compile costs two builds, not one per exercise.
struct SharedRun: Sendable {
  let runner: ExerciseRunner

  func check(
    _ exercises: [Exercise], code: ExerciseRunner.Code, folders: [String: String] = [:], timeout: Duration
  ) async throws -> [String: Verdict] {
    guard !exercises.isEmpty else { return [:] }
    var verdicts = try await runner.check(exercises, code: code, folders: folders, timeout: timeout)
    var spoiled = exercises.filter { Self.isSpoiled(verdicts[$0.id]!) }
    if spoiled.count > 1 && spoiled.count < exercises.count {
      try Task.checkCancellation()
      let again = try await runner.check(spoiled, code: code, folders: folders, timeout: timeout)
      verdicts.merge(again) { $1 }
      spoiled = spoiled.filter { Self.isSpoiled(verdicts[$0.id]!) }
    }
    if exercises.count > 1 {
      for exercise in spoiled {
        try Task.checkCancellation()
        verdicts[exercise.id] = try await runner.check(exercise, code: code, folder: folders[exercise.id], timeout: timeout)
      }
    }
    return verdicts
  }

  /// A verdict a shared run gave an exercise for what happened to another one.
  static func isSpoiled(_ verdict: Verdict) -> Bool {
    switch verdict.status {
    case .compileError: verdict.diagnostics.isEmpty && verdict.problem == nil
    case .crashed: !verdict.tests.contains { $0.status == .crashed }
    case .timedOut: !verdict.tests.contains { $0.status == .timedOut }
    default: false
    }
  }
}
