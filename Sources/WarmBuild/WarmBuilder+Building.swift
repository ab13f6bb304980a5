import Foundation
import TutorKit

/// Building from the record: whether it still holds, then the steps that are out of date,
/// their compiler jobs run as many at once as there are cores, each step once the steps that
/// make its inputs have finished.
extension WarmBuilder {
  /// Whether the next build of `configuration` can do without SwiftPM: what ``build(_:exercises:swift:)``
  /// checks before it runs anything.
  public func canBuild(_ configuration: Configuration, swift: String) -> Bool {
    if case .success = usableRecord(configuration, swift: swift) { return true }
    return false
  }

  /// The configuration's record, if it still describes what SwiftPM would build.
  private func usableRecord(_ configuration: Configuration, swift: String) -> Result<WarmBuildRecord, Reason> {
    guard let record = readRecord(at: recordPath(for: configuration)),
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
  ///
  /// `keepGoing`: a learner's compile error stops only what depends on it; the rest builds, and
  /// the test program links without the modules that did not build (a grading lane's course:
  /// one learner's broken exercise need not send the other 28 to another build).
  func build(
    _ configuration: Configuration, exercises: [String], planted: [PlantedBugs] = [], keepGoing: Bool = false,
    swift: String
  ) async throws -> Outcome {
    var record: WarmBuildRecord
    switch usableRecord(configuration, swift: swift) {
    case .success(let usable): record = usable
    case .failure(let reason): return .needsPackageManager(reason)
    }
    // Put back what another configuration's build changed of SwiftPM's own files.
    for (path, data) in record.generated where (try? fileSystem.readFile(at: path)) != data {
      try fileSystem.writeReplacing(data, to: path)
    }

    let clock = ContinuousClock()
    let started = clock.now
    // A write-the-test exercise's tests compile once and run against each planted bug's library;
    // otherwise the steps ditutor added for that stay out.
    let sharing = planted.isEmpty ? nil : try await share(planted, in: &record)
    let skipping = sharing?.skipping ?? Set(record.steps.indices.filter { record.steps[$0].name.hasPrefix(Self.ownStepPrefix) })
    let result = try await run(&record, skipping: skipping, keepGoing: keepGoing)
    let duration = clock.now - started
    switch result.ending {
    case .built:
      save(record)
      // A planted bug whose tests did not compile has nothing to run.
      let bugRuns = (sharing?.bugRuns ?? []).filter { bugRun in
        !result.notBuilt.contains { record.steps[$0].name.hasPrefix("C.\(bugRun.testModule)-") }
      }
      return .built(
        output: result.output, duration: duration, testProgram: sharing?.program ?? record.testProgram,
        stepsRun: result.stepsRun, bugRuns: bugRuns)
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

  // MARK: Running the jobs

  private struct Run {
    enum Ending { case built, cancelled, learnersError, failed(String) }
    var ending: Ending
    var output: String
    var stepsRun: Int
    /// With `keepGoing`, the steps that failed at the learner's code or depend on one that did.
    var notBuilt: Set<Int> = []
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
  private func run(_ record: inout WarmBuildRecord, skipping: Set<Int>, keepGoing: Bool) async throws -> Run {
    let steps = record.steps
    var maker: [String: Int] = [:]
    for (index, step) in steps.enumerated() {
      for output in step.outputs { maker[output] = index }
    }
    let makers = steps.map { step in Set(step.inputs.compactMap { maker[$0] }) }
    // The makers of the inputs a step reads (not the module interfaces it only waits for).
    let readMakers = steps.indices.map { index in
      let unread = Set(record.steps[index].unread ?? [])
      return Set(steps[index].inputs.filter { !unread.contains($0) }.compactMap { maker[$0] })
    }
    /// The jobs to run for each step: a link whose inputs did not all build leaves them out.
    var jobs = steps.map(\.jobs)
    var partial: Set<Int> = []
    /// Steps this build does without: wrapping a module for the debugger, when no one debugs.
    var leftOut: Set<Int> = []
    if keepGoing {
      // Nor does it wrap each module for the debugger (a fifth of a module's compile time):
      // the links leave those objects out.
      leftOut = Set(steps.indices.filter { index in
        steps[index].jobs.count == 1 && steps[index].jobs[0].dropFirst().first == "-modulewrap"
      })
      let wrapped = Set(leftOut.flatMap { steps[$0].outputs })
      for index in steps.indices where Self.isLink(steps[index]) {
        jobs[index] = jobs[index].map { $0.filter { !wrapped.contains($0) } }
      }
    }
    // A module interface no step imports (a test module's: only the debugger's module wrap reads
    // it) is not emitted: no one debugs ditutor's build folders (a learner's `swift test` builds
    // in SwiftPM's own, which emits its own). A write-the-test check whose planted bugs keep
    // their modules compiles the learner's tests once per such bug, and each emit-module job
    // type-checked their declarations once more: a third of a second of a core each.
    var imported: Set<String> = []
    for (index, step) in steps.enumerated() where !step.jobs.contains(where: { $0.dropFirst().first == "-modulewrap" }) {
      let unread = Set(record.steps[index].unread ?? [])
      imported.formUnion(step.inputs.filter { $0.hasSuffix(".swiftmodule") && !unread.contains($0) })
    }
    for (index, step) in steps.enumerated() {
      let interfaces = step.outputs.filter { $0.hasSuffix(".swiftmodule") }
      // Only while the step's outputs are all there: a step with an output missing (a build
      // folder emptied by hand) never counts as built, and only its whole plan makes it again.
      guard step.concurrent, step.jobs.count > 1, !interfaces.isEmpty, interfaces.allSatisfy({ !imported.contains($0) }),
        step.outputs.allSatisfy({ fileSystem.stamp(at: $0) != nil })
      else { continue }
      let rest = step.jobs.filter { !$0.contains("-emit-module") }
      if !rest.isEmpty && rest.count < step.jobs.count { jobs[index] = rest }
    }
    enum State { case waiting, running, done, failed }
    var states = Array(repeating: State.waiting, count: steps.count)
    var inputStamps = Array(repeating: [FileStamp?](), count: steps.count)
    /// Jobs of running steps not started yet: all of a concurrent step's, the next of another's.
    var unstarted = Array(repeating: [Int](), count: steps.count)
    var started = Array(repeating: 0, count: steps.count)
    var outcomes = Array(repeating: [Int: ProcessOutcome](), count: steps.count)
    var jobsRunning = 0
    /// What each running step that may be kept reads (a grading lane's: see
    /// `WarmBuilder+KeptSteps.swift`).
    var keys: [Int: Data] = [:]
    var stopping = false
    var ending = Run.Ending.built

    try await withThrowingTaskGroup(of: FinishedJob.self) { group in
      /// Starts every step whose makers are done (one that is up to date is done at once, which
      /// may make others ready), then as many of their jobs as there are cores, earliest first.
      func startReady() {
        var progressed = true
        while progressed && !stopping {
          progressed = false
          for index in steps.indices where states[index] == .waiting
            && makers[index].allSatisfy({ states[$0] == .done || keepGoing && states[$0] == .failed })
          {
            progressed = true
            // Going on past the learner's errors: a link leaves out what did not build; a
            // step that reads it does not build either.
            let failedMakers = readMakers[index].filter { states[$0] == .failed }
            if !failedMakers.isEmpty {
              guard Self.isLink(steps[index]) else {
                states[index] = .failed
                continue
              }
              let missing = Set(failedMakers.flatMap { steps[$0].outputs })
              jobs[index] = jobs[index].map { $0.filter { !missing.contains($0) } }
              partial.insert(index)
            }
            // A step this build does without counts as done, as it was last left.
            if skipping.contains(index) || leftOut.contains(index) {
              states[index] = .done
              continue
            }
            let step = steps[index]
            let stamps = step.inputs.map { fileSystem.stamp(at: $0) }
            let unread = Set(record.steps[index].unread ?? [])
            let inputsAsBefore = record.steps[index].inputStamps.map { before in
              before.count == stamps.count
                && step.inputs.indices.allSatisfy { unread.contains(step.inputs[$0]) || before[$0] == stamps[$0] }
            }
            // A link that leaves something out always runs: the program on disk may hold it.
            let current =
              !partial.contains(index) && inputsAsBefore == true
              && record.steps[index].outputStamps == step.outputs.map { fileSystem.stamp(at: $0) }
              && record.steps[index].outputStamps?.allSatisfy({ $0 != nil }) == true
            let mayKeep = keepGoing && !partial.contains(index) && Self.mayKeep(step)
            if current {
              states[index] = .done
              // What SwiftPM built, or an earlier learner's build, is kept before a later
              // learner's inputs make the step run.
              if mayKeep, record.steps[index].kept != true, let key = keyOf(step, unread: unread) {
                keep(step, key: key)
                record.steps[index].kept = true
              }
              continue
            }
            // A grading lane compiled these very inputs before: its outputs are put back.
            if mayKeep, let key = keyOf(step, unread: unread) {
              let found = kept(step, key: key)
              if case .built(let entry) = found, restoreKept(step, from: entry) {
                states[index] = .done
                forgetDriversRecord(of: step)
                record.steps[index].inputStamps = stamps
                record.steps[index].outputStamps = step.outputs.map { fileSystem.stamp(at: $0) }
                record.steps[index].kept = true
                continue
              }
              // It failed on these very inputs: the same errors, without the compiler. (Only a
              // lane keeps going, so nothing stops here.)
              if case .failed(let said) = found {
                states[index] = .failed
                outcomes[index] = [0: ProcessOutcome(ending: .exited(1), standardError: said)]
                record.steps[index].kept = nil
                record.steps[index].inputStamps = nil
                record.steps[index].outputStamps = nil
                continue
              }
              keys[index] = key
            }
            record.steps[index].kept = nil
            states[index] = .running
            inputStamps[index] = stamps
            record.steps[index].inputStamps = nil
            record.steps[index].outputStamps = nil
            unstarted[index] = step.concurrent ? Array(jobs[index].indices) : [0]
          }
        }
        // Cores nothing would use: a compile job of several files not yet started takes them
        // (see `WarmBuilder+Splitting.swift`).
        var idle = parallelJobs - jobsRunning - unstarted.reduce(0) { $0 + $1.count }
        for index in steps.indices where idle > 0 && !stopping && steps[index].concurrent && started[index] == 0 && !unstarted[index].isEmpty {
          jobs[index] = jobs[index].flatMap { job in
            let pieces = Self.split(job, into: idle + 1)
            idle -= pieces.count - 1
            return pieces
          }
          unstarted[index] = Array(jobs[index].indices)
        }
        while !stopping && jobsRunning < parallelJobs, let index = unstarted.firstIndex(where: { !$0.isEmpty }) {
          let job = unstarted[index].removeFirst()
          let step = steps[index]
          let command = jobs[index][job]
          started[index] += 1
          jobsRunning += 1
          group.addTask {
            FinishedJob(step: index, job: job, outcome: try await run(command, makingFoldersFor: step.outputs))
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
        } else if !step.concurrent && finished.job + 1 < jobs[index].count {
          unstarted[index] = [finished.job + 1]
        }
        if finished.outcome.ending == .cancelled {
          stopping = true
          ending = .cancelled
        }
        let finishedJobs = outcomes[index].count
        let stepOver = !succeeded || finishedJobs == jobs[index].count
        if stepOver && finishedJobs == started[index] {
          if outcomes[index].count == jobs[index].count && outcomes[index].values.allSatisfy({ $0.ending == .exited(0) }) {
            states[index] = .done
            forgetDriversRecord(of: step)
            // A link that left something out is out of date until it links everything.
            if !partial.contains(index) {
              record.steps[index].inputStamps = inputStamps[index]
              record.steps[index].outputStamps = step.outputs.map { fileSystem.stamp(at: $0) }
            }
            if let key = keys.removeValue(forKey: index) {
              keep(step, key: key)
              record.steps[index].kept = true
            }
            record.steps[index].unread = unreadModules(of: index, in: record.steps)
          } else if case .cancelled = ending {
            states[index] = .failed
          } else if isLearnersError(output(of: outcomes[index])) {
            states[index] = .failed
            // Said in full (every job ran to its end): the next build on these inputs says it
            // again without the compiler.
            if let key = keys.removeValue(forKey: index), outcomes[index].count == jobs[index].count,
              outcomes[index].values.allSatisfy({ if case .exited = $0.ending { true } else { false } })
            {
              keep(step, key: key, failed: output(of: outcomes[index]))
            }
            // Like llbuild: what is running finishes, nothing new starts; or, going on, only
            // what depends on it stops.
            if !keepGoing {
              stopping = true
              if case .built = ending { ending = .learnersError }
            }
          } else {
            states[index] = .failed
            stopping = true
            // What it printed first, for the trace: the step's name alone says little.
            let said = output(of: outcomes[index]).split(separator: "\n").prefix(2).joined(separator: " ").prefix(400)
            ending = .failed(said.isEmpty ? step.name : "\(step.name): \(said)")
          }
        }
        startReady()
      }
    }
    // A step the scheduler never reached (it waited on one that failed) is simply not done.
    let notBuilt = Set(states.indices.filter { states[$0] == .failed })
    if keepGoing, case .built = ending, states.contains(where: { $0 != .done && $0 != .failed }) || notBuilt.count == states.count {
      ending = .learnersError
    }
    return Run(
      ending: ending, output: outcomes.map(output(of:)).joined(), stepsRun: started.filter { $0 > 0 }.count,
      notBuilt: notBuilt)
  }

  /// Removes the Swift driver's incremental record of a module this build compiled behind its
  /// back. The driver decides what to recompile by the sources' contents as it last compiled
  /// them: after a warm build compiled other contents into the module's objects, a source put
  /// back as the driver last saw it (a grading lane going from one learner to another and back,
  /// a learner undoing an edit) would keep the warm build's objects. Without its record, the
  /// driver compiles the whole module the next time SwiftPM builds it.
  private func forgetDriversRecord(of step: WarmBuildRecord.Step) {
    guard step.jobs.contains(where: { $0.contains("-frontend") || FilePath.lastComponent($0.first ?? "") == "swiftc" }) else { return }
    let folders = Set(step.outputs.filter { $0.hasSuffix(".o") }.map(FilePath.parent))
    for folder in folders {
      for name in (try? fileSystem.contentsOfDirectory(at: folder)) ?? []
      where name.hasSuffix(".priors") || name.hasSuffix(".swiftdeps") {
        try? fileSystem.removeItem(at: FilePath.join(folder, name))
      }
    }
  }

  /// A step that links a test program (SwiftPM's, or one of ditutor's own), or the tests as a
  /// library for the test launcher: it can leave out what did not build.
  static func isLink(_ step: WarmBuildRecord.Step) -> Bool {
    step.outputs.contains { $0.hasSuffix(".xctest") } || step.name == testsLibraryStep
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
