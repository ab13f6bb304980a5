import Foundation

/// Builds a check's exercise again without the package manager, while nothing SwiftPM planned
/// from has changed.
///
/// Most of a warm `swift test` is not the compiler: it is SwiftPM loading the manifest,
/// planning and starting up, and the Swift driver starting once per module to find that most of
/// them need nothing. After SwiftPM builds a configuration, ditutor reads the plan SwiftPM made
/// (``BuildPlan``), asks the driver which compiler jobs each step stands for, and keeps both
/// (``WarmBuildRecord``). The next check of that configuration runs only the steps whose inputs
/// or outputs changed since they last succeeded, with the same arguments, as llbuild would; a
/// module whose interface did not change (the compiler leaves an identical `.swiftmodule`
/// untouched) stops there, and only the link follows.
///
/// It answers only for what the plan covers. A changed manifest, a file added, removed or
/// renamed, a new toolchain, no record, or a step that fails for a reason other than the
/// learner's code: each sends the check back to `swift test`
/// (``Outcome/needsPackageManager(_:)``), which plans anew and is recorded again.
struct WarmBuilder: Sendable {
  /// What a build is of: the variables the manifest reads and the flags SwiftPM is given.
  typealias Configuration = [String: String]

  let root: String
  let scratch: String
  let processes: any ProcessRunner
  let fileSystem: any FileSystem
  let environment: [String: String]
  /// How many compiler jobs run at once (the machine's cores).
  let parallelJobs: Int

  init(
    root: String, scratch: String, processes: any ProcessRunner, fileSystem: any FileSystem,
    environment: [String: String], parallelJobs: Int = ProcessInfo.processInfo.activeProcessorCount
  ) {
    self.root = root
    self.scratch = scratch
    self.processes = processes
    self.fileSystem = fileSystem
    self.environment = environment
    self.parallelJobs = max(parallelJobs, 1)
  }

  enum Outcome: Sendable, Equatable {
    /// Everything is built: `output` is what the compiler printed (warnings); `stepsRun` of
    /// the plan's steps had to run.
    case built(output: String, duration: Duration, testProgram: String, stepsRun: Int)
    /// The check ends here, as `swift test` would have ended: the learner's code does not
    /// compile, or the build was cancelled.
    case stopped(ProcessOutcome)
    /// SwiftPM must build this time.
    case needsPackageManager(Reason)
  }

  enum Reason: Error, Sendable, Equatable, CustomStringConvertible {
    case noRecord
    case manifestChanged
    case toolchainChanged
    /// A file or folder was added, removed or renamed under this folder.
    case filesChanged(String)
    /// A step failed and the learner's files are not what it complains about.
    case stepFailed(String)

    var description: String {
      switch self {
      case .noRecord: "SwiftPM has not built this yet"
      case .manifestChanged: "Package.swift changed"
      case .toolchainChanged: "the Swift toolchain changed"
      case .filesChanged(let folder): "a file was added, removed or renamed in \(folder)"
      case .stepFailed(let step): "a build step failed for a reason outside the exercises (\(step))"
      }
    }
  }

  func recordPath(for configuration: Configuration) -> String {
    FilePath.join(scratch, WarmBuildRecord.folder, WarmBuildRecord.fileName(for: configuration))
  }

  /// Drops a configuration's record: its next build is SwiftPM's.
  func forget(_ configuration: Configuration) {
    try? fileSystem.removeItem(at: recordPath(for: configuration))
  }

  // MARK: Recording

  /// What SwiftPM is about to build from, taken before it starts: the exercises' files and
  /// folders, and the manifest. The record describes the build as of then: a file the learner
  /// saves or adds while SwiftPM builds was not built as it is now.
  struct Snapshot: Sendable {
    fileprivate var stamps: [String: FileStamp] = [:]
    fileprivate var listings: [String: [String]] = [:]
    fileprivate var manifest: FileStamp?
  }

  func snapshot(exercises: [String]) -> Snapshot {
    var snapshot = Snapshot()
    for folder in watchedFolders(exercises: exercises) {
      walk(folder) { path, _ in
        if let stamp = fileSystem.stamp(at: path) { snapshot.stamps[path] = stamp }
      }
    }
    snapshot.listings = listings(folders: [], exercises: exercises)
    snapshot.manifest = fileSystem.stamp(at: manifestPath)
    return snapshot
  }

