import Foundation

/// Planted bugs run through the test launcher (`Sources/WarmBuild/TestLauncher.swift`): one
/// process loads the Swift runtime, Foundation and Swift Testing once and forks a child per bug,
/// which loads the bug's library and the tests (linked as a shared library) and runs them with
/// the arguments the test program would have had. What a run reports is what its own process
/// would have: its output, its event stream, how it ended.
enum LaunchedRuns {
  /// The launcher's command line: the tests' library, how many children at once, each child's
  /// time limit, the libraries it must not load itself (those each child loads in a version of
  /// its own), then each run: where its standard output and error go, the libraries it loads
  /// first, and the tests' arguments (the first being the program's name).
  static func arguments(
    tests: String, jobs: Int, timeout: Duration, notPreloaded: [String],
    runs: [(output: String, error: String, libraries: [String], arguments: [String])]
  ) -> [String] {
    let milliseconds = max(Int(timeout.seconds * 1000), 1)
    var arguments = [tests, String(max(jobs, 1)), String(milliseconds), String(notPreloaded.count)] + notPreloaded
    arguments.append(String(runs.count))
    for run in runs {
      arguments += [run.output, run.error, String(run.libraries.count)] + run.libraries
      arguments += [String(run.arguments.count + 1), tests] + run.arguments
    }
    return arguments
  }

  /// How each run ended, by its position on the command line, from the launcher's report: a
  /// line per run with its position, `exited` and the status, `signalled` and the signal, or
  /// `timedout`, then its time in microseconds. A run missing from it did not run.
  static func report(_ text: String) -> [Int: (ending: ProcessOutcome.Ending, duration: Duration)] {
    var ended: [Int: (ending: ProcessOutcome.Ending, duration: Duration)] = [:]
    for line in text.split(separator: "\n") {
      let words = line.split(separator: " ")
      guard words.count == 4, let index = Int(words[0]), let value = Int32(words[2]), let micros = Int64(words[3]) else { continue }
      switch words[1] {
      case "exited": ended[index] = (.exited(value), .microseconds(micros))
      case "signalled": ended[index] = (.signalled(value), .microseconds(micros))
      case "timedout": ended[index] = (.timedOut, .microseconds(micros))
      default: continue
      }
    }
    return ended
  }
}

extension TestPrograms {
  /// Runs `runs` (each bug with its position in the build's bug runs) through their launcher,
  /// as many at once as there are cores. Returns how each ended with its event stream, and the
  /// runs the launcher did not start (it would not run, or a library would not load): those
  /// run as programs of their own.
  func launch(_ runs: [(index: Int, bug: BugRun)], job: TestJob, jobs: Int) async throws
    -> (finished: [(Int, ProcessOutcome, String?)], leftOver: [(index: Int, bug: BugRun)])
  {
    guard let launch = runs.first?.bug.launch else { return ([], runs) }
    let files = runs.map { run in
      let events = job.events.path + ".\(run.index)"
      return (events: events, output: events + ".out", error: events + ".err")
    }
    defer {
      for file in files { for path in [file.events, file.output, file.error] { try? fileSystem.removeItem(at: path) } }
    }
    // Each subject's library is loaded by each child, in the version its run asks for.
    let notPreloaded = Array(Set(runs.flatMap { $0.bug.launch?.libraries ?? [] }.map(FilePath.lastComponent))).sorted()
    let arguments = LaunchedRuns.arguments(
      tests: launch.tests, jobs: jobs, timeout: job.timeout, notPreloaded: notPreloaded,
      runs: zip(runs, files).map { run, file in
        (file.output, file.error, run.bug.launch?.libraries ?? [], testArguments(job, events: file.events, only: run.bug.testModule))
      })
    var variables = job.variables
    variables["NO_COLOR"] = "1"
    let rounds = (runs.count + jobs - 1) / max(jobs, 1)
    let outcome = try await processes.run(
      ProcessRequest(
        executable: launch.launcher, arguments: arguments, environment: variables, workingDirectory: root,
        timeout: job.timeout * rounds + .seconds(10)))
    if outcome.ending == .cancelled || outcome.ending == .timedOut {
      // As a run of its own ends the check when it is cancelled or out of time.
      return (runs.map { ($0.index, ProcessOutcome(ending: outcome.ending), "") }, [])
    }
    let ended = LaunchedRuns.report(outcome.standardOutput)
    var finished: [(Int, ProcessOutcome, String?)] = []
    var leftOver: [(index: Int, bug: BugRun)] = []
    for (position, (run, file)) in zip(runs, files).enumerated() {
      let stream = (try? fileSystem.readText(at: file.events)) ?? ""
      guard let (ending, duration) = ended[position], ending != .exited(127) || EventStream.runStarted(in: stream) else {
        leftOver.append(run)
        continue
      }
      let ran = ProcessOutcome(
        ending: ending, standardOutput: bounded(file.output), standardError: bounded(file.error), duration: duration)
      finished.append((run.index, Self.asSwiftTestReports(ran, of: run.bug.program), stream))
    }
    return (finished, leftOver)
  }

  /// A run's output file, its first and last half-megabyte when it is longer (as a program's
  /// own run keeps it).
  private func bounded(_ path: String) -> String {
    guard let data = try? fileSystem.readFile(at: path) else { return "" }
    var capture = BoundedCapture(limit: ProcessRequest.defaultOutputLimit / 2)
    capture.append([UInt8](data)[...])
    return capture.text
  }
}
