import Foundation

/// Checks exercises with plain `swift test`, one exercise's targets at a time (see the comment at
/// the top of `Package.swift`), and turns what happened into a ``Verdict``.
///
/// It never trusts the human-readable test output: results come from Swift Testing's event
/// stream, compiler errors from the compiler's `file:line:col:` lines.
public struct ExerciseRunner: Sendable {
  /// Where a check is, for a progress line: the learner waits for the compiler, then the tests.
  public enum CheckPhase: Sendable, Equatable {
    /// Another ditutor (a second terminal) is checking in this checkout; this check waits its turn.
    case waitingForAnotherCheck
    case compiling
    /// The build folder came from another place (a moved or copied checkout) and starts afresh.
    case rebuildingMovedCheckout
    case testing
  }

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
  private let fastChecks: Bool
  private let trace: (@Sendable (String) -> Void)?

  /// - Parameters:
  ///   - environment: the variables `swift` runs with (the caller's own, usually).
  ///   - scratchFolder: the build folder, relative to `root`; kept apart from the tool's own
  ///     `.build` so a check never waits for, or invalidates, a build of ditutor.
  ///   - shippedTestsOnly: grade as an autograder must: test files the learner added are left
  ///     out, and a shipped test the learner changed or removed fails the check.
  ///   - fastChecks: a check of the learner's own code that SwiftPM has built before compiles,
  ///     links and tests without it (see ``WarmBuilder``); off, every check is `swift test`.
  ///   - trace: hears, in a line, how each check was built and why (`DITUTOR_TRACE=1`).
  public init(
    root: String, processes: any ProcessRunner, fileSystem: any FileSystem, environment: [String: String],
    scratchFolder: String = ".build/exercises", shippedTestsOnly: Bool = false, fastChecks: Bool = true,
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
    self.fastChecks = fastChecks
    self.trace = trace
  }

  /// The flags every build of a check passes to SwiftPM (and so part of what a recorded build
  /// was made with): diagnostics as `file:line:column: error:` lines, which the runner reads.
  static let buildFlags = ["-Xswiftc", "-diagnostic-style=llvm"]

  private var scratch: String { FilePath.join(root, scratchFolder) }

  private var warmBuilder: WarmBuilder {
    WarmBuilder(root: root, scratch: scratch, processes: processes, fileSystem: fileSystem, environment: environment)
  }

  /// The variable that marks the programs a check started (its value: the build folder).
  static let ownerVariable = "DITUTOR_BUILD_FOLDER"

  /// Held while a check or a warming build uses the build folder: two ditutor processes on one
  /// checkout (two terminals) take turns, as two `swift test` runs would. Beside the build
  /// folder, not in it, so that emptying the folder cannot free it. The learner hears when the
  /// turn is another window's, rather than watching "Compiling" count up.
  ///
  /// Once it is held, no other ditutor is building or testing here: a program still marked with
  /// this build folder belongs to a ditutor that was killed (a `swift-build` holding SwiftPM's
  /// own lock, a test spinning at 100 % CPU), and is stopped before anything starts.
  private func lockBuildFolder(progress: @Sendable (CheckPhase) -> Void = { _ in }) async throws -> any HeldLock {
    let path = scratch + ".lock"
    let folder = FilePath.parent(path)
    if !fileSystem.directoryExists(at: folder) { try fileSystem.createDirectory(at: folder) }
    let lock: any HeldLock
    if let free = try fileSystem.tryLock(at: path) {
      lock = free
    } else {
      progress(.waitingForAnotherCheck)
      lock = try await fileSystem.acquireLock(at: path)
    }
    stopLeftovers()
    return lock
  }

  private func stopLeftovers() {
    let stopped = processes.stopProcesses(carrying: Self.ownerVariable, value: scratch)
    if stopped > 0 { trace?("stopped \(stopped) program\(stopped == 1 ? "" : "s") that a killed ditutor left running") }
    // And the event streams of checks that never got to remove theirs.
    for name in (try? fileSystem.contentsOfDirectory(at: scratch)) ?? [] where name.hasPrefix("ditutor-events-") {
      try? fileSystem.removeItem(at: FilePath.join(scratch, name))
    }
  }