  /// Makes the record from the plan of the build SwiftPM just ran for `configuration`.
  ///
  /// Only a build that succeeded is recorded. SwiftPM writes some of the files its steps read
  /// (the link's object list, the discovered tests, each module's output file map) as it goes,
  /// into places every configuration shares: after a build that stopped at the learner's
  /// compile error, those on disk can still be another exercise's, and a record made of them
  /// links the wrong objects ("No tests ran") or plans outputs into the current folder.
  ///
  /// - Parameters:
  ///   - exercises: the exercises the configuration builds, and `modules` their modules: a plan
  ///     without one of them is not this configuration's.
  ///   - built: the build succeeded, so every step is up to date as the files are now (but for
  ///     those that changed since `before`). A failed build forgets the configuration's record:
  ///     its next check is SwiftPM's again.
  func record(
    _ configuration: Configuration, exercises: [String], modules: [String], swift: String, built: Bool,
    before: Snapshot
  ) async {
    guard built, fileSystem.stamp(at: planPath) != nil,
      let text = try? fileSystem.readText(at: planPath),
      let plan = BuildPlan.parse(text),
      modules.allSatisfy({ module in plan.commands.contains { $0.name.hasPrefix("C.\(module)-") } })
    else { return forget(configuration) }

    let commands = plan.commands.filter { $0.tool == "shell" }
    // The driver plans each command's jobs in a process of its own: two at a time.
    var planned = [(jobs: [[String]], concurrent: Bool)?](repeating: nil, count: commands.count)
    await withTaskGroup(of: (Int, (jobs: [[String]], concurrent: Bool)?).self) { group in
      var next = 0
      func addNext() {
        guard next < commands.count else { return }
        let index = next
        next += 1
        group.addTask { (index, await jobs(for: commands[index].args)) }
      }
      for _ in 0..<parallelJobs { addNext() }
      while let (index, jobs) = await group.next() {
        planned[index] = jobs
        addNext()
      }
    }
    var steps: [WarmBuildRecord.Step] = []
    for (command, jobs) in zip(commands, planned) {
      guard let jobs else { return forget(configuration) }
      var step = WarmBuildRecord.Step(
        name: command.name, inputs: command.inputs, outputs: command.outputs, jobs: jobs.jobs,
        concurrent: jobs.concurrent)
      let inputStamps = command.inputs.map { fileSystem.stamp(at: $0) }
      let unchangedSinceStart = zip(command.inputs, inputStamps).allSatisfy { path, stamp in
        before.stamps[path].map { $0 == stamp } ?? true
      }
      if unchangedSinceStart {
        step.inputStamps = inputStamps
        step.outputStamps = command.outputs.map { fileSystem.stamp(at: $0) }
      }
      steps.append(step)
    }
    guard let program = steps.last(where: { $0.outputs.contains { $0.hasSuffix(".xctest") } })?
      .outputs.first(where: { $0.hasSuffix(".xctest") })
    else { return forget(configuration) }

    var generated: [String: Data] = [:]
    for command in plan.commands where command.tool != "shell" && command.tool != "phony" {
      for output in command.outputs where output.hasPrefix("/") && !output.hasSuffix("/") {
        if let data = try? fileSystem.readFile(at: output) { generated[output] = data }
      }
    }
    let tools = Set(steps.flatMap { $0.jobs.compactMap(\.first) } + [swift])
    // The folders as they were when SwiftPM started; a folder of sources outside the exercises'
    // (none in this package) as it is now.
    let listings = before.listings.merging(listings(folders: plan.folders, exercises: [])) { earlier, _ in earlier }
    let record = WarmBuildRecord(
      root: root, configuration: configuration, manifest: before.manifest,
      tools: Dictionary(uniqueKeysWithValues: tools.map { ($0, fileSystem.stamp(at: $0)) }),
      listings: listings, generated: generated, steps: steps, testProgram: program)
    save(record)
  }

