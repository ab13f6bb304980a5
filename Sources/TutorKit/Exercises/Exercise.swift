/// One exercise: a folder in `Exercises/` with the learner's files, a test suite, a starter and a
/// reference solution. Its task and hints are in the folder's `README.md`.
///
/// ```text
/// Exercises/greeting-clock/
///   README.md      front matter (title, difficulty, kind), the task, then "## Hints"
///   Sources/       the learner's files: they edit these
///   Starter/       the files as shipped; `reset` copies them back, `verify` checks they fail
///   Solution/      the reference, with the same file names as Starter/
///   Tests/         the Swift Testing suite, compiled against Sources/ (or Solution/)
///   Shortcuts/     tempting wrong answers, one folder each (a README.md line and the files);
///                  `verify` proves the tests reject every one
/// ```
///
/// A write-the-test exercise (`kind: tests`) turns this around: the learner's files are tests,
/// `Subject/` is the code they test, and `Mutants/<name>/` are planted bugs (a README.md line and
/// the subject's files with the bug in). Its tests must pass on `Subject/` and fail on every
/// mutant. When its front matter names a module (`subject: Showtimes`), the subject is a library
/// of that name, built with library evolution, which the tests import; `Rules/` then holds what
/// every module of its tests must declare itself (see `Package.swift`).
public struct Exercise: Sendable, Equatable, Identifiable {
  /// What the learner writes.
  public enum Kind: String, Sendable, Equatable, CaseIterable {
    /// Code against the shipped tests (the default).
    case code
    /// Code against the shipped tests, from a starter with no seam at all: the tests call an API
    /// the learner still has to create, so the starter does not compile against them.
    case seam
    /// Tests, judged against the subject and its planted bugs.
    case tests
  }

  /// A folder of alternative code: a shortcut (a wrong solution the tests must reject) or a
  /// mutant (a bug the learner's tests must catch).
  public struct Variant: Sendable, Equatable {
    /// The folder's name, `cache-the-hour`.
    public var name: String
    /// What it does wrong, in one line (its README.md).
    public var summary: String
    /// A write-the-test exercise's shortcut (a weak suite): the planted bugs it lets through,
    /// from its README's `Misses:` line; `verify` judges it against those alone (none: against
    /// the subject alone, where it fails). Empty when the README says nothing: every bug.
    public var misses: [String]?

    public init(name: String, summary: String, misses: [String]? = nil) {
      self.name = name
      self.summary = summary
      self.misses = misses
    }
  }

  public var id: String
  public var title: String
  public var difficulty: Int
  public var kind: Kind
  /// The id of the lesson that lists this exercise.
  public var lessonID: String
  public var task: Document
  /// From a gentle nudge to nearly the answer.
  public var hints: [Document]
  /// Names of the learner's files, relative to `Sources/`.
  public var files: [String]
  public var shortcuts: [Variant]
  /// The planted bugs of a `kind: tests` exercise.
  public var mutants: [Variant]
  /// A `kind: tests` exercise's subject as a module of its own (its front matter's `subject:`),
  /// which the tests import; nil when the subject is compiled into the tests' module.
  public var subjectModule: String?

  public init(
    id: String, title: String, difficulty: Int = 1, kind: Kind = .code, lessonID: String, task: Document,
    hints: [Document], files: [String], shortcuts: [Variant] = [], mutants: [Variant] = [], subjectModule: String? = nil
  ) {
    self.id = id
    self.title = title
    self.difficulty = difficulty
    self.kind = kind
    self.lessonID = lessonID
    self.task = task
    self.hints = hints
    self.files = files
    self.shortcuts = shortcuts
    self.mutants = mutants
    self.subjectModule = subjectModule
  }

  /// The Swift module the exercise compiles to: `greeting-clock` → `GreetingClock`.
  public var moduleName: String { Self.moduleName(for: id) }
  public var testModuleName: String { moduleName + "Tests" }

