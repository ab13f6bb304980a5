import Foundation
import TutorKit

/// Recording: what SwiftPM is about to build from, and after it has built, the record of its
/// plan, with the compiler jobs the Swift driver says each step stands for.
extension WarmBuilder {
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

  /// Where SwiftPM writes the plan it builds from (see ``BuildPlan``).
  private var planPath: String { FilePath.join(scratch, BuildPlan.fileName) }

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
    for index in steps.indices { steps[index].unread = unreadModules(of: index, in: steps) }
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
    // The driver keeps the temporary folder of a run that prints its jobs: it is given one of
    // ours in the build folder, gone when the plan is read (not one more in /tmp per command).
    let records = FilePath.join(scratch, WarmBuildRecord.folder)
    let temporary = FilePath.join(records, "planning-\(UUID().uuidString)")
    try? fileSystem.createDirectory(at: temporary)
    defer { try? fileSystem.removeBuildFolder(at: temporary) }
    var variables = environment
    variables["TMPDIR"] = temporary
    let request = ProcessRequest(
      executable: tool, arguments: Array(planning.dropFirst()), environment: variables, workingDirectory: scratch,
      timeout: .seconds(120),
      mayLeaveProcesses: false)
    guard let outcome = try? await processes.run(request), outcome.ending == .exited(0) else { return ([args], false) }
    var jobs = outcome.standardOutput.split(separator: "\n").compactMap { ShellWords.split(String($0)) }
      // A compile's driver wraps the module for the debugger too; SwiftPM has a step of its
      // own for that, into another file, and the driver's copy is never linked.
      .filter { job in !(compiles && job.count > 1 && job[1] == "-modulewrap") }
    // A file the driver wrote for a job (the map of a compile's outputs, for a module of three
    // files or more) is kept beside the records, named by its contents, so the job can run again.
    for (index, job) in jobs.enumerated() {
      for (position, argument) in job.enumerated() where argument.hasPrefix(temporary + "/") {
        guard let contents = try? fileSystem.readFile(at: argument) else { return ([args], false) }
        let kept = FilePath.join(
          records, "driver-files",
          WarmBuildRecord.fileName(for: ["": String(decoding: contents, as: UTF8.self)]).replacingOccurrences(of: ".json", with: "")
            + "-" + FilePath.lastComponent(argument))
        if !fileSystem.fileExists(at: kept) {
          guard (try? fileSystem.createDirectory(at: FilePath.parent(kept))) != nil,
            (try? fileSystem.writeReplacing(contents, to: kept)) != nil
          else { return ([args], false) }
        }
        jobs[index][position] = kept
      }
    }
    // A job that names a temporary folder of a driver's own cannot be run again later: such a
    // command runs through the driver, as SwiftPM runs it.
    guard !jobs.isEmpty, !jobs.joined().contains(where: { $0.contains("/TemporaryDirectory.") || $0.hasPrefix(temporary) }) else {
      return ([args], false)
    }
    return (jobs, compiles)
  }
}