  /// Stops what a killed ditutor's check left running in this checkout, unless a check of
  /// another window is running now (then it is that one's). For ditutor's start.
  public func stopLeftoversIfIdle() {
    let path = scratch + ".lock"
    guard fileSystem.directoryExists(at: FilePath.parent(path)), let lock = try? fileSystem.tryLock(at: path) else { return }
    defer { lock.release() }
    stopLeftovers()
  }

  /// The variables the manifest reads for a check, and the flags: what a recorded build is of.
  static func configuration(of variables: [String: String]) -> WarmBuilder.Configuration {
    var configuration = variables.filter { PackageSelection.variableNames.contains($0.key) }
    configuration["flags"] = buildFlags.joined(separator: " ")
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
    guard fastChecks, let swift = processes.locate("swift") else { return false }
    return !warmBuilder.canBuild(Self.configuration(of: learnersVariables(for: exercise)), swift: swift)
  }

  /// The variables of a check of the learner's own code, as `check` sets them.
  private func learnersVariables(for exercise: Exercise) -> [String: String] {
    PackageSelection(exercises: [exercise], code: .sources).applied(to: environment)
  }

  /// Compiles the exercise and its tests into the check's build folder, with the check's own
  /// flags, so the first `check` only relinks (or, with fast checks, needs no SwiftPM at all).
  /// Failures are left for that check to report.
  public func prepare(_ exercise: Exercise) async {
    guard let swift = processes.locate("swift"), let lock = try? await lockBuildFolder() else { return }
    defer { lock.release() }
    guard (try? claimBuildFolder(scratch)) != nil else { return }
    let variables = learnersVariables(for: exercise)
    let configuration = Self.configuration(of: variables)
    let before = warmBuilder.snapshot(exercises: [exercise.id])
    let request = ProcessRequest(
      executable: swift,
      arguments: ["build", "--build-tests", "--package-path", root, "--scratch-path", scratch] + Self.buildFlags,
      environment: variables, workingDirectory: root, timeout: .seconds(600), outputLimit: 64 << 10)
    guard let outcome = try? await processes.run(request), outcome.ending != .cancelled, fastChecks else { return }
    await warmBuilder.record(
      configuration, exercises: [exercise.id], modules: [exercise.testModuleName], swift: swift,
      built: outcome.ending == .exited(0), before: before)
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

  /// Builds and tests several exercises in one `swift test`; each gets its own verdict.
  ///
  /// A build folder made in another place (the checkout was moved or copied) is rebuilt first:
  /// the compiler's module cache remembers absolute paths, and its complaint is never the
  /// learner's fault.
  public func check(
    _ exercises: [Exercise], code: Code, folders: [String: String] = [:], timeout: Duration = defaultTimeout,
    progress: @escaping @Sendable (CheckPhase) -> Void = { _ in }
  ) async throws -> [String: Verdict] {
    // A learner who moved their file out of Sources/ gets SwiftPM's complaint about where a
    // target's files belong and a mangled linker symbol; say what happened instead.
    let empty = exercises.filter { exercise in
      !hasSwiftFile(under: FilePath.join(root, exercise.folder, folders[exercise.id] ?? code.folder))
    }
    if !empty.isEmpty {
      var verdicts = Dictionary(uniqueKeysWithValues: empty.map { ($0.id, Self.nothingToBuild($0, folder: folders[$0.id] ?? code.folder)) })
      let rest = exercises.filter { exercise in !empty.contains { $0.id == exercise.id } }
      if !rest.isEmpty {
        verdicts.merge(try await check(rest, code: code, folders: folders, timeout: timeout, progress: progress)) { $1 }
      }
      return verdicts
    }
    guard let swift = processes.locate("swift") else { throw RunnerError.swiftMissing }
    let lock = try await lockBuildFolder(progress: progress)
    defer { lock.release() }
    if try claimBuildFolder(scratch) { progress(.rebuildingMovedCheckout) }
    let learnerFolders = Dictionary(uniqueKeysWithValues: exercises.map { ($0.id, folders[$0.id] ?? code.folder) })
    for exercise in exercises where exercise.kind == .tests {
      try prepareMutants(of: exercise, testsIn: learnerFolders[exercise.id]!, scratch: scratch)
    }
    // The learner's own code runs against tests that may not be the shipped ones.
    let shipped = code == .sources ? ShippedTests.load(root: root, fileSystem: fileSystem) : nil
    var changes: [String: ShippedTests.Changes] = [:]
    for exercise in exercises where folders[exercise.id] == nil {
      if let found = shipped?.changes(to: exercise, root: root, fileSystem: fileSystem), !found.isEmpty { changes[exercise.id] = found }
    }
    let leftOut = shippedTestsOnly ? changes.values.flatMap(\.added) : []
    progress(.compiling)
    let run = { [self] (skipping: [String]) in
      try await runTests(
        exercises, code: code, folders: folders, leavingOut: leftOut, skipping: skipping, timeout: timeout, swift: swift,
        progress: progress)
    }
    var (outcome, stream) = try await run([])
    if Self.isFromAnotherPlace(outcome) {
      progress(.rebuildingMovedCheckout)
      try fileSystem.removeBuildFolder(at: scratch)
      _ = try claimBuildFolder(scratch)
      progress(.compiling)
      (outcome, stream) = try await run([])
    }
    // A learner's test that crashes on a planted bug (an index out of range on a spy that was
    // never called) catches that bug, but ends the run: the other bugs are tried in a run that
    // skips the crashed one.
    let mutantModules = Set(exercises.flatMap { exercise in exercise.mutants.map { exercise.mutantTestModuleName($0.name) } })
    var skipped: [String] = []
    var events = stream ?? ""
    while !mutantModules.isEmpty, case .exited = outcome.ending,
      let crashed = EventStream(events).crashedModule(among: mutantModules.subtracting(skipped))
    {
      skipped.append(crashed)
      let rerun = try await run(skipped)
      outcome.ending = rerun.0.ending
      events += "\n" + (rerun.1 ?? "")
    }
    var verdicts: [String: Verdict] = [:]
    for exercise in exercises {
      var verdict = Self.verdict(
        for: exercise, code: code, learnerFolder: learnerFolders[exercise.id]!, outcome: outcome, events: events, root: root,
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
    }
    return verdicts
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

  /// Puts together, for each planted bug, the folder its test module builds from: links to the
  /// learner's test files and to the bug's files. Links, not copies: an edit is seen at once, and
  /// the compiler names the learner's own file.
  ///
  /// A link pointed at another file (`verify` goes from Solution/ to Starter/ to each shortcut)
  /// throws away the bug's module build: the compiler decides what to rebuild by the modification
  /// times it sees through the links, and files written in the same instant (a fresh checkout
  /// writes many) would leave it compiling the old tests.
  private func prepareMutants(of exercise: Exercise, testsIn learnerFolder: String, scratch: String) throws {
    let tests = ((try? fileSystem.contentsOfDirectory(at: FilePath.join(root, exercise.folder, learnerFolder))) ?? [])
      .filter { $0.hasSuffix(".swift") }
    for mutant in exercise.mutants {
      let folder = FilePath.join(root, Self.variantsFolder, exercise.id, mutant.name)
      let mutantFiles = ((try? fileSystem.contentsOfDirectory(at: FilePath.join(root, exercise.mutantFolder(mutant.name)))) ?? [])
        .filter { $0.hasSuffix(".swift") }
      // From .build/ditutor-variants/<id>/<mutant>/ four levels up is the course root.
      var links: [String: String] = [:]
      for file in tests { links[file] = "../../../../\(exercise.folder)/\(learnerFolder)/\(file)" }
      for file in mutantFiles { links[file] = "../../../../\(exercise.mutantFolder(mutant.name))/\(file)" }
      if !fileSystem.directoryExists(at: folder) { try fileSystem.createDirectory(at: folder) }
      for existing in try fileSystem.contentsOfDirectory(at: folder) where links[existing] == nil {
        try fileSystem.removeItem(at: FilePath.join(folder, existing))
      }
      var relinked = false
      for (name, destination) in links where fileSystem.symbolicLinkDestination(at: FilePath.join(folder, name)) != destination {
        relinked = relinked || fileSystem.symbolicLinkDestination(at: FilePath.join(folder, name)) != nil
        try fileSystem.removeItem(at: FilePath.join(folder, name))
        try fileSystem.createSymbolicLink(at: FilePath.join(folder, name), pointingTo: destination)
      }
      if relinked {
        try fileSystem.removeBuildFolder(at: FilePath.join(scratch, "debug", exercise.mutantTestModuleName(mutant.name) + ".build"))
      }
    }
  }

  private func runTests(
    _ exercises: [Exercise], code: Code, folders: [String: String], leavingOut: [String], skipping: [String],
    timeout: Duration, swift: String, progress: @escaping @Sendable (CheckPhase) -> Void
  ) async throws -> (ProcessOutcome, String?) {
    let events = FilePath.join(scratch, "ditutor-events-\(UUID().uuidString).jsonl")
    defer { try? fileSystem.removeItem(at: events) }

    var variables = PackageSelection(exercises: exercises, code: code, folders: folders, leftOut: leavingOut)
      .applied(to: environment)
    variables["SWIFT_BACKTRACE"] = "enable=no"  // a crash report is ours to write, and quicker
    let arguments =
      [
        "--package-path", root, "--scratch-path", scratch, "--disable-xctest", "--no-parallel",
        "--event-stream-output-path", events, "--event-stream-version", "0",
      ] + Self.buildFlags + skipping.flatMap { ["--skip", "^\($0)\\."] }
    let fileSystem = self.fileSystem
    // The learner's time limit covers the tests, not the compiler: it starts with the run.
    let testsStarted: @Sendable () -> Bool = {
      guard fileSystem.fileExists(at: events) else { return false }
      progress(.testing)
      return true
    }
    let testsFinished: @Sendable () -> Bool = { (try? fileSystem.readText(at: events))?.contains("\"runEnded\"") ?? false }
    let stream = { fileSystem.fileExists(at: events) ? (try? fileSystem.readText(at: events)) : nil }

    // The learner's own code, one exercise at a time: what the edit-check loop runs, again and
    // again. Other checks (verify's solutions, starters and shortcuts) each build once.
    let ids = exercises.map(\.id)
    let configuration = Self.configuration(of: variables)
    let warm = fastChecks && exercises.count == 1 && code == .sources && folders.isEmpty ? warmBuilder : nil
    if let warm {
      switch try await warm.build(configuration, exercises: ids, swift: swift) {
      case .built(let buildOutput, let buildTime, let program, let stepsRun):
        trace?("built without SwiftPM: \(stepsRun) step\(stepsRun == 1 ? "" : "s") ran, in \(String(format: "%.2f s", buildTime.seconds))")
        var outcome = try await runTestProgram(
          program, arguments: arguments, variables: variables, timeout: timeout, started: testsStarted,
          finished: testsFinished)
        outcome.standardError = buildOutput + outcome.standardError
        outcome.duration += buildTime
        return (outcome, stream())
      case .stopped(let outcome):
        trace?("built without SwiftPM, and the build stopped: \(outcome.ending == .cancelled ? "cancelled" : "it does not compile")")
        return (outcome, nil)
      case .needsPackageManager(let reason):
        trace?("building with swift test: \(reason)")
      }
    }

    let before = warm?.snapshot(exercises: ids)
    let request = ProcessRequest(
      executable: swift, arguments: ["test"] + arguments, environment: variables, workingDirectory: root, timeout: timeout,
      timeoutStarts: testsStarted, finished: testsFinished)
    let outcome = try await processes.run(request)
    let recorded = stream()
    if let warm, let before, outcome.ending != .cancelled {
      // The tests ran only if the build succeeded.
      let built = recorded.map(EventStream.init)?.runStarted ?? false
      trace?(built ? "recording the build for the next check" : "the build failed, so the next check is SwiftPM's too")
      await warm.record(
        configuration, exercises: ids, modules: exercises.map(\.testModuleName), swift: swift, built: built, before: before)
    }
    return (outcome, recorded)
  }

  /// Runs a built test program as `swift test` runs it (swift test's own arguments, then the
  /// testing library; colour off, as for any output that is not a terminal), and reports its
  /// end as `swift test` would.
  private func runTestProgram(
    _ program: String, arguments: [String], variables: [String: String], timeout: Duration,
    started: @escaping @Sendable () -> Bool, finished: @escaping @Sendable () -> Bool
  ) async throws -> ProcessOutcome {
    var variables = variables
    variables["NO_COLOR"] = "1"
    let request = ProcessRequest(
      executable: program, arguments: arguments + ["--testing-library", "swift-testing"], environment: variables,
      workingDirectory: root, timeout: timeout, timeoutStarts: started, finished: finished)
    var outcome = try await processes.run(request)
    if case .signalled(let signal) = outcome.ending {
      outcome.standardError += "\nerror: Process '\(program)' exited with unexpected signal code \(signal)\n"
      outcome.ending = .exited(1)
    }
    return outcome
  }

  /// The name of the file in a build folder that says which checkout it was built for.
  static let ownerFile = "ditutor-checkout"

  /// Makes sure the build folder belongs to this checkout, emptying one built elsewhere.
  /// Returns whether it had to be emptied.
  private func claimBuildFolder(_ scratch: String) throws -> Bool {
    let owner = FilePath.join(scratch, Self.ownerFile)
    var emptied = false
    if fileSystem.directoryExists(at: scratch), let recorded = try? fileSystem.readText(at: owner), recorded != root {
      try fileSystem.removeBuildFolder(at: scratch)
      emptied = true
    }
    if !fileSystem.directoryExists(at: scratch) { try fileSystem.createDirectory(at: scratch) }
    if (try? fileSystem.readText(at: owner)) != root { try fileSystem.writeAtomically(Data(root.utf8), to: owner) }
    return emptied
  }

  /// The compiler's complaint about a module cache built under another path: the checkout was
  /// moved or copied after its last build.
  static func isFromAnotherPlace(_ outcome: ProcessOutcome) -> Bool {
    let text = outcome.standardOutput + outcome.standardError
    return text.contains("was compiled with module cache path") || text.contains("but the path is currently")
      || (text.contains("PCH was compiled with") && text.contains("module cache"))
  }

  /// Reads one exercise's verdict out of a run (which may have held several exercises).
  static func verdict(
    for exercise: Exercise, code: Code, learnerFolder: String? = nil, outcome: ProcessOutcome, events: String, root: String,
    timeout: Duration
  ) -> Verdict {
    let learnerFolder = learnerFolder ?? code.folder
    let seconds = outcome.duration.seconds
    let allOutput = outcome.standardOutput + "\n" + outcome.standardError
    let variants = "\(variantsFolder)/\(exercise.id)/"
    var seen: Set<String> = []
    let diagnostics = CompilerDiagnostics.parse(allOutput, root: root).compactMap { diagnostic -> Verdict.Diagnostic? in
      var diagnostic = diagnostic
      // A planted bug's module compiles the learner's tests through links: name their own file.
      if diagnostic.file.hasPrefix(variants) {
        let parts = diagnostic.file.dropFirst(variants.count).split(separator: "/")
        guard parts.count == 2 else { return nil }
        let mutant = String(parts[0])
        let name = String(parts[1])
        // The learner's files have the starter's names; the rest are the bug's.
        diagnostic.file = exercise.files.contains(name) ? "\(exercise.folder)/\(learnerFolder)/\(name)" : "\(exercise.mutantFolder(mutant))/\(name)"
      }
      guard diagnostic.file.hasPrefix(exercise.folder + "/") || !diagnostic.file.hasPrefix("Exercises/") && !diagnostic.file.hasPrefix(".build/") else {
        return nil
      }
      return seen.insert("\(diagnostic.file):\(diagnostic.line):\(diagnostic.column):\(diagnostic.message)").inserted ? diagnostic : nil
    }
    let stream = EventStream(events)
    let ownTests = stream.tests.filter { EventStream.module(of: $0.id) == exercise.testModuleName }
    let folder = "\(exercise.folder)/\(exercise.kind == .tests ? "Subject" : learnerFolder)"
    let crash = CrashReport(output: allOutput, module: exercise.kind == .tests ? exercise.testModuleName : exercise.moduleName, folder: folder)

    guard stream.runStarted else {
      switch outcome.ending {
      case .cancelled:
        return Verdict(exercise: exercise.id, status: .cancelled, durationSeconds: seconds)
      case .timedOut:
        return Verdict(exercise: exercise.id, status: .timedOut, durationSeconds: seconds, output: tail(of: allOutput))
      default:
        let errors = diagnostics.filter { $0.severity == "error" }
        return Verdict(
          exercise: exercise.id, status: .compileError, durationSeconds: seconds, diagnostics: errors,
          output: errors.isEmpty ? tail(of: allOutput) : nil)
      }
    }

    let limit = Int(timeout.components.seconds)
    var tests = results(of: ownTests, outcome: outcome, crash: crash, root: root, limit: limit)

    var status: Verdict.Status
    switch outcome.ending {
    case .cancelled: status = .cancelled
    case .timedOut: status = .timedOut
    default:
      if !stream.runEnded && ownTests.contains(where: { $0.started != nil && $0.ended == nil }) {
        status = .crashed
      } else if !stream.runEnded && ownTests.allSatisfy({ $0.started == nil }) {
        // Another exercise in the same run crashed before this one's tests began.
        status = .crashed
      } else if tests.contains(where: { $0.status == .failed || $0.status == .crashed }) {
        status = .failed
      } else if tests.isEmpty {
        status = .failed
        let message = exercise.kind == .tests
          ? "No tests ran: write at least one @Test in your file." : "No tests ran for this exercise."
        tests = [Verdict.TestResult(name: "(no tests)", status: .failed, message: message)]
      } else {
        status = .passed
      }
    }

    // A write-the-test exercise passes when its tests pass on the subject and catch every bug.
    var mutants: [Verdict.Mutant]?
    if exercise.kind == .tests {
      mutants = exercise.mutants.enumerated().map { index, mutant in
        let module = exercise.mutantTestModuleName(mutant.name)
        let own = stream.tests.filter { EventStream.module(of: $0.id) == module }
        let catcher = own.first { !$0.issues.isEmpty || ($0.started != nil && $0.ended == nil) }
        // A live bug's folder name would give it away ("never-resets"): it is numbered instead.
        return Verdict.Mutant(
          name: catcher == nil ? "planted bug \(index + 1)" : mutant.name, caught: catcher != nil,
          summary: catcher == nil ? nil : mutant.summary,
          caughtBy: catcher.map { [$0.suite, $0.name].compactMap { $0 }.joined(separator: "/") })
      }
      if status == .passed && mutants!.contains(where: { !$0.caught }) { status = .failed }
      if status == .crashed && !ownTests.contains(where: { $0.started != nil && $0.ended == nil }) && stream.runEnded {
        status = .failed
      }
    }
    let output: String? =
      switch status {
      case .crashed, .timedOut: tail(of: outcome.standardOutput)
      // What a failing test printed: learners debug with print (not a planted bug's run).
      case .failed where exercise.kind != .tests: tail(of: outcome.standardOutput, lines: 8)
      default: nil
      }
    return Verdict(
      exercise: exercise.id, status: status, durationSeconds: seconds, tests: tests,
      diagnostics: diagnostics.filter { $0.severity == "error" }, output: output, mutants: mutants,
      steps: Steps.count(in: tests))
  }

  private static func results(
    of tests: [EventStream.Test], outcome: ProcessOutcome, crash: CrashReport, root: String, limit: Int
  ) -> [Verdict.TestResult] {
    tests.compactMap { test in
      let name = [test.suite, test.name].compactMap { $0 }.joined(separator: "/")
      let duration = (test.ended ?? test.started ?? 0) - (test.started ?? 0)
      let step = Steps.number(of: test.suite)
      if test.skipped { return Verdict.TestResult(name: name, status: .skipped, step: step) }
      if test.ended != nil {
        guard let first = test.issues.first else {
          return Verdict.TestResult(name: name, status: .passed, seconds: duration, step: step)
        }
        return Verdict.TestResult(
          name: name, status: .failed, message: test.issues.map(\.message).joined(separator: "\n"),
          file: first.file.map { FilePath.relative($0, to: root) }, line: first.line, seconds: duration,
          explanation: first.explanation, step: step)
      }
      guard test.started != nil else { return nil }  // never reached: the run stopped before it
      switch outcome.ending {
      case .timedOut:
        return Verdict.TestResult(name: name, status: .timedOut, message: "Still running after \(limit) s, so it was stopped.", step: step)
      case .cancelled:
        return Verdict.TestResult(name: name, status: .cancelled, message: "Cancelled while running.", step: step)
      default:
        return Verdict.TestResult(name: name, status: .crashed, message: crash.summary, file: crash.file, line: crash.line, step: step)
      }
    }
  }

  /// The last lines a program printed, without SwiftPM's progress lines; a first line says how
  /// many came before them.
  static func tail(of output: String, lines: Int = 12) -> String? {
    let all = output.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { line in
        !line.isEmpty && !line.hasPrefix("[") && !line.hasPrefix("Building for") && !line.hasPrefix("Build complete")
          && !isStackFrame(line) && !line.hasPrefix("Current stack trace") && !line.contains("Fatal error: ")
          && !line.contains("unexpected signal code") && !line.hasPrefix("error: fatalError")
          && !isTestingProgress(line)
      }
    // A line of thousands of characters would push the verdict off the screen on its own.
    let kept = all.suffix(lines).map { line in
      line.count <= 240 ? String(line) : "\(line.prefix(240)) … (\(line.count - 240) more characters)"
    }
    guard !kept.isEmpty else { return nil }
    let earlier = all.count - kept.count
    let note = earlier > 0 ? ["… \(earlier) earlier line\(earlier == 1 ? "" : "s") left out"] : []
    return (note + kept).joined(separator: "\n")
  }
}

/// `3    libswiftCore.so    0x00007f… _assertionFailure + 303`: a line of a crash's backtrace,
/// which tells a learner nothing the verdict does not.
private func isStackFrame(_ line: Substring) -> Bool {
  let words = line.split(separator: " ", maxSplits: 3)
  return words.count >= 3 && Int(words[0]) != nil && words[2].hasPrefix("0x")
}

/// Swift Testing's own progress lines (`◇ Test run started.`): the learner's prints are the rest.
private func isTestingProgress(_ line: Substring) -> Bool {
  guard let first = line.unicodeScalars.first else { return false }
  return ["◇", "↳", "✔", "✘", "⚠", "􀟈", "􀊯", "􀢄", "􀄵", "􀙟"].contains(String(first))
}

/// What a crashed test run said about why: the `Fatal error` line and the signal.
struct CrashReport {
  var message: String?
  var signal: Int32?
  var file: String?
  var line: Int?

  /// - Parameters:
  ///   - module: the exercise's module; a fatal error raised in it points at the learner's file.
  ///   - folder: where that module's files are (`Exercises/x/Sources`).
  init(output: String, module: String, folder: String) {
    for rawLine in output.split(separator: "\n") {
      let line = String(rawLine)
      if let range = line.range(of: "Fatal error: ") {
        message = String(line[range.upperBound...]).trimmingCharacters(in: .whitespaces)
        if message?.isEmpty == true { message = "Fatal error" }
        // `GreetingClock/Greeter.swift:12: Fatal error: …` names the learner's file.
        let location = line[..<range.lowerBound].trimmingCharacters(in: CharacterSet(charactersIn: ": "))
        let parts = location.split(separator: ":")
        if parts.count == 2, let number = Int(parts[1]), parts[0].hasPrefix(module + "/") {
          file = folder + "/" + parts[0].dropFirst(module.count + 1)
          self.line = number
        }
      }
      if let range = line.range(of: "unexpected signal code ") {
        signal = Int32(line[range.upperBound...].prefix { $0.isNumber })
      }
    }
  }

  var summary: String {
    var parts: [String] = []
    if let message { parts.append("Fatal error: \(message)") }
    if let signal { parts.append("The test process stopped with signal \(signal) (\(Self.meaning(of: signal))).") }
    return parts.isEmpty ? "The test process stopped unexpectedly." : parts.joined(separator: ". ")
  }

  static func meaning(of signal: Int32) -> String {
    switch signal {
    case 4, 5: "a Swift runtime trap: fatalError, a force-unwrapped nil, an index out of range or an overflow"
    case 6: "abort"
    case 9: "killed"
    case 11: "invalid memory access, often endless recursion"
    default: "signal \(signal)"
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