  /// The jobs a plan command stands for. A module's compile and the link are asked of the
  /// Swift driver (`-driver-print-jobs`): run directly, they skip its start-up and planning. A
  /// module compiles as a clean build of it would, all its files in one compiler process beside
  /// the emit-module job. The debugger's module wrap is the frontend's own mode, which `swiftc`
  /// only hands on. Anything else runs as SwiftPM would run it.
  private func jobs(for args: [String]) async -> (jobs: [[String]], concurrent: Bool)? {
    let args = args.filter { $0 != "-parseable-output" && $0 != "-v" }
    guard let tool = args.first else { return nil }
    guard FilePath.lastComponent(tool) == "swiftc" else { return ([args], false) }
    let frontend = FilePath.join(FilePath.parent(tool), "swift-frontend")
    if args.dropFirst().first == "-modulewrap" && fileSystem.fileExists(at: frontend) {
      return ([[frontend] + args.dropFirst()], false)
    }
    let compiles = args.contains("-c")
    guard compiles || args.contains("-emit-executable") else { return ([args], false) }
    let planning =
      compiles
      ? args.filter { $0 != "-incremental" && $0 != "-enable-batch-mode" }
        + ["-enable-batch-mode", "-driver-batch-count", "1", "-driver-print-jobs"]
      : args + ["-driver-print-jobs"]
    let request = ProcessRequest(
      executable: tool, arguments: Array(planning.dropFirst()), environment: environment, workingDirectory: scratch,
      timeout: .seconds(120),
      mayLeaveProcesses: false)
    guard let outcome = try? await processes.run(request), outcome.ending == .exited(0) else { return ([args], false) }
    let jobs = outcome.standardOutput.split(separator: "\n").compactMap { ShellWords.split(String($0)) }
      // A compile's driver wraps the module for the debugger too; SwiftPM has a step of its
      // own for that, into another file, and the driver's copy is never linked.
      .filter { job in !(compiles && job.count > 1 && job[1] == "-modulewrap") }
    // A job that names a temporary folder of the driver's (a response file) cannot be run
    // again later: such a command runs through the driver, as SwiftPM runs it.
    guard !jobs.isEmpty, !jobs.joined().contains(where: { $0.contains("/TemporaryDirectory.") }) else {
      return ([args], false)
    }
    return (jobs, compiles)
  }

  private func save(_ record: WarmBuildRecord) {
    guard let data = try? JSONEncoder().encode(record) else { return }
    let path = recordPath(for: record.configuration)
    let folder = FilePath.parent(path)
    if !fileSystem.directoryExists(at: folder) { try? fileSystem.createDirectory(at: folder) }
    try? fileSystem.writeAtomically(data, to: path)
  }

  // MARK: What the plan was made from

  private var manifestPath: String { FilePath.join(root, "Package.swift") }
  private var planPath: String { FilePath.join(scratch, BuildPlan.fileName) }

  /// The exercises' folders, where the manifest looks for targets and the learner works.
  private func watchedFolders(exercises: [String]) -> [String] {
    exercises.flatMap { id in
      [FilePath.join(root, "Exercises", id), FilePath.join(root, ExerciseRunner.variantsFolder, id)]
    }
  }

  /// What the manifest and SwiftPM's target layout read of the file system: the list of
  /// exercises, each selected exercise's whole tree, and every folder of sources in the plan.
  func listings(folders: [String], exercises: [String]) -> [String: [String]] {
    var listings = [FilePath.join(root, "Exercises"): listing(of: FilePath.join(root, "Exercises"), deep: false)]
    for folder in watchedFolders(exercises: exercises) + folders {
      let folder = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
      listings[folder] = listing(of: folder, deep: true)
    }
    return listings
  }

  /// Every entry under `folder`, folders marked with a slash and links with where they point.
  /// Hidden entries (an editor's `.Greeter.swift.swp`) are left out, as SwiftPM leaves them
  /// out of a target.
  func listing(of folder: String, deep: Bool) -> [String] {
    var paths: [String] = []
    walk(folder, deep: deep) { path, shown in
      if let destination = fileSystem.symbolicLinkDestination(at: path) {
        paths.append("\(shown) -> \(destination)")
      } else if fileSystem.directoryExists(at: path) {
        paths.append(shown + "/")
      } else {
        paths.append(shown)
      }
    }
    return paths
  }

  private func walk(_ folder: String, deep: Bool = true, _ visit: (_ path: String, _ relative: String) -> Void) {
    func walk(_ directory: String, _ relative: String) {
      for name in (try? fileSystem.contentsOfDirectory(at: directory)) ?? [] where !name.hasPrefix(".") {
        let path = FilePath.join(directory, name)
        let shown = relative.isEmpty ? name : "\(relative)/\(name)"
        visit(path, shown)
        if deep && fileSystem.symbolicLinkDestination(at: path) == nil && fileSystem.directoryExists(at: path) {
          walk(path, shown)
        }
      }
    }
    walk(folder, "")
  }

  // MARK: Building

