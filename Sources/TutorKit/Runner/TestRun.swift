import Foundation

/// What one run of a selection's tests needs, whichever way it is built and run.
struct TestJob: Sendable {
  var exercises: [Exercise]
  /// The environment: the selection's variables (see ``PackageSelection``) over ditutor's own.
  var variables: [String: String]
  /// `swift test`'s arguments after `test`: the package, the build folder, the event stream.
  var arguments: [String]
  /// What a recorded build is of: the manifest's variables and the flags.
  var configuration: RecordedBuilds.Configuration
  var timeout: Duration
  var swift: String
  /// The event stream: the time limit starts when it appears, and the run is over when it says
  /// so, even if the program lingers.
  var events: WatchedFile
  /// The event stream so far, if there is one.
  var stream: @Sendable () -> String?
}

/// What a run of the tests left: how the program ended, and the event stream (nil when the
/// build stopped before the tests).
///
/// There are two ways to get one, ``WarmRun`` and ``SwiftTestRun``, tried in that order by
/// ``ExerciseRunner``. They are two concrete types, not one protocol: the runner needs both, in
/// a fixed order, and nothing else stands in for either (the tests fake `ProcessRunner`, the
/// boundary, instead). A protocol here would be the over-abstraction lesson 2 warns about.
typealias TestRunResult = (outcome: ProcessOutcome, events: String?)

/// Plain `swift test`: always able to run, and the reference every other way must agree with.
/// With a warm build beside it, it records what SwiftPM built so the next check can do without.
struct SwiftTestRun: Sendable {
  let root: String
  let processes: any ProcessRunner
  let warm: (any RecordedBuilds)?
  let trace: (@Sendable (String) -> Void)?

  func run(_ job: TestJob) async throws -> TestRunResult {
    let request = ProcessRequest(
      executable: job.swift, arguments: ["test"] + job.arguments, environment: job.variables, workingDirectory: root,
      timeout: job.timeout, watch: job.events)
    guard let warm else {
      let outcome = try await processes.run(request)
      return (outcome, job.stream())
    }
    return try await warm.recording(
      job.configuration, exercises: job.exercises.map(\.id), modules: job.exercises.map(\.testModuleName), swift: job.swift
    ) {
      let outcome = try await processes.run(request)
      let recorded = job.stream()
      guard outcome.ending != .cancelled else { return ((outcome, recorded), nil) }
      // The tests ran only if the build succeeded.
      let built = recorded.map(EventStream.init)?.runStarted ?? false
      trace?(built ? "recording the build for the next check" : "the build failed, so the next check is SwiftPM's too")
      return ((outcome, recorded), built)
    }
  }
}

/// A check without SwiftPM: the recorded build replays the compiler jobs of SwiftPM's plan
/// (see ``RecordedBuilds``), then runs the test program as `swift test` would.
///
/// It declines (nil) when SwiftPM must build, and also after the build when the test program
/// did not start a test run (it would not start, or it rejected `swift test`'s arguments):
/// then the record is forgotten and `swift test` runs, rather than the learner being told
/// their code does not compile.
struct WarmRun: Sendable {
  let root: String
  let processes: any ProcessRunner
  let warm: any RecordedBuilds
  let trace: (@Sendable (String) -> Void)?

  /// The run, or nil when `swift test` must run instead.
  func run(_ job: TestJob) async throws -> TestRunResult? {
    switch try await warm.rebuild(job.configuration, exercises: job.exercises.map(\.id), swift: job.swift) {
    case .built(let buildOutput, let buildTime, let program, let stepsRun):
      trace?("built without SwiftPM: \(stepsRun) step\(stepsRun == 1 ? "" : "s") ran, in \(String(format: "%.2f s", buildTime.seconds))")
      var outcome = try await runTestProgram(program, job)
      let events = job.stream()
      let started = events.map(EventStream.init)?.runStarted ?? false
      if !started, case .exited = outcome.ending {
        trace?("the test program ran no tests, so swift test runs instead")
        warm.forget(job.configuration)
        return nil
      }
      outcome.standardError = buildOutput + outcome.standardError
      outcome.duration += buildTime
      return (outcome, events)
    case .stopped(let outcome):
      trace?("built without SwiftPM, and the build stopped: \(outcome.ending == .cancelled ? "cancelled" : "it does not compile")")
      return (outcome, nil)
    case .needsPackageManager(let reason):
      trace?("building with swift test: \(reason)")
      return nil
    }
  }

  /// Runs a built test program as `swift test` runs it (swift test's own arguments, then the
  /// testing library; colour off, as for any output that is not a terminal), and reports its
  /// end as `swift test` would.
  private func runTestProgram(_ program: String, _ job: TestJob) async throws -> ProcessOutcome {
    var variables = job.variables
    variables["NO_COLOR"] = "1"
    let request = ProcessRequest(
      executable: program, arguments: job.arguments + ["--testing-library", "swift-testing"], environment: variables,
      workingDirectory: root, timeout: job.timeout, watch: job.events)
    var outcome = try await processes.run(request)
    if case .signalled(let signal) = outcome.ending {
      outcome.standardError += "\nerror: Process '\(program)' exited with unexpected signal code \(signal)\n"
      outcome.ending = .exited(1)
    }
    return outcome
  }
}
