import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

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
  /// Test modules left out of the run (a crashed planted bug's, and those already done).
  var skipping: [String] = []
  /// Test modules that may crash by design (planted bugs' tests compiled into the program): a run
  /// without SwiftPM runs each in a process of its own beside the rest, so that a crash in one
  /// ends only its own run (`swift test`, one process, is run again past it instead).
  var apart: Set<String> = []
  /// The write-the-test exercises among `exercises`, for a recorded build (see ``PlantedBugs``).
  var planted: [PlantedBugs] = []
  /// A selection later checks ask for again (a grading lane's course): built from its record
  /// past an exercise that does not compile (see ``RecordedBuilds/rebuild(_:exercises:planted:keepGoing:swift:)``).
  var repeated = false
  /// What this check's first warm run built, for its runs again after a crash.
  var built = BuiltOnce()
}

/// The build a check's first run made without SwiftPM, kept for the runs that follow it in
/// the same check (a crash cut the first short): nothing changed in between, the build folder's
/// lock held, so they test the same programs without asking the record again (which would relink
/// what a build going on past a compile error left out, and compile that error again).
final class BuiltOnce: Sendable {
  private let build = Mutex<RecordedBuild?>(nil)
  var value: RecordedBuild? {
    get { build.withLock { $0 } }
    set { build.withLock { $0 = newValue } }
  }
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
      job.configuration, exercises: job.exercises.map(\.id), modules: job.exercises.map(\.testModuleName), swift: job.swift,
      keep: job.repeated
    ) {
      let outcome = try await processes.run(request)
      let recorded = job.stream()
      guard outcome.ending != .cancelled else { return ((outcome, recorded), nil) }
      // The tests ran only if the build succeeded.
      let built = recorded.map(EventStream.runStarted(in:)) ?? false
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
  let fileSystem: any FileSystem
  let warm: any RecordedBuilds
  let trace: (@Sendable (String) -> Void)?

  /// An event stream whose test identifiers begin with `module` (`CheckoutAuditTests.Suite/…`),
  /// as if `renamed` had run them: a planted bug's run reports the module its tests were compiled
  /// in, and its results are that bug's.
  /// (Read as bytes: a lane's 130 bug runs' streams took 0.2 s a learner through `NSString`.)
  static func renaming(_ module: String, to renamed: String, in stream: String) -> String {
    let from = Array("\"\(module)".utf8)
    let to = Array("\"\(renamed)".utf8)
    var stream = stream
    return stream.withUTF8 { text in
      guard let base = text.baseAddress else { return "" }
      var renamedText: [UInt8] = []
      renamedText.reserveCapacity(text.count)
      var copied = 0
      var at = 0
      // Each quotation mark, found by memchr, is a place the name may begin.
      while at < text.count, let found = memchr(base + at, Int32(UInt8(ascii: "\"")), text.count - at) {
        let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        let after = index + from.count
        if after < text.count, memcmp(base + index, from, from.count) == 0,
          text[after] == UInt8(ascii: ".") || text[after] == UInt8(ascii: "/")
        {
          renamedText.append(contentsOf: UnsafeBufferPointer(rebasing: text[copied..<index]))
          renamedText.append(contentsOf: to)
          copied = after
        }
        at = index + 1
      }
      renamedText.append(contentsOf: UnsafeBufferPointer(rebasing: text[copied...]))
      return String(decoding: renamedText, as: UTF8.self)
    }
  }

  /// The run, or nil when `swift test` must run instead.
  func run(_ job: TestJob) async throws -> TestRunResult? {
    let earlier = job.built.value
    let build: RecordedBuild
    if let earlier {
      build = earlier
    } else {
      build = try await warm.rebuild(
        job.configuration, exercises: job.exercises.map(\.id), planted: job.planted, keepGoing: job.repeated, swift: job.swift)
    }
    switch build {
    case .built(let buildOutput, let buildTime, let program, let stepsRun, let bugRuns):
      if earlier == nil {
        job.built.value = build
        trace?("built without SwiftPM: \(stepsRun) step\(stepsRun == 1 ? "" : "s") ran, in \(String(format: "%.2f s", buildTime.seconds))")
      } else {
        trace?("running again what this check built")
      }
      if !bugRuns.isEmpty {
        let launched = bugRuns.contains { $0.launch != nil } ? ", each in a child of the test launcher" : ""
        trace?("the tests compiled once run against \(bugRuns.count) planted bug\(bugRuns.count == 1 ? "" : "s") from libraries\(launched)")
      }
      // The test program, the planted bugs the tests were not compiled into, and those they
      // were (``TestJob/apart``), one run each.
      let fromLibraries = Set(bugRuns.map(\.module))
      let apart = job.apart.filter { !fromLibraries.contains($0) && !job.skipping.contains($0) }.sorted()
      if !apart.isEmpty {
        trace?("\(apart.count) planted bug\(apart.count == 1 ? "" : "s") compiled into the test program, each run in a process of its own")
      }
      let bugRuns = bugRuns + apart.map { BugRun(module: $0, testModule: $0, program: program, libraryPath: "") }
      let programs = TestPrograms(root: root, processes: processes, fileSystem: fileSystem)
      let runs = try await programs.run(program, bugRuns: bugRuns, job: job, apart: apart)
      guard var (outcome, events) = runs[-1] else { return nil }
      if let slowest = runs.max(by: { $0.value.0.duration < $1.value.0.duration }), !bugRuns.isEmpty {
        trace?("the slowest of the \(runs.count) test runs took \(String(format: "%.2f s", slowest.value.0.duration.seconds)) (\(slowest.key < 0 ? "the test program" : bugRuns[slowest.key].module))")
      }
      let started = events.map(EventStream.runStarted(in:)) ?? false
      /// Hands the check to `swift test`, which appends to the event stream: none of this run's.
      func handBack(_ why: String) -> TestRunResult? {
        trace?(why + ", so swift test runs instead")
        try? fileSystem.removeItem(at: job.events.path)
        warm.forget(job.configuration)
        return nil
      }
      if !started, case .exited = outcome.ending { return handBack("the test program ran no tests") }
      if let failed = TestPrograms.join(runs, of: bugRuns, into: &outcome, events: &events).first {
        return handBack(failed)
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
}

/// Test programs run as `swift test` runs them, without SwiftPM: the program a recorded build
/// made, and the same tests again against each planted bug's library (``BugRun``), as many at once
/// as there are cores. Each is a process of its own, so a crash in one (which counts as caught)
/// stops no other; a run that is cancelled or out of time ends the check as it ends `swift test`.
struct TestPrograms: Sendable {
  let root: String
  let processes: any ProcessRunner
  let fileSystem: any FileSystem

  /// How each run ended and its event stream, by index in `bugRuns` (the bugs `job` skips are not
  /// run), with `program`'s run, when there is one, at -1; that run leaves out the modules
  /// `apart` (each has a run of its own among `bugRuns`).
  func run(_ program: String?, bugRuns: [BugRun], job: TestJob, apart: [String] = []) async throws -> [Int: (ProcessOutcome, String?)] {
    let pending = bugRuns.enumerated().filter { !job.skipping.contains($0.element.module) }.map { (index: $0.offset, bug: $0.element) }
    let cores = max(ProcessInfo.processInfo.activeProcessorCount, 1)
    enum Work { case program, bug(Int, BugRun), launch([(index: Int, bug: BugRun)]) }
    typealias Done = (finished: [(Int, ProcessOutcome, String?)], leftOver: [(index: Int, bug: BugRun)])
    return try await withThrowingTaskGroup(of: Done.self) { group in
      // The bugs a launcher runs go to it in one batch, beside the program and the others.
      let launched = pending.filter { $0.bug.launch != nil }
      var next: [Work] = (program == nil ? [] : [.program]) + (launched.isEmpty ? [] : [.launch(launched)])
      next += pending.filter { $0.bug.launch == nil }.map { .bug($0.index, $0.bug) }
      func addNext() {
        guard !next.isEmpty else { return }
        let work = next.removeFirst()
        group.addTask {
          switch work {
          case .program:
            return ([(-1, try await runTestProgram(program!, job, events: job.events, leavingOut: apart), job.stream())], [])
          case .launch(let runs):
            // Two children a core: many planted bugs' runs wait (on a clock the bug reads, on a
            // time limit the tests set) rather than compute. A grading lane's 130 bug runs took
            // 0.7 s less so (learner-04 of a generated class, regraded: 5.1 to 5.5 s against 5.8 to
            // 6.7); three a core took longer (5.9 to 7.2).
            return try await launch(runs, job: job, jobs: cores * 2)
          case .bug(let index, let bugRun):
            let path = job.events.path + ".\(index)"
            defer { try? fileSystem.removeItem(at: path) }
            // The program may hold other exercises' tests too: only this bug's exercise's run.
            let run = try await runTestProgram(
              bugRun.program, job, events: WatchedFile(path: path, endMarker: job.events.endMarker),
              libraryPath: bugRun.libraryPath.isEmpty ? nil : bugRun.libraryPath, only: bugRun.testModule)
            return ([(index, run, (try? fileSystem.readText(at: path)) ?? "")], [])
          }
        }
      }
      for _ in 0..<cores { addNext() }
      var finished: [Int: (ProcessOutcome, String?)] = [:]
      while let done = try await group.next() {
        for (index, run, stream) in done.finished { finished[index] = (run, stream) }
        // What the launcher could not start runs as a program of its own.
        next += done.leftOver.map { .bug($0.index, $0.bug) }
        addNext()
      }
      return finished
    }
  }

  /// Joins each bug's run into the whole run's outcome and event stream, in the bugs' order, its
  /// tests renamed to the bug's module; and says which did not start a test run (they would not
  /// load), joining nothing of those.
  static func join(
    _ runs: [Int: (ProcessOutcome, String?)], of bugRuns: [BugRun], into outcome: inout ProcessOutcome, events: inout String?
  ) -> [String] {
    var failed: [String] = []
    // The streams joined once at the end: appended one by one, the whole grew again for each
    // of a course's hundreds of runs.
    var streams: [String] = []
    defer { if !streams.isEmpty { events = ([events ?? ""] + streams).joined(separator: "\n") } }
    for (index, bugRun) in bugRuns.enumerated() {
      guard let (run, stream) = runs[index], let stream else { continue }
      guard EventStream.runStarted(in: stream) || run.ending == .cancelled || run.ending == .timedOut else {
        failed.append(
          "the planted bug \(bugRun.module) did not start a test run (\(run.ending)\(run.standardError.isEmpty ? "" : ": " + run.standardError.prefix(300)))"
        )
        continue
      }
      streams.append(bugRun.testModule == bugRun.module ? stream : WarmRun.renaming(bugRun.testModule, to: bugRun.module, in: stream))
      outcome.standardError += run.standardError
      outcome.standardOutput += run.standardOutput
      outcome.duration += run.duration
      if case .exited = outcome.ending, run.ending != .exited(0) { outcome.ending = run.ending }
    }
    return failed
  }

  /// Runs a built test program as `swift test` runs it (swift test's own arguments, then the
  /// testing library; colour off, as for any output that is not a terminal), and reports its
  /// end as `swift test` would.
  func runTestProgram(
    _ program: String, _ job: TestJob, events: WatchedFile, libraryPath: String? = nil, only module: String? = nil,
    leavingOut apart: [String] = []
  ) async throws -> ProcessOutcome {
    var variables = job.variables
    variables["NO_COLOR"] = "1"
    // The program binds its symbols when it starts (it is linked so): a library that lacks one
    // the tests need fails there, not in the middle of a test.
    if let libraryPath { variables["LD_LIBRARY_PATH"] = libraryPath }
    let request = ProcessRequest(
      executable: program, arguments: testArguments(job, events: events.path, only: module, leavingOut: apart),
      environment: variables,
      workingDirectory: root, timeout: job.timeout, watch: events)
    return Self.asSwiftTestReports(try await processes.run(request), of: program)
  }

  /// A test program's end as `swift test` reports it: stopped by a signal, it failed, with a line
  /// saying which (the line the verdict reads a crash from).
  static func asSwiftTestReports(_ outcome: ProcessOutcome, of program: String) -> ProcessOutcome {
    guard case .signalled(let signal) = outcome.ending else { return outcome }
    var outcome = outcome
    outcome.standardError += "\nerror: Process '\(program)' exited with unexpected signal code \(signal)\n"
    outcome.ending = .exited(1)
    return outcome
  }

  /// A test program's arguments, as `swift test` gives them: its own, the event stream at
  /// `events`, only `module`'s tests when there is one, none of `apart`'s, and the testing library.
  func testArguments(_ job: TestJob, events: String, only module: String?, leavingOut apart: [String] = []) -> [String] {
    var arguments = job.arguments + (module.map { ["--filter", "^\($0)\\."] } ?? []) + apart.flatMap { ["--skip", "^\($0)\\."] }
    if events != job.events.path, let at = arguments.firstIndex(of: "--event-stream-output-path"), at + 1 < arguments.count {
      arguments[at + 1] = events
    }
    return arguments + ["--testing-library", "swift-testing"]
  }
}
