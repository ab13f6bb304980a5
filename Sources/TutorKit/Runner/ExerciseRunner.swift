import Foundation

/// Checks exercises with plain `swift test`, one exercise's targets at a time (see the comment at
/// the top of `Package.swift`), and turns what happened into a ``Verdict``.
///
/// It never trusts the human-readable test output: results come from Swift Testing's event
/// stream, compiler errors from the compiler's `file:line:col:` lines.
public struct ExerciseRunner: Sendable {
  /// Where a check is (see ``TutorKit/CheckPhase``); kept under this name for callers that
  /// knew it here.
  public typealias CheckPhase = TutorKit.CheckPhase

  /// Which files an exercise target compiles (for a `kind: tests` exercise: which tests).
  public enum Code: String, Sendable {
    case sources, starter, solution

    /// The folder of the exercise that holds that code.
    public var folder: String {
      switch self {
      case .sources: "Sources"
      case .starter: "Starter"
      case .solution: "Solution"
      }
    }
  }

  /// Where the folders of a write-the-test exercise's planted bugs are put together, relative to
  /// the course root (see `Package.swift`).
  public static let variantsFolder = ".build/ditutor-variants"

  public static let defaultTimeout: Duration = .seconds(60)

  private let root: String
  private let processes: any ProcessRunner
  private let fileSystem: any FileSystem
  private let environment: [String: String]
  private let scratchFolder: String
  private let shippedTestsOnly: Bool
  private let recordedBuilds: MakeRecordedBuilds?
  private let trace: (@Sendable (String) -> Void)?
  private let wholeModule: Bool
  private let wholeModuleCode: Bool
  private let bugsFromLibraries: Bool

  /// - Parameters:
  ///   - environment: the variables `swift` runs with (the caller's own, usually).
  ///   - scratchFolder: the build folder, relative to `root`; kept apart from the tool's own
  ///     `.build` so a check never waits for, or invalidates, a build of ditutor.
  ///   - shippedTestsOnly: grade as an autograder must: test files the learner added are left
  ///     out, and a shipped test the learner changed or removed fails the check.
  ///   - wholeModule: compile each module whole, in one job (``wholeModuleFlags``): for builds of
  ///     many modules side by side, where nothing waits on an interface emitted early and a
  ///     separate emit-module job only doubles the type checking (`verify`: a third less time
  ///     cold). Not for a learner's check, where the tests start compiling as soon as the
  ///     exercise's interface is out, nor for a grading lane, whose planted bugs' libraries need
  ///     the tests compiled file by file.
  ///   - wholeModuleCode: compile each exercise's code whole, in one job, and the tests file by
  ///     file (`DITUTOR_WHOLE_MODULE=code`): a grading lane, where a learner after the first
  ///     compiles every exercise they changed at once, and a module of one or two files costs
  ///     half as many compiler processes (each of which loads Foundation first); its planted bugs'
  ///     libraries still come from the tests' jobs file by file.
  ///   - bugsFromLibraries: run each set of a write-the-test exercise's tests, compiled once,
  ///     against the planted bugs as libraries ditutor builds itself, where the subject is a module
  ///     of its own (see ``PlantedBugLibraries``): `verify`, where SwiftPM would compile every
  ///     shortcut's tests again for each bug it meets.
  ///   - recordedBuilds: makes the fast path's builds (see ``RecordedBuilds``): a check of the
  ///     learner's own code that SwiftPM has built before compiles, links and tests without it.
  ///     Nil: every check is `swift test`.
  ///   - trace: hears, in a line, how each check was built and why (`DITUTOR_TRACE=1`).
  public init(
    root: String, processes: any ProcessRunner, fileSystem: any FileSystem, environment: [String: String],
    scratchFolder: String = ".build/exercises", shippedTestsOnly: Bool = false, wholeModule: Bool = false,
    wholeModuleCode: Bool = false, bugsFromLibraries: Bool = false, recordedBuilds: MakeRecordedBuilds? = nil,
    trace: (@Sendable (String) -> Void)? = nil
  ) {
    self.root = root
    self.processes = processes
    self.fileSystem = fileSystem
    // Everything a check starts carries the build folder's name, and so does everything those
    // programs start: how a later ditutor finds what a killed one left running.
    self.environment = environment.merging([Self.ownerVariable: FilePath.join(root, scratchFolder)]) { $1 }
    self.scratchFolder = scratchFolder
    self.shippedTestsOnly = shippedTestsOnly
    self.wholeModule = wholeModule
    self.wholeModuleCode = wholeModuleCode
    self.bugsFromLibraries = bugsFromLibraries
    self.recordedBuilds = recordedBuilds
    self.trace = trace
  }

