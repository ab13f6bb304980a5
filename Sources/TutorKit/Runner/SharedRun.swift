/// Several exercises checked in as few `swift test` runs as their faults allow: what `verify`
/// and `grade` do, where one build per exercise would cost minutes.
///
/// A compile error, crash or hang stops the whole run, so an exercise that got such a verdict
/// without a fault of its own (no error in its files, no test of its own that crashed or hung)
/// was spoiled by a neighbour: those are checked again together, without the neighbours at
/// fault, for as long as that finds more at fault, and only those it cannot tell apart one by
/// one. A learner with one exercise that does not compile costs two builds, not one per
/// exercise.
struct SharedRun: Sendable {
  let runner: ExerciseRunner

  /// The verdicts of `exercises`, by id, and of their `variants`, by
  /// ``ExerciseRunner/variantKey(_:_:)``.
  /// `repeated`: the first run's selection is one a later check will ask for again (see
  /// ``ExerciseRunner/check(_:code:folders:variants:repeated:timeout:progress:)``); the runs
  /// that tell spoiled verdicts apart are one-offs. `testing`: the exercises whose tests run
  /// and that get a verdict, when not all (the rest are only built, as the selection asks).
  func check(
    _ exercises: [Exercise], code: ExerciseRunner.Code, folders: [String: String] = [:], variants: [String: [String]] = [:],
    repeated: Bool = false, testing: Set<String>? = nil, timeout: Duration,
    progress: @escaping @Sendable (CheckPhase) -> Void = { _ in }
  ) async throws -> [String: Verdict] {
    guard !exercises.isEmpty else { return [:] }
    let variants = PackageSelection(exercises: exercises, code: code, variants: variants).variants
    // Every verdict the run gives: an exercise's own (no folder), or a variant's.
    var checked: [String: (exercise: Exercise, variant: String?)] = [:]
    for exercise in exercises where testing?.contains(exercise.id) ?? true {
      checked[exercise.id] = (exercise, nil)
      for variant in variants[exercise.id] ?? [] { checked[ExerciseRunner.variantKey(exercise.id, variant)] = (exercise, variant) }
    }
    var verdicts = try await runner.check(
      exercises, code: code, folders: folders, variants: variants, repeated: repeated, testing: testing, timeout: timeout,
      progress: progress)
    var spoiled = checked.keys.sorted().filter { Self.isSpoiled(verdicts[$0]!) }
    // Together again while that tells more apart: each run that stops leaves at least one
    // exercise at fault (its errors named) and spoils the rest.
    while spoiled.count > 1 && spoiled.count < checked.count {
      try Task.checkCancellation()
      // The exercises in doubt, and those whose variants are (a variant is built beside its
      // exercise; the exercise's verdict from this run is not taken).
      let again = exercises.filter { exercise in spoiled.contains { checked[$0]!.exercise.id == exercise.id } }
      var againVariants: [String: [String]] = [:]
      for key in spoiled { if let (exercise, variant) = checked[key], let variant { againVariants[exercise.id, default: []].append(variant) } }
      let verdictsAgain = try await runner.check(
        again, code: code, folders: folders, variants: againVariants, timeout: timeout, progress: progress)
      for key in spoiled { verdicts[key] = verdictsAgain[key] ?? verdicts[key] }
      let still = spoiled.filter { Self.isSpoiled(verdicts[$0]!) }
      guard still.count < spoiled.count else { break }
      spoiled = still
    }
    if checked.count > 1 {
      // Exercise by exercise, each with its variants in doubt, when that is fewer runs than
      // one per verdict (a run that stopped before any test began tells nothing apart).
      let byExercise = Dictionary(grouping: spoiled) { checked[$0]!.exercise.id }
      if byExercise.count > 1 && byExercise.count < spoiled.count {
        for (id, keys) in byExercise.sorted(by: { $0.key < $1.key }) where keys.count > 1 {
          try Task.checkCancellation()
          let exercise = checked[id]?.exercise ?? checked[keys[0]]!.exercise
          let inDoubt = keys.compactMap { checked[$0]!.variant }
          let verdictsAgain = try await runner.check(
            [exercise], code: code, folders: folders, variants: inDoubt.isEmpty ? [:] : [id: inDoubt], timeout: timeout,
            progress: progress)
          for key in keys { verdicts[key] = verdictsAgain[key] ?? verdicts[key] }
        }
        spoiled = spoiled.filter { Self.isSpoiled(verdicts[$0]!) }
      }
      for key in spoiled {
        try Task.checkCancellation()
        let (exercise, variant) = checked[key]!
        verdicts[key] = try await runner.check(
          exercise, code: code, folder: variant ?? folders[exercise.id], timeout: timeout, progress: progress)
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
