/// Builds a configuration of the course again without SwiftPM, from what SwiftPM did the last
/// time it built it: the port behind a fast check.
///
/// The live one is `WarmBuilder`, in a module of its own (`Sources/WarmBuild/`), because it
/// leans on how SwiftPM lays out a build on Linux (its `debug.yaml` plan, the driver's
/// `-driver-print-jobs`, the `.xctest` test program). The composition root passes its maker to
/// ``ExerciseRunner``; where there is none (another platform, `DITUTOR_FAST_CHECK=0`), every
/// check is plain `swift test`, with the same verdicts.
public protocol RecordedBuilds: Sendable {
  /// What a build is of: the variables the manifest reads and the flags SwiftPM is given.
  typealias Configuration = [String: String]

  /// Whether `configuration` can be built from its record now: there is one, and nothing SwiftPM
  /// planned from has changed since.
  func canBuild(_ configuration: Configuration, swift: String) -> Bool

  /// Builds `configuration` from its record: only the steps whose inputs changed. With
  /// `planted`, the learner's tests of a write-the-test exercise are compiled once and run
  /// against each planted bug that only changes function bodies (see ``PlantedBugs``), instead
  /// of compiled again into a module per bug.
  ///
  /// `keepGoing`: a compile error in the learner's code stops only what depends on it, and the
  /// test program links without it (its exercise's verdict is the compile error; the others'
  /// come from the run).
  func rebuild(
    _ configuration: Configuration, exercises: [String], planted: [PlantedBugs], keepGoing: Bool, swift: String
  ) async throws -> RecordedBuild

  /// Runs `swiftPMBuild` (SwiftPM building `configuration`, which holds `exercises` and their
  /// test `modules`) and, when it says it built, records the build for next time; when it says
  /// it did not, forgets the configuration's record; when it says nil (cut short), leaves the
  /// record as it was. Files changed while SwiftPM built are not taken as built. `keep`: a
  /// grading lane's build, whose compiled modules are kept by what they were compiled from.
  func recording<Result: Sendable>(
    _ configuration: Configuration, exercises: [String], modules: [String], swift: String, keep: Bool,
    _ swiftPMBuild: () async throws -> (result: Result, built: Bool?)
  ) async throws -> Result

  /// Drops a configuration's record: its next build is SwiftPM's.
  func forget(_ configuration: Configuration)
}

/// How a build from a record ended.
public enum RecordedBuild: Sendable, Equatable {
  /// Everything is built: `output` is what the compiler printed (warnings); `stepsRun` of the
  /// plan's steps had to run.
  /// `bugRuns`: the test program's tests again, one run per planted bug, whose results stand for
  /// that bug's test module.
  case built(output: String, duration: Duration, testProgram: String, stepsRun: Int, bugRuns: [BugRun] = [])
  /// The check ends here, as `swift test` would have ended: the learner's code does not
  /// compile, or the build was cancelled.
  case stopped(ProcessOutcome)
  /// SwiftPM must build this time, and why (for `DITUTOR_TRACE`).
  case needsPackageManager(String)
}

/// Makes the recorded builds of one build folder: the course root, the build folder, and the
/// environment SwiftPM runs with.
public typealias MakeRecordedBuilds = @Sendable (_ root: String, _ scratch: String, _ environment: [String: String]) ->
  any RecordedBuilds

/// A write-the-test exercise as a recorded build sees it: the module that compiles the learner's
/// tests with the subject, and each planted bug's module and code.
///
/// A planted bug differs from the subject only inside function bodies (almost always): the
/// learner's tests, compiled once against the subject, can run against the bug's code built
/// as a shared library under the subject's module name. The tests compile once per edit,
/// instead of once per bug (eleven times for `checkout-audit`). A bug whose interface differs
/// (a stored property added, where the tests' compiled code knows the type's layout) keeps its
/// module of its own. A subject that is a module of its own, built with library evolution
/// (``subjectModule``), hides its layout from the tests: there, only a change to its public API
/// keeps a bug apart.
public struct PlantedBugs: Sendable, Equatable {
  public struct Bug: Sendable, Equatable {
    /// The bug's test module (``Exercise/mutantTestModuleName(_:)``), whose results a run stands for.
    public var testModule: String
    public var files: [String]
    /// The bug's own module, which its tests import (``Exercise/mutantModuleName(_:)``), when the
    /// subject is a module of its own.
    public var codeModule: String?

    public init(testModule: String, files: [String], codeModule: String? = nil) {
      self.testModule = testModule
      self.files = files
      self.codeModule = codeModule
    }

    /// The bug's modules in a build: its tests', and its own when it has one.
    public var modules: [String] { [testModule] + (codeModule.map { [$0] } ?? []) }
  }

  /// The module of the learner's tests (``Exercise/testModuleName``), and of the subject too when
  /// ``subjectModule`` is nil.
  public var testModule: String
  /// The subject's files, absolute.
  public var subject: [String]
  public var bugs: [Bug]
  /// The subject's module, when it is one of its own (``Exercise/subjectModule``).
  public var subjectModule: String?

  public init(testModule: String, subject: [String], bugs: [Bug], subjectModule: String? = nil) {
    self.testModule = testModule
    self.subject = subject
    self.bugs = bugs
    self.subjectModule = subjectModule
  }

  /// The module the subject's code compiles in, and a bug's library is built under.
  public var codeModule: String { subjectModule ?? testModule }
}

/// One more run of a built test program, against a planted bug's code in `libraryPath`: its
/// tests report `testModule` and stand for `module`'s. With no `libraryPath`, the bug is compiled
/// into the program, and the run is of its tests (`module`, the same as `testModule`) alone.
public struct BugRun: Sendable, Equatable {
  public var module: String
  public var testModule: String
  public var program: String
  public var libraryPath: String
  /// How to run it without a process of its own, when there is a way (see ``Launch``).
  public var launch: Launch?

  public init(module: String, testModule: String, program: String, libraryPath: String, launch: Launch? = nil) {
    self.module = module
    self.testModule = testModule
    self.program = program
    self.libraryPath = libraryPath
    self.launch = launch
  }

  /// The same run through a test launcher (see ``LaunchedRuns``): `tests`, the program's tests
  /// as a shared library, run in a child of `launcher` that first loads `libraries` (the bug's,
  /// then any other subject's the tests need).
  public struct Launch: Sendable, Equatable {
    public var launcher: String
    public var tests: String
    public var libraries: [String]

    public init(launcher: String, tests: String, libraries: [String]) {
      self.launcher = launcher
      self.tests = tests
      self.libraries = libraries
    }
  }
}