  /// The flags every build of a check passes to SwiftPM (and so part of what a recorded build
  /// was made with): diagnostics as `file:line:column: error:` lines, which the runner reads;
  /// and an index of the course's own code only. SwiftPM's test discovery on Linux reads the
  /// index, so it cannot be turned off, but nobody looks up Foundation's or Swift Testing's
  /// symbols in a check's build folder, and indexing them again in every module's compile job
  /// was a third of a cold build (six exercises: 28 to 31 s with it, 21 s without).
  static let buildFlags = ["-Xswiftc", "-diagnostic-style=llvm", "-Xswiftc", "-index-ignore-system-modules"]

  /// What a runner made with `wholeModule` adds (see ``init(root:processes:fileSystem:environment:scratchFolder:shippedTestsOnly:wholeModule:recordedBuilds:trace:)``):
  /// each module in one compiler process, its declarations type-checked once instead of twice
  /// (by the compile and by a separate emit-module job), with one thread of code generation so
  /// each file keeps the object the link expects.
  static let wholeModuleFlags = ["-wmo", "-num-threads", "1", "-no-emit-module-separately-wmo"].flatMap { ["-Xswiftc", $0] }

  /// What builds nobody debugs add (`verify`'s, a grading lane's): no debug information, a
  /// twentieth of a cold build's time.
  static let noDebuggerFlags = ["-Xswiftc", "-gnone"]

  private var flags: [String] {
    Self.buildFlags + (wholeModule ? Self.wholeModuleFlags : []) + (wholeModule || wholeModuleCode ? Self.noDebuggerFlags : [])
  }

  private var scratch: String { FilePath.join(root, scratchFolder) }

  private var buildFolder: BuildFolder {
    BuildFolder(root: root, scratch: scratch, fileSystem: fileSystem, processes: processes, trace: trace)
  }

  private var warmBuilds: (any RecordedBuilds)? {
    recordedBuilds?(root, scratch, environment)
  }


  /// The variable that marks the programs a check started (its value: the build folder).
  static let ownerVariable = "DITUTOR_BUILD_FOLDER"

  /// Stops what a killed ditutor's check left running in this checkout, unless a check of
  /// another window is running now (then it is that one's). For ditutor's start.
  public func stopLeftoversIfIdle() {
    buildFolder.stopLeftoversIfIdle()
  }

  /// The variables the manifest reads for a check, and the flags: what a recorded build is of.
  func configuration(of variables: [String: String]) -> RecordedBuilds.Configuration {
    var configuration = variables.filter { PackageSelection.variableNames.contains($0.key) }
    configuration["flags"] = flags.joined(separator: " ")
    return configuration
  }

  /// Whether SwiftPM built the exercise in this folder before. Every build makes the test
  /// module's folder, whatever the kind: a write-the-test exercise has no other module (its
  /// subject is compiled into its tests), and a seam exercise's first build stops at its tests.
  public func hasBuilt(_ exercise: Exercise) -> Bool {
    [exercise.testModuleName, exercise.moduleName].contains { module in
      fileSystem.directoryExists(at: FilePath.join(root, scratchFolder, "debug", module + ".build"))
    }
  }