  public var folder: String { "Exercises/\(id)" }
  public var sourcesFolder: String { "\(folder)/Sources" }
  public var starterFolder: String { "\(folder)/Starter" }
  public var solutionFolder: String { "\(folder)/Solution" }
  public var testsFolder: String { "\(folder)/Tests" }
  /// The code a `kind: tests` exercise's tests run against.
  public var subjectFolder: String { "\(folder)/Subject" }
  public func shortcutFolder(_ name: String) -> String { "\(folder)/Shortcuts/\(name)" }
  public func mutantFolder(_ name: String) -> String { "\(folder)/Mutants/\(name)" }
  /// What every module of the tests of a write-the-test exercise with a ``subjectModule``
  /// compiles beside them (a function shadowing Testing's must be declared where it is called).
  public var rulesFolder: String { "\(folder)/Rules" }

  /// A planted bug's own module, when the subject is a module of its own (``subjectModule``):
  /// `ShowtimesModelTestsMutantKeepsTheFirstDay`, imported by the bug's tests under the subject's name.
  public func mutantModuleName(_ mutant: String) -> String {
    moduleName + "Mutant" + Self.moduleName(for: mutant)
  }

  /// The test module that runs the learner's tests against a mutant (`kind: tests`), as
  /// `Package.swift` names it: `PaymentRetryMutantChargesTwiceTests`.
  /// The module another folder of the exercise builds into when it is built beside the
  /// exercise's own code (`GreetingClockShortcutsCacheTheHour`; see `DITUTOR_VARIANTS` in
  /// `Package.swift`), and its tests' module.
  public func variantModuleName(_ folder: String) -> String {
    moduleName + Self.moduleName(for: folder)
  }

  public func variantTestModuleName(_ folder: String) -> String {
    variantModuleName(folder) + "Tests"
  }

  /// The folder `verify` builds beside the reference as a variant, to prove the starter fails
  /// without a build of its own (a seam starter, which does not compile, is checked alone).
  public static let starterVariant = "Starter"

  /// The planted bugs a variant's tests (a shortcut, `Shortcuts/<name>`) are run against: those
  /// its README says it misses, or every one; for the learner's own tests (nil), every one.
  /// Proving that a weak suite fails takes one bug it lets through, not every bug: a course's
  /// `verify` builds a module per shortcut and bug, and the write-the-test exercises' shortcuts
  /// were most of its build. The starter's tests (``starterVariant``) meet the first bug only: a
  /// starter catches next to nothing, and `verify` judges it against every bug when it catches
  /// that one.
  public func plantedBugs(judging variant: String?) -> [Variant] {
    if variant == Self.starterVariant { return Array(mutants.prefix(1)) }
    guard let variant, let misses = shortcuts.first(where: { "Shortcuts/\($0.name)" == variant })?.misses else { return mutants }
    return mutants.filter { misses.contains($0.name) }
  }

  /// A write-the-test exercise's variant (other tests) run against a planted bug.
  public func variantMutantTestModuleName(_ folder: String, _ mutant: String) -> String {
    variantMutantModuleName(folder, mutant) + "Tests"
  }

  /// A planted bug's module for a variant's tests alone, when the subject is a module of its own:
  /// `verify` runs every variant in one process, and a bug that keeps process-wide state (a
  /// `static` cache) must not carry one suite's calls into another's.
  public func variantMutantModuleName(_ folder: String, _ mutant: String) -> String {
    variantModuleName(folder) + "Mutant" + Self.moduleName(for: mutant)
  }

  /// The folder of links a variant's own copy of a planted bug builds from
  /// (``variantMutantModuleName(_:_:)``), beside its tests' `<variant>--<bug>`.
  public static func variantMutantCodeFolder(_ folder: String, _ mutant: String) -> String {
    variantLinkFolder(folder) + "--" + mutant + "--code"
  }

  /// The folder, under `.build/ditutor-variants/<exercise>/`, of links to the tests that a
  /// variant's test module compiles (and, for a write-the-test exercise, `<this>--<bug>`).
  public static func variantLinkFolder(_ folder: String) -> String {
    folder.replacingOccurrences(of: "/", with: "-")
  }

  public func mutantTestModuleName(_ mutant: String) -> String {
    mutantModuleName(mutant) + "Tests"
  }

  public static func moduleName(for id: String) -> String {
    id.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
      .map { $0.prefix(1).uppercased() + $0.dropFirst() }
      .joined()
  }
}

/// The learner's state of one exercise, as `progress` and `list --format json` show it.
public enum ExerciseStatus: String, Codable, Sendable, Equatable {
  case notStarted = "not-started"
  case failed
  case passed
}