  /// Whether the next build of `configuration` can do without SwiftPM: what ``build(_:exercises:swift:)``
  /// checks before it runs anything.
  func canBuild(_ configuration: Configuration, swift: String) -> Bool {
    if case .success = usableRecord(configuration, swift: swift) { return true }
    return false
  }

  /// The configuration's record, if it still describes what SwiftPM would build.
  private func usableRecord(_ configuration: Configuration, swift: String) -> Result<WarmBuildRecord, Reason> {
    guard let data = try? fileSystem.readFile(at: recordPath(for: configuration)),
      let record = try? JSONDecoder().decode(WarmBuildRecord.self, from: data),
      record.version == WarmBuildRecord.currentVersion, record.root == root, record.configuration == configuration
    else { return .failure(.noRecord) }
    guard fileSystem.stamp(at: manifestPath) == record.manifest else { return .failure(.manifestChanged) }
    let tools = Set(record.tools.keys).union([swift])
    guard tools.allSatisfy({ record.tools[$0] == fileSystem.stamp(at: $0) }) else { return .failure(.toolchainChanged) }
    for (folder, entries) in record.listings.sorted(by: { $0.key < $1.key }) {
      let deep = folder != FilePath.join(root, "Exercises")
      guard listing(of: folder, deep: deep) == entries else {
        return .failure(.filesChanged(FilePath.relative(folder, to: root)))
      }
    }
    return .success(record)
  }

  /// Brings the build up to date with the recorded jobs, if the record still describes it.
  func build(_ configuration: Configuration, exercises: [String], swift: String) async throws -> Outcome {
    var record: WarmBuildRecord
    switch usableRecord(configuration, swift: swift) {
    case .success(let usable): record = usable
    case .failure(let reason): return .needsPackageManager(reason)
    }
    // Put back what another configuration's build changed of SwiftPM's own files.
    for (path, data) in record.generated where (try? fileSystem.readFile(at: path)) != data {
      try fileSystem.writeAtomically(data, to: path)
    }

    let clock = ContinuousClock()
    let started = clock.now
    let result = try await run(&record)
    let duration = clock.now - started
    switch result.ending {
    case .built:
      save(record)
      return .built(
        output: result.output, duration: duration, testProgram: record.testProgram, stepsRun: result.stepsRun)
    case .cancelled:
      save(record)
      return .stopped(ProcessOutcome(ending: .cancelled, standardError: result.output, duration: duration))
    case .learnersError:
      save(record)
      // As `swift test` ends when the build fails.
      return .stopped(ProcessOutcome(ending: .exited(1), standardError: result.output, duration: duration))
    case .failed(let step):
      forget(configuration)
      return .needsPackageManager(.stepFailed(step))
    }
  }

  private struct Run {
    enum Ending { case built, cancelled, learnersError, failed(String) }
    var ending: Ending
    var output: String
    var stepsRun: Int
  }

  /// One compiler job that finished, for the scheduler.
  private struct FinishedJob: Sendable {
    var step: Int
    var job: Int
    var outcome: ProcessOutcome
  }