  /// Whether the exercise's next check would need SwiftPM: it was never built, or (with fast
  /// checks) what SwiftPM built last no longer stands (a new manifest, a file added).
  public func needsWarming(_ exercise: Exercise) -> Bool {
    guard hasBuilt(exercise) else { return true }
    // Without fast checks (or a toolchain) there is nothing to warm.
    guard warmBuilds != nil, processes.locate("swift") != nil else { return false }
    return !canBuildWithoutSwiftPM([exercise])
  }

  /// Whether a check of `exercises` (the learner's own code) can be built from its record now,
  /// without SwiftPM: then an exercise that does not compile stops only itself (see
  /// ``RecordedBuilds/rebuild(_:exercises:planted:keepGoing:swift:)``).
  public func canBuildWithoutSwiftPM(_ exercises: [Exercise]) -> Bool {
    guard let warm = warmBuilds, let swift = processes.locate("swift") else { return false }
    return warm.canBuild(configuration(of: learnersVariables(for: exercises)), swift: swift)
  }

  /// The variables of a check of the learner's own code, as `check` sets them.
  private func learnersVariables(for exercises: [Exercise]) -> [String: String] {
    variables(of: PackageSelection(exercises: exercises, code: .sources))
  }

  /// The variables a build of `selection` runs with.
  private func variables(of selection: PackageSelection) -> [String: String] {
    var variables = selection.applied(to: environment)
    if wholeModuleCode { variables[PackageSelection.wholeModuleVariable] = "code" }
    return variables
  }

  /// Compiles the exercise and its tests into the check's build folder, with the check's own
  /// flags, so the first `check` only relinks (or, with fast checks, needs no SwiftPM at all).
  /// Failures are left for that check to report.
  public func prepare(_ exercise: Exercise) async {
    guard let swift = processes.locate("swift"), let lock = try? await buildFolder.lock() else { return }
    defer { lock.release() }
    guard (try? buildFolder.claim()) != nil else { return }
    let variables = learnersVariables(for: [exercise])
    let configuration = configuration(of: variables)
    let request = ProcessRequest(
      executable: swift,
      arguments: ["build", "--build-tests", "--package-path", root, "--scratch-path", scratch] + flags,
      environment: variables, workingDirectory: root, timeout: .seconds(600), outputLimit: 64 << 10)
    guard let warm = warmBuilds else {
      _ = try? await processes.run(request)
      return
    }
    _ = try? await warm.recording(configuration, exercises: [exercise.id], modules: [exercise.testModuleName], swift: swift, keep: false) {
      let outcome = try await processes.run(request)
      return ((), outcome.ending == .cancelled ? nil : outcome.ending == .exited(0))
    }
  }

  /// Builds `exercises`, the learner's code as it is in this folder now, from the build's record,
  /// going on past what does not compile, and runs nothing: its compile steps are kept for later
  /// checks of the same inputs (a grading lane's, see `WarmBuilder+KeptSteps.swift`). Does
  /// nothing when the record cannot build them without SwiftPM.
  public func buildForLaterChecks(_ exercises: [Exercise]) async throws {
    guard let warm = warmBuilds, let swift = processes.locate("swift") else { return }
    let folder = buildFolder
    let lock = try await folder.lock()
    defer { lock.release() }
    let configuration = configuration(of: learnersVariables(for: exercises))
    guard try !folder.claim(), warm.canBuild(configuration, swift: swift) else { return }
    for exercise in exercises where exercise.kind == .tests {
      try MutantWorkspace(root: root, scratch: scratch, fileSystem: fileSystem).prepare(exercise, testsIn: Code.sources.folder)
    }
    let built = try await warm.rebuild(
      configuration, exercises: exercises.map(\.id), planted: exercises.filter { $0.kind == .tests }.map(plantedBugs(of:)),
      keepGoing: true, swift: swift)
    if case .built(_, let duration, _, let stepsRun, _) = built {
      trace?("the course as it is now, compiled for later checks: \(stepsRun) step\(stepsRun == 1 ? "" : "s") ran, in \(String(format: "%.2f s", duration.seconds))")
    }
  }

