/// What one build of the course package holds: which exercises, whose code, and which of the
/// learner's test files are left out.
///
/// `Package.swift` cannot import ditutor, so the two sides meet in environment variables (the
/// comment at the top of the manifest gives their grammar). This is the one place ditutor writes
/// them, and the one place that says which modules the manifest makes of them: the runner reads
/// results by those names. `PackageSelectionTests` has SwiftPM evaluate the real manifest for
/// every kind of selection and compares its targets with `modules`, so the two sides cannot
/// drift apart unnoticed.
public struct PackageSelection: Sendable {
  /// The variables the manifest reads. A warm build's record is keyed by them.
  public static let variableNames = [
    "DITUTOR_EXERCISES", "DITUTOR_CODE", "DITUTOR_LEAVE_OUT", "DITUTOR_PLANTED", "DITUTOR_VARIANTS", "DITUTOR_BUG_LIBRARIES",
    wholeModuleVariable,
  ]
  /// `code`: each exercise's code compiles whole, in one job (see `ExerciseRunner`'s
  /// `wholeModuleCode`). Not a selection's: the runner that builds says it.
  public static let wholeModuleVariable = "DITUTOR_WHOLE_MODULE"

  public var exercises: [Exercise]
  /// Whose code every exercise compiles, unless `folders` names another folder for it.
  public var code: ExerciseRunner.Code
  /// Another folder of an exercise, by id: `Shortcuts/cache-the-hour` is how `verify` proves a
  /// wrong answer fails.
  public var folders: [String: String]
  /// Test files (paths from the course root) the build leaves out: the learner's own, when a
  /// check grades against the shipped tests only.
  public var leftOut: [String]
  /// More folders of an exercise, by id, each built beside the exercise's own code into
  /// modules of their own: every shortcut of a course in one build. For a write-the-test
  /// exercise, a variant is tests, judged against the subject and each planted bug.
  public var variants: [String: [String]]
  /// Planted bugs, by exercise id, that ditutor builds as libraries of its own (see
  /// ``PlantedBugLibraries``): the package makes no module for them, in the exercise's tests or
  /// in any variant's. Only for an exercise whose subject is a module of its own.
  public var libraryBugs: [String: Set<String>]

  public init(
    exercises: [Exercise], code: ExerciseRunner.Code = .sources, folders: [String: String] = [:], leftOut: [String] = [],
    variants: [String: [String]] = [:], libraryBugs: [String: Set<String>] = [:]
  ) {
    self.exercises = exercises
    self.code = code
    self.folders = folders
    self.leftOut = leftOut
    self.libraryBugs = libraryBugs.filter { id, bugs in
      !bugs.isEmpty && exercises.contains { $0.id == id && $0.subjectModule != nil }
    }
    self.variants = variants.filter { id, folders in
      !folders.isEmpty && exercises.contains { $0.id == id }
    }
  }

  /// `environment` with this selection's variables set (and any left over from another
  /// selection removed).
  public func applied(to environment: [String: String]) -> [String: String] {
    var variables = environment
    for name in Self.variableNames { variables[name] = nil }
    variables["DITUTOR_EXERCISES"] = exercises.map(\.id).joined(separator: ",")
    variables["DITUTOR_CODE"] = ([code.rawValue] + folders.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
      .joined(separator: ",")
    if !leftOut.isEmpty { variables["DITUTOR_LEAVE_OUT"] = leftOut.joined(separator: ",") }
    // A write-the-test exercise's variant names the planted bugs it is run against
    // (`id:Shortcuts/x@bug+bug`, `@` alone for none) when it is not run against every one.
    let variantEntries = exercises.flatMap { exercise in
      (variants[exercise.id] ?? []).map { variant in
        let bugs = exercise.plantedBugs(judging: variant)
        let suffix = exercise.kind == .tests && bugs != exercise.mutants ? "@" + bugs.map(\.name).joined(separator: "+") : ""
        return "\(exercise.id):\(variant)\(suffix)"
      }
    }
    if !variantEntries.isEmpty { variables["DITUTOR_VARIANTS"] = variantEntries.joined(separator: ",") }
    let libraries = libraryBugs.flatMap { id, bugs in bugs.map { "\(id)/\($0)" } }.sorted()
    if !libraries.isEmpty { variables["DITUTOR_BUG_LIBRARIES"] = libraries.joined(separator: ",") }
    // The manifest does not read this one: SwiftPM reuses a manifest it has evaluated until the
    // manifest file or the environment changes, and a planted bug an author adds (a folder in
    // Mutants/, a test module of its own) must change the environment to be seen; so must a
    // subject made a module of its own (`subject:` in the front matter, `id=Module` here).
    let planted = exercises.flatMap { exercise in
      exercise.mutants.map { "\(exercise.id)/\($0.name)" } + (exercise.subjectModule.map { ["\(exercise.id)=\($0)"] } ?? [])
    }
    if !planted.isEmpty { variables["DITUTOR_PLANTED"] = planted.sorted().joined(separator: ",") }
    return variables
  }

  /// The modules the manifest makes of this selection: an exercise's code and its tests, or for
  /// a write-the-test exercise, its tests (compiled with the code they test) and one test module
  /// per planted bug; and, when its subject is a module of its own, that module and each bug's.
  public var modules: [String] {
    exercises.flatMap { exercise -> [String] in
      switch exercise.kind {
      case .tests:
        let modular = exercise.mutants.filter { !(libraryBugs[exercise.id]?.contains($0.name) ?? false) }
        return (exercise.subjectModule.map { [$0] + modular.map { exercise.mutantModuleName($0.name) } } ?? [])
          + [exercise.testModuleName] + modular.map { exercise.mutantTestModuleName($0.name) }
          + (variants[exercise.id] ?? []).flatMap { variant in
            [exercise.variantTestModuleName(variant)]
              + exercise.plantedBugs(judging: variant).filter { bug in modular.contains { $0.name == bug.name } }.flatMap { bug in
                [exercise.variantMutantTestModuleName(variant, bug.name)]
                  + (exercise.subjectModule == nil ? [] : [exercise.variantMutantModuleName(variant, bug.name)])
              }
          }
      default:
        return [exercise.moduleName, exercise.testModuleName]
          + (variants[exercise.id] ?? []).flatMap { [exercise.variantModuleName($0), exercise.variantTestModuleName($0)] }
      }
    }
  }
}