  /// Runs the steps that are out of date, each once every step that makes one of its inputs
  /// has finished. A step is out of date when one of its inputs or outputs is not as it was
  /// when it last succeeded: so a module whose interface came out unchanged leaves the modules
  /// that import it alone.
  ///
  /// Jobs, not steps, share the cores: a module's emit-module job ends well before its compile
  /// job, and the next module's compile takes that core at once (a write-the-test exercise
  /// compiles the learner's tests once per planted bug).
  private func run(_ record: inout WarmBuildRecord) async throws -> Run {
    let steps = record.steps
    var maker: [String: Int] = [:]
    for (index, step) in steps.enumerated() {
      for output in step.outputs { maker[output] = index }
    }
    let makers = steps.map { step in Set(step.inputs.compactMap { maker[$0] }) }
    enum State { case waiting, running, done, failed }
    var states = Array(repeating: State.waiting, count: steps.count)
    var inputStamps = Array(repeating: [FileStamp?](), count: steps.count)
    /// Jobs of running steps not started yet: all of a concurrent step's, the next of another's.
    var unstarted = Array(repeating: [Int](), count: steps.count)
    var started = Array(repeating: 0, count: steps.count)
    var outcomes = Array(repeating: [Int: ProcessOutcome](), count: steps.count)
    var jobsRunning = 0
    var stopping = false
    var ending = Run.Ending.built

    try await withThrowingTaskGroup(of: FinishedJob.self) { group in
      /// Starts every step whose makers are done (one that is up to date is done at once, which
      /// may make others ready), then as many of their jobs as there are cores, earliest first.
      func startReady() {
        var progressed = true
        while progressed && !stopping {
          progressed = false
          for index in steps.indices where states[index] == .waiting && makers[index].allSatisfy({ states[$0] == .done }) {
            let step = steps[index]
            let stamps = step.inputs.map { fileSystem.stamp(at: $0) }
            let current =
              record.steps[index].inputStamps == stamps
              && record.steps[index].outputStamps == step.outputs.map { fileSystem.stamp(at: $0) }
              && record.steps[index].outputStamps?.allSatisfy({ $0 != nil }) == true
            progressed = true
            if current {
              states[index] = .done
              continue
            }
            states[index] = .running
            inputStamps[index] = stamps
            record.steps[index].inputStamps = nil
            record.steps[index].outputStamps = nil
            unstarted[index] = step.concurrent ? Array(step.jobs.indices) : [0]
          }
        }
        while !stopping && jobsRunning < parallelJobs, let index = unstarted.firstIndex(where: { !$0.isEmpty }) {
          let job = unstarted[index].removeFirst()
          let step = steps[index]
          started[index] += 1
          jobsRunning += 1
          group.addTask {
            FinishedJob(step: index, job: job, outcome: try await run(step.jobs[job], makingFoldersFor: step.outputs))
          }
        }
      }

      startReady()
      while let finished = try await group.next() {
        jobsRunning -= 1
        let index = finished.step
        let step = steps[index]
        outcomes[index][finished.job] = finished.outcome
        let succeeded = finished.outcome.ending == .exited(0)
        if !succeeded {
          unstarted[index] = []
        } else if !step.concurrent && finished.job + 1 < step.jobs.count {
          unstarted[index] = [finished.job + 1]
        }
        if finished.outcome.ending == .cancelled {
          stopping = true
          ending = .cancelled
        }
        let finishedJobs = outcomes[index].count
        let stepOver = !succeeded || finishedJobs == step.jobs.count
        if stepOver && finishedJobs == started[index] {
          if outcomes[index].count == step.jobs.count && outcomes[index].values.allSatisfy({ $0.ending == .exited(0) }) {
            states[index] = .done
            record.steps[index].inputStamps = inputStamps[index]
            record.steps[index].outputStamps = step.outputs.map { fileSystem.stamp(at: $0) }
          } else if case .cancelled = ending {
            states[index] = .failed
          } else if isLearnersError(output(of: outcomes[index])) {
            // Like llbuild: what is running finishes, nothing new starts.
            states[index] = .failed
            stopping = true
            if case .built = ending { ending = .learnersError }
          } else {
            states[index] = .failed
            stopping = true
            ending = .failed(step.name)
          }
        }
        startReady()
      }
    }
    // A step the scheduler never reached (it waited on one that failed) is simply not done.
    return Run(
      ending: ending, output: outcomes.map(output(of:)).joined(), stepsRun: started.filter { $0 > 0 }.count)
  }

  /// What a step's jobs printed, in the jobs' order (the compile job's diagnostics first).
  private func output(of outcomes: [Int: ProcessOutcome]) -> String {
    outcomes.sorted { $0.key < $1.key }.map { $0.value.standardOutput + $0.value.standardError }.joined()
  }

  private func run(_ job: [String], makingFoldersFor outputs: [String]) async throws -> ProcessOutcome {
    // Output folders a moved or emptied build folder lacks; the driver would make them.
    for output in outputs where output.hasPrefix("/") {
      let folder = FilePath.parent(output)
      if !fileSystem.directoryExists(at: folder) { try fileSystem.createDirectory(at: folder) }
    }
    return try await processes.run(
      ProcessRequest(
        executable: job[0], arguments: Array(job.dropFirst()), environment: environment, workingDirectory: scratch,
        timeout: .seconds(600),
        outputLimit: 256 << 10, mayLeaveProcesses: false))
  }

  /// Whether a failed step's errors are in the exercises' files (the learner's code, or their
  /// tests through a planted bug's links): what `swift test` would report as theirs.
  private func isLearnersError(_ output: String) -> Bool {
    CompilerDiagnostics.parse(output, root: root).contains { diagnostic in
      diagnostic.severity == "error"
        && (diagnostic.file.hasPrefix("Exercises/") || diagnostic.file.hasPrefix(ExerciseRunner.variantsFolder + "/"))
    }
  }
}