  /// Builds and tests one exercise. `folder` overrides `code` with another folder of the
  /// exercise (`Shortcuts/cache-the-hour`).
  public func check(
    _ exercise: Exercise, code: Code = .sources, folder: String? = nil, timeout: Duration = defaultTimeout,
    progress: @escaping @Sendable (CheckPhase) -> Void = { _ in }
  ) async throws -> Verdict {
    try await check(
      [exercise], code: code, folders: folder.map { [exercise.id: $0] } ?? [:], timeout: timeout, progress: progress
    )[exercise.id]!
  }

  /// The key of a variant's verdict among those ``check(_:code:folders:variants:timeout:progress:)``
  /// returns: the exercise id and the folder, `greeting-clock Shortcuts/cache-the-hour`.
  public static func variantKey(_ id: String, _ folder: String) -> String {
    "\(id) \(folder)"
  }

  /// Builds and tests several exercises in one `swift test`; each gets its own verdict, and so
  /// does each of `variants` (more folders of an exercise, built beside it: see
  /// ``PackageSelection/variants``), under its ``variantKey(_:_:)``.
  ///
  /// A build folder made in another place (the checkout was moved or copied) is rebuilt first:
  /// the compiler's module cache remembers absolute paths, and its complaint is never the
  /// learner's fault.
  ///
  /// `repeated`: a selection of several exercises that later checks will ask for again (a
  /// grading lane's course, learner after learner): like a single exercise of the learner's own,
  /// it is built without SwiftPM when a record allows, and recorded when not.
  ///
  /// `testing`: the exercises whose tests run, when not all: the others are built (the selection
  /// stays the one a record was made of) but not tested, and get no verdict. A grading lane
  /// tests only the exercises whose results it does not keep.
  public func check(
    _ exercises: [Exercise], code: Code, folders: [String: String] = [:], variants: [String: [String]] = [:],
    repeated: Bool = false, testing: Set<String>? = nil, timeout: Duration = defaultTimeout,
    progress: @escaping @Sendable (CheckPhase) -> Void = { _ in }
  ) async throws -> [String: Verdict] {
    let variants = PackageSelection(exercises: exercises, code: code, variants: variants).variants
    // A learner who moved their file out of Sources/ gets SwiftPM's complaint about where a
    // target's files belong and a mangled linker symbol; say what happened instead.
    let empty = exercises.filter { exercise in
      !hasSwiftFile(under: FilePath.join(root, exercise.folder, folders[exercise.id] ?? code.folder))
    }
    if !empty.isEmpty {
      var verdicts = Dictionary(uniqueKeysWithValues: empty.map { ($0.id, Self.nothingToBuild($0, folder: folders[$0.id] ?? code.folder)) })
      let rest = exercises.filter { exercise in !empty.contains { $0.id == exercise.id } }
      if !rest.isEmpty {
        verdicts.merge(
          try await check(
            rest, code: code, folders: folders, variants: variants, repeated: repeated, testing: testing, timeout: timeout,
            progress: progress)
        ) { $1 }
      }
      return verdicts.filter { testing?.contains($0.key) ?? true }
    }
    guard let swift = processes.locate("swift") else { throw RunnerError.swiftMissing }
    let folder = buildFolder
    let lock = try await folder.lock(progress: progress)
    defer { lock.release() }
    if try folder.claim() { progress(.rebuildingMovedCheckout) }
    let learnerFolders = Dictionary(uniqueKeysWithValues: exercises.map { ($0.id, folders[$0.id] ?? code.folder) })
    for exercise in exercises where exercise.kind == .tests {
      try MutantWorkspace(root: root, scratch: scratch, fileSystem: fileSystem)
        .prepare(exercise, testsIn: learnerFolders[exercise.id]!)
    }
    for exercise in exercises {
      for variant in variants[exercise.id] ?? [] {
        try MutantWorkspace(root: root, scratch: scratch, fileSystem: fileSystem).linkTests(of: exercise, for: variant)
      }
    }
    // The variants' tests run after the exercises' own, in the same program: the time limit
    // grows with the rounds of variants it stands for.
    let rounds = 1 + (variants.values.map(\.count).max() ?? 0)
    // The learner's own code runs against tests that may not be the shipped ones.
    let shipped = code == .sources ? ShippedTests.load(root: root, fileSystem: fileSystem) : nil
    var changes: [String: ShippedTests.Changes] = [:]
    for exercise in exercises where folders[exercise.id] == nil {
      if let found = shipped?.changes(to: exercise, root: root, fileSystem: fileSystem), !found.isEmpty { changes[exercise.id] = found }
    }
    let leftOut = shippedTestsOnly ? changes.values.flatMap(\.added) : []
    progress(.compiling)
    let libraries = bugsFromLibraries ? try await bugLibraries(swift: swift).build(exercises) : [:]
    // A run again after a crash (below) tests what the first run built: nothing changed since.
    let built = BuiltOnce()
    // The test modules of the exercises not tested, and of their planted bugs.
    let untested = exercises.filter { !(testing?.contains($0.id) ?? true) }.flatMap { exercise in
      [exercise.testModuleName] + exercise.mutants.map { exercise.mutantTestModuleName($0.name) }
    }
    // The planted bugs compiled into the test program (their tests in a module of their own).
    let mutantModules = Set(
      exercises.flatMap { exercise in
        exercise.mutants.filter { libraries[exercise.id]?.bugs[$0.name] == nil }.flatMap { mutant in
          [exercise.mutantTestModuleName(mutant.name)]
            + (variants[exercise.id] ?? []).filter { exercise.plantedBugs(judging: $0).contains(mutant) }
            .map { exercise.variantMutantTestModuleName($0, mutant.name) }
        }
      })
    let run = { [self] (skipping: [String]) in
      try await runTests(
        exercises, code: code, folders: folders, variants: variants, leavingOut: leftOut, libraries: libraries,
        skipping: untested + skipping, apart: mutantModules, repeated: repeated, built: built, timeout: timeout * rounds,
        swift: swift, progress: progress)
    }
    var (outcome, stream) = try await run([])
    if BuildFolder.isFromAnotherPlace(outcome) {
      progress(.rebuildingMovedCheckout)
      try folder.empty()
      progress(.compiling)
      (outcome, stream) = try await run([])
    }
    // A learner's test that crashes on a planted bug (an index out of range on a spy that was
    // never called) catches that bug, but ends the run: the rest is tried in a run that skips
    // the crashed module and every module already done, so each run goes on where the last one
    // stopped. (A bug run from a library is a process of its own: its crash stops nothing else;
    // so, in a run without SwiftPM, is each of these.)
    var skipped: [String] = []
    var events = stream ?? ""
    // Read once per run, here and for the verdicts: a course's stream is thousands of lines.
    var sofar = EventStream(events)
    while !mutantModules.isEmpty, case .exited = outcome.ending,
      let crashed = sofar.crashedModule(among: mutantModules.subtracting(skipped))
    {
      skipped.append(crashed)
      let left = sofar.modules.subtracting(skipped).subtracting(sofar.finishedModules)
      guard !left.isEmpty else { break }
      let rerun = try await run(skipped + sofar.finishedModules.subtracting(skipped).sorted())
      outcome.ending = rerun.0.ending
      events += "\n" + (rerun.1 ?? "")
      sofar = EventStream(events)
    }
    var verdicts: [String: Verdict] = [:]
    let read = VerdictReader.Run(outcome: outcome, stream: sofar, root: root)
    for exercise in exercises where testing?.contains(exercise.id) ?? true {
      var verdict = VerdictReader.verdict(
        for: exercise, code: code, learnerFolder: learnerFolders[exercise.id]!, outcome: outcome, run: read, root: root,
        timeout: timeout)
      verdict.diagnostics = verdict.diagnostics.map { diagnostic in
        var diagnostic = diagnostic
        diagnostic.advice = SeamAdvice.line(for: diagnostic, exercise: exercise, learnerFolder: learnerFolders[exercise.id]!, source: sourceLine(diagnostic))
        return diagnostic
      }
      if let changed = changes[exercise.id] {
        verdict.testsChanged = changed
        if shippedTestsOnly && changed.altersShippedTests && verdict.status != .cancelled {
          // Graded against tests the learner rewrote: whatever they say, it is not a pass.
          verdict.status = .failed
          verdict.tests.insert(
            Verdict.TestResult(
              name: "(shipped tests changed)", status: .failed,
              message: "The shipped tests were changed (\((changed.modified + changed.removed).joined(separator: ", "))), so this result cannot count. Put them back as they shipped."),
            at: 0)
        }
      }
      verdicts[exercise.id] = verdict
      for variant in variants[exercise.id] ?? [] {
        verdicts[Self.variantKey(exercise.id, variant)] = VerdictReader.verdict(
          for: exercise, code: code, variant: variant, outcome: outcome, run: read, root: root, timeout: timeout)
      }
    }
    return verdicts
  }

  /// A write-the-test exercise's subject and planted bugs, by their files, for a recorded build.
  private func plantedBugs(of exercise: Exercise) -> PlantedBugs {
    func swiftFiles(_ folder: String) -> [String] {
      PlantedBugLibraries.swiftFiles(in: folder, root: root, fileSystem: fileSystem)
    }
    return PlantedBugs(
      testModule: exercise.testModuleName, subject: swiftFiles(exercise.subjectFolder),
      bugs: exercise.mutants.map { mutant in
        PlantedBugs.Bug(
          testModule: exercise.mutantTestModuleName(mutant.name), files: swiftFiles(exercise.mutantFolder(mutant.name)),
          codeModule: exercise.subjectModule == nil ? nil : exercise.mutantModuleName(mutant.name))
      },
      subjectModule: exercise.subjectModule)
  }

  private func hasSwiftFile(under folder: String) -> Bool {
    for name in (try? fileSystem.contentsOfDirectory(at: folder)) ?? [] where !name.hasPrefix(".") {
      let path = FilePath.join(folder, name)
      if name.hasSuffix(".swift") && fileSystem.fileExists(at: path) { return true }
      if fileSystem.directoryExists(at: path) && hasSwiftFile(under: path) { return true }
    }
    return false
  }

  static func nothingToBuild(_ exercise: Exercise, folder: String) -> Verdict {
    var verdict = Verdict(exercise: exercise.id, status: .compileError, durationSeconds: 0)
    verdict.problem =
      "`\(exercise.folder)/\(folder)/` holds no Swift file, so there is nothing to check. If you moved your file, move it back; `reset \(exercise.id)` puts the starter there again (anything in the folder is backed up first)."
    return verdict
  }

  private func sourceLine(_ diagnostic: Verdict.Diagnostic) -> String? {
    guard let text = try? fileSystem.readText(at: FilePath.join(root, diagnostic.file)) else { return nil }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    return diagnostic.line >= 1 && diagnostic.line <= lines.count ? String(lines[diagnostic.line - 1]) : nil
  }

  private func bugLibraries(swift: String) -> PlantedBugLibraries {
    PlantedBugLibraries(
      root: root, scratch: scratch, processes: processes, fileSystem: fileSystem, environment: environment, swift: swift, trace: trace)
  }

  private func runTests(
    _ exercises: [Exercise], code: Code, folders: [String: String], variants: [String: [String]], leavingOut: [String],
    libraries: [String: PlantedBugLibraries.Libraries], skipping: [String], apart: Set<String>, repeated: Bool, built: BuiltOnce,
    timeout: Duration, swift: String, progress: @escaping @Sendable (CheckPhase) -> Void
  ) async throws -> (ProcessOutcome, String?) {
    let events = FilePath.join(scratch, "ditutor-events-\(UUID().uuidString).jsonl")
    defer { try? fileSystem.removeItem(at: events) }

    let selection = PackageSelection(
      exercises: exercises, code: code, folders: folders, leftOut: leavingOut, variants: variants,
      libraryBugs: libraries.mapValues { Set($0.bugs.keys) })
    var variables = self.variables(of: selection)
    variables["SWIFT_BACKTRACE"] = "enable=no"  // a crash report is ours to write, and quicker
    let arguments =
      [
        "--package-path", root, "--scratch-path", scratch, "--disable-xctest", "--no-parallel",
        "--event-stream-output-path", events, "--event-stream-version", "0",
      ] + flags + skipping.flatMap { ["--skip", "^\($0)\\."] }
    let fileSystem = self.fileSystem
    let stream: @Sendable () -> String? = { fileSystem.fileExists(at: events) ? (try? fileSystem.readText(at: events)) : nil }
    // The learner's time limit covers the tests, not the compiler: it starts with the event
    // stream, and the run is over when the stream says so.
    let job = TestJob(
      exercises: exercises, variables: variables, arguments: arguments, configuration: configuration(of: variables),
      timeout: timeout, swift: swift, events: WatchedFile(path: events, endMarker: "\"runEnded\""), stream: stream,
      skipping: skipping, apart: apart, planted: exercises.filter { $0.kind == .tests }.map(plantedBugs(of:)),
      repeated: repeated, built: built)
    // The learner's own code, one exercise at a time: what the edit-check loop runs, again and
    // again, is tried without SwiftPM first; so is a selection that is `repeated` (a grading
    // lane's course, learner after learner), which also goes on past an exercise that does not
    // compile. Other checks (verify's solutions, starters and shortcuts) each build once.
    let warm = (exercises.count == 1 || repeated) && code == .sources && folders.isEmpty && variants.isEmpty ? warmBuilds : nil
    return try await withThrowingTaskGroup(of: Void.self) { group in
      // The status line says "Running the tests" once the stream appears.
      group.addTask {
        while !Task.isCancelled {
          if fileSystem.fileExists(at: events) { return progress(.testing) }
          try? await Task.sleep(for: .milliseconds(50))
        }
      }
      defer { group.cancelAll() }
      if let warm, let result = try await WarmRun(root: root, processes: processes, fileSystem: fileSystem, warm: warm, trace: trace).run(job) {
        return result
      }
      var (outcome, stream) = try await SwiftTestRun(root: root, processes: processes, warm: warm, trace: trace).run(job)
      // The planted bugs that are libraries, once the build is done and its tests ran.
      guard !libraries.isEmpty, let ran = stream, EventStream.runStarted(in: ran), outcome.ending != .cancelled else {
        return (outcome, stream)
      }
      let bugRuns = try await bugLibraries(swift: swift).runs(of: selection, libraries: libraries, skipping: Set(skipping))
      let runs = try await TestPrograms(root: root, processes: processes, fileSystem: fileSystem).run(nil, bugRuns: bugRuns, job: job)
      for failed in TestPrograms.join(runs, of: bugRuns, into: &outcome, events: &stream) {
        outcome.standardError += "\nerror: \(failed)\n"
      }
      if !runs.isEmpty {
        trace?("the tests compiled once ran against \(runs.count) planted bug\(runs.count == 1 ? "" : "s") from libraries")
      }
      return (outcome, stream)
    }
  }
}

public enum RunnerError: Error, CustomStringConvertible, Equatable {
  case swiftMissing

  public var description: String {
    switch self {
    case .swiftMissing:
      "ditutor checks exercises with `swift test`, but there is no `swift` on your PATH: install Swift (https://www.swift.org/install/) or add its `usr/bin` folder to PATH."
    }
  }
}

extension Duration {
  /// The duration in seconds, as a verdict and a trace line give it.
  var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
