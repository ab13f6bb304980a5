import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A check that SwiftPM built once compiles, links and tests without it: the verdict must be the
/// one `swift test` gives, for every way a learner's code can go (Tests/Fixtures/RunnerCourse),
/// and anything the fast path cannot vouch for must go back to `swift test`.
///
/// Part of ``RunnerTests``: the same course copy, so each fixture is built from scratch once for
/// both, and one test at a time.
extension RunnerTests {
  struct Check {
    var status: Int32
    /// The JSON verdict without its duration.
    var verdict: [String: Any]
    var trace: String
  }

  func checkTraced(_ exercise: String, fast: Bool = true, in course: String = RunnerTests.course) throws -> Check {
    let result = try Ditutor.run(
      ["check", exercise, "--format", "json", "--timeout", "3"], in: course,
      environment: ["DITUTOR_TRACE": "1", "DITUTOR_FAST_CHECK": fast ? "1" : "0"])
    // A verdict that does not parse fails the test here: two unparsed verdicts must not compare
    // equal as two empty ones.
    let parsed = try? JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
    var verdict = try #require(
      parsed, "ditutor check \(exercise) printed no JSON verdict (exit \(result.status)): \(result.output)\n\(result.error)")
    verdict["durationSeconds"] = nil
    return Check(status: result.status, verdict: verdict, trace: result.error)
  }

  /// The learner's first file, in the exercise's Sources/.
  func learnersFile(_ exercise: String) throws -> String {
    let folder = "\(Self.course)/Exercises/\(exercise)/Sources"
    let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).sorted().first { $0.hasSuffix(".swift") })
    return "\(folder)/\(name)"
  }

  func append(_ line: String, to path: String) throws {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try (text + line + "\n").write(toFile: path, atomically: true, encoding: .utf8)
  }

  func same(_ a: [String: Any], _ b: [String: Any]) -> Bool {
    NSDictionary(dictionary: a).isEqual(to: b)
  }

  @Test(arguments: [
    "passes", "fails", "does-not-compile", "crashes", "hangs", "floods", "writes-tests", "writes-tests-module",
    "needs-a-seam", "in-steps", "escapes",
  ])
  func theFastPathGivesSwiftTestsVerdict(_ exercise: String) throws {
    // Built once (by SwiftPM, unless an earlier test did), so the build is recorded.
    let first = try checkTraced(exercise)
    // An edit, checked on the fast path, then by swift test on the same code.
    try append("// an edit", to: try learnersFile(exercise))
    let fast = try checkTraced(exercise)
    if ["does-not-compile", "needs-a-seam"].contains(exercise) {
      // Never built: what SwiftPM left on disk after a failed build is not all this
      // exercise's, so there is no record to build from.
      #expect(fast.trace.contains("the build failed, so the next check is SwiftPM's too"), "\(fast.trace)")
    } else {
      #expect(fast.trace.contains("built without SwiftPM"), "\(fast.trace)")
    }
    let plain = try checkTraced(exercise, fast: false)
    #expect(!plain.trace.contains("without SwiftPM"))
    #expect(fast.status == plain.status)
    #expect(same(fast.verdict, plain.verdict), "fast: \(fast.verdict)\nswift test: \(plain.verdict)")
    #expect(same(first.verdict, plain.verdict))
    #expect(Ditutor.processes(mentioning: Self.course).isEmpty, "nothing is left running")
  }

  @Test(arguments: ["writes-tests", "writes-tests-module"], ["Solution", "Starter"])
  func aWriteTheTestCheckRunsTheTestsCompiledOnceAgainstEachPlantedBug(_ exercise: String, _ tests: String) throws {
    // `writes-tests`: three bugs that change only function bodies (one crashes). In
    // `writes-tests-module` the subject is a module of its own, built with library evolution,
    // and one bug adds a stored property to the struct the tests copy: it shares too. Each runs
    // as a library under the tests compiled once, and the verdict is swift test's.
    let folder = "\(Self.course)/Exercises/\(exercise)"
    let file = "\(folder)/Sources/CounterTests.swift"
    let kept = try Data(contentsOf: URL(fileURLWithPath: file))
    defer { _ = FileManager.default.createFile(atPath: file, contents: kept) }
    try FileManager.default.removeItem(atPath: file)
    try FileManager.default.copyItem(atPath: "\(folder)/\(tests)/CounterTests.swift", toPath: file)
    _ = try checkTraced(exercise)
    try append("// an edit", to: file)
    let fast = try checkTraced(exercise)
    #expect(fast.trace.contains("run against 3 planted bugs from libraries, each in a child of the test launcher"), "\(fast.trace)")
    // Every bug shares, so the tests' program, linked to the subject's library, is the test
    // program too: no second link of the same tests with the subject compiled in.
    let programs = "\(Self.course)/.build/exercises/ditutor-planted/programs"
    let made = FileManager.default.enumerator(atPath: programs)?.allObjects as? [String] ?? []
    #expect(made.contains { $0.hasSuffix("tests.xctest") } && !made.contains { $0.hasSuffix("full.xctest") }, "\(made)")
    #expect(made.contains { $0.hasSuffix("tests.so") }, "the tests as a library, for the launcher: \(made)")
    let plain = try checkTraced(exercise, fast: false)
    #expect(fast.status == plain.status)
    #expect(same(fast.verdict, plain.verdict), "fast: \(fast.verdict)\nswift test: \(plain.verdict)")
    let caught = (plain.verdict["mutants"] as? [[String: Any]] ?? []).filter { $0["caught"] as? Bool == true }.count
    #expect(caught == (tests == "Solution" ? 3 : 0), "the two sets of tests tell the bugs apart: \(plain.verdict)")
  }

  @Test func aPlantedBugCompiledIntoTheProgramRunsApartAndItsCrashIsCaught() throws {
    // A stored property of its own gives the crashing bug another layout than the subject's, so
    // it cannot share the tests compiled once: its tests are compiled into the test program.
    // Run apart from the rest, its crash ends its own run only: nothing runs twice.
    let folder = "\(Self.course)/Exercises/writes-tests"
    let file = "\(folder)/Sources/CounterTests.swift"
    let bug = "\(folder)/Mutants/crashes-on-reset/Counter.swift"
    let kept = try [file, bug].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
    defer { for (path, data) in zip([file, bug], kept) { _ = FileManager.default.createFile(atPath: path, contents: data) } }
    try FileManager.default.removeItem(atPath: file)
    try FileManager.default.copyItem(atPath: "\(folder)/Solution/CounterTests.swift", toPath: file)
    let text = try String(contentsOfFile: bug, encoding: .utf8)
    try #require(text.contains("private(set) var value = 0\n"))
    try text.replacingOccurrences(of: "private(set) var value = 0\n", with: "private(set) var value = 0\n  private var resets = 0\n")
      .write(toFile: bug, atomically: true, encoding: .utf8)
    _ = try checkTraced("writes-tests")
    try append("// an edit", to: file)
    let fast = try checkTraced("writes-tests")
    #expect(fast.trace.contains("run against 2 planted bugs from libraries"), "\(fast.trace)")
    #expect(fast.trace.contains("1 planted bug compiled into the test program, each run in a process of its own"), "\(fast.trace)")
    #expect(!fast.trace.contains("running again"), "\(fast.trace)")
    let plain = try checkTraced("writes-tests", fast: false)
    #expect(same(fast.verdict, plain.verdict), "fast: \(fast.verdict)\nswift test: \(plain.verdict)")
    let caught = (fast.verdict["mutants"] as? [[String: Any]] ?? []).filter { $0["caught"] as? Bool == true }.count
    #expect(caught == 3, "the crash catches its bug, the others fail: \(fast.verdict)")
  }

  @Test func aFileAddedOrRemovedGoesBackToSwiftTest() throws {
    let sources = "\(Self.course)/Exercises/fails/Sources"
    _ = try checkTraced("fails")
    // answer() moves to a file of its own, right this time: the new file must be compiled.
    try "// answer() is in Answer.swift\n".write(toFile: "\(sources)/Code.swift", atomically: true, encoding: .utf8)
    try "func answer() -> Int { 42 }\n".write(toFile: "\(sources)/Answer.swift", atomically: true, encoding: .utf8)
    let added = try checkTraced("fails")
    #expect(added.trace.contains("a file was added, removed or renamed in Exercises/fails"), "\(added.trace)")
    #expect(added.verdict["status"] as? String == "passed")
    // And back: without the new file the old answer is the one compiled.
    try FileManager.default.removeItem(atPath: "\(sources)/Answer.swift")
    try "func answer() -> Int { 41 }\n".write(toFile: "\(sources)/Code.swift", atomically: true, encoding: .utf8)
    let removed = try checkTraced("fails")
    #expect(removed.trace.contains("building with swift test"), "\(removed.trace)")
    #expect(removed.verdict["status"] as? String == "failed")
    // An editor's hidden file is not a source: the next check stays fast.
    try "swap".write(toFile: "\(sources)/.Code.swift.swp", atomically: true, encoding: .utf8)
    try append("// an edit", to: "\(sources)/Code.swift")
    let hidden = try checkTraced("fails")
    #expect(hidden.trace.contains("built without SwiftPM"), "\(hidden.trace)")
  }

  @Test func switchingExercisesAndBackStaysFast() throws {
    _ = try checkTraced("passes")
    _ = try checkTraced("fails")
    try append("// an edit", to: try learnersFile("passes"))
    let back = try checkTraced("passes")
    #expect(back.trace.contains("built without SwiftPM"), "\(back.trace)")
    #expect(back.verdict["status"] as? String == "passed")
  }

  @Test func twoTerminalsCheckingAtOnceTakeTurns() throws {
    _ = try checkTraced("passes")
    _ = try checkTraced("fails")
    try append("// an edit", to: try learnersFile("passes"))
    try append("// an edit", to: try learnersFile("fails"))
    let statuses = Mutex<[String: String]>([:])
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      let exercise = index == 0 ? "passes" : "fails"
      let status = (try? checkTraced(exercise))?.verdict["status"] as? String ?? "no verdict"
      statuses.withLock { $0[exercise] = status }
    }
    #expect(statuses.withLock { $0 } == ["passes": "passed", "fails": "failed"])
  }
  /// Starts `ditutor check hangs` and kills it with SIGKILL once its tests are running; returns
  /// what it had said (its trace).
  @discardableResult
  func killCheckWhileTestsRun(fast: Bool) throws -> String {
    let log = NSTemporaryDirectory() + "ditutor-killed-\(UUID().uuidString).log"
    _ = FileManager.default.createFile(atPath: log, contents: nil)
    defer { try? FileManager.default.removeItem(atPath: log) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Ditutor.executable)
    process.arguments = ["check", "hangs", "--timeout", "600"]
    process.currentDirectoryURL = URL(fileURLWithPath: Self.course)
    process.environment = Ditutor.environment(
      ["DITUTOR_FAST_CHECK": fast ? "1" : "0", "DITUTOR_TRACE": "1"], home: NSTemporaryDirectory())
    process.standardOutput = FileHandle.nullDevice
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
    try process.run()
    // The test itself has started (Swift Testing said so in the event stream, and has nothing
    // more to print while the test loops), not only the test program, nor a compiler job that
    // names it: killed any earlier, a test program writing to swift test's closed pipe would
    // end by itself, and there would be nothing left for anyone to stop.
    // The loop it is in shows as time spent on the processor.
    let scratch = "\(Self.course)/.build/exercises"
    let testsRun = {
      let streams = ((try? FileManager.default.contentsOfDirectory(atPath: scratch)) ?? []).filter { $0.hasPrefix("ditutor-events-") }
      let started = streams.contains { name in
        ((try? String(contentsOfFile: "\(scratch)/\(name)", encoding: .utf8)) ?? "").contains("\"kind\":\"testStarted\"")
      }
      let looping = Ditutor.processes(mentioning: Self.course).contains { line in
        guard line.contains(": \(scratch)/") && line.contains(".xctest"), let pid = Int32(line.prefix { $0 != ":" }) else {
          return false
        }
        return (Ditutor.ProcessStat(pid: pid)?.userTicks ?? 0) >= 30
      }
      return started && looping
    }
    let deadline = Date().addingTimeInterval(120)
    while !testsRun() && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    let started = testsRun()
    kill(process.processIdentifier, SIGKILL)
    // Killed before its tests ran, the check proves nothing about killing one that runs them.
    try #require(started, "the tests of `hangs` did not start within 120 s")
    // Foundation reaps its children itself; waiting for it here would race it.
    let ends = Date().addingTimeInterval(30)
    while process.isRunning && Date() < ends { Thread.sleep(forTimeInterval: 0.02) }
    return (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
  }

  /// Waits until no process mentions `text` (the course, by default), or `seconds` pass; returns
  /// those still running. A deadline, not a pause: the test goes on as soon as they are gone.
  func waitUntilNothingRuns(mentioning text: String = RunnerTests.course, seconds: Double) -> [String] {
    let deadline = Date().addingTimeInterval(seconds)
    while !Ditutor.processes(mentioning: text).isEmpty && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    return Ditutor.processes(mentioning: text)
  }

  @Test func aFastCheckKilledWithNineTakesItsTestsWithIt() throws {
    _ = try checkTraced("hangs")
    try append("// an edit", to: try learnersFile("hangs"))
    let trace = try killCheckWhileTestsRun(fast: true)
    #expect(trace.contains("built without SwiftPM"), "\(trace)")
    // The test program is ditutor's own child: it dies with it (a parent-death signal).
    #expect(waitUntilNothingRuns(seconds: 10) == [])
  }

  @Test func aSwiftTestCheckKilledWithNineIsStoppedByTheNextDitutor() throws {
    try #require(waitUntilNothingRuns(seconds: 10) == [], "nothing of an earlier test runs")
    try killCheckWhileTestsRun(fast: false)
    try #require(Ditutor.processes(mentioning: Self.course).contains { $0.contains(".xctest") }, "the tests outlived ditutor")
    // swift test dies with ditutor; the tests it started are found by the mark they carry and
    // stopped by the next check, which then does not wait on a lock held by a dead run.
    try append("// an edit", to: try learnersFile("passes"))
    let next = try checkTraced("passes", fast: false)
    #expect(next.verdict["status"] as? String == "passed")
    #expect(next.trace.contains("that a killed ditutor left running"), "\(next.trace)")
    #expect(waitUntilNothingRuns(seconds: 10) == [])
  }
  /// Every file in the course but the build folder and ditutor's state, with its contents.
  func courseFiles() -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: Self.course)
    while let path = enumerator?.nextObject() as? String {
      if path.hasPrefix(".build") || path.hasPrefix(".ditutor") { continue }
      var isDirectory: ObjCBool = false
      let full = "\(Self.course)/\(path)"
      guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
      files[path] = FileManager.default.contents(atPath: full)
    }
    return files
  }

  @Test func checksRunFromInsideAnExercisesSourcesLeaveNoFilesThere() throws {
    // Where an editor's terminal sits. A write-the-test exercise compiles the learner's tests
    // once per planted bug: the jobs that replay that build must write only into .build/.
    let sources = "\(Self.course)/Exercises/writes-tests/Sources"
    let before = courseFiles()
    for edit in 1...2 {
      let result = try Ditutor.run(
        ["check", "writes-tests", "--format", "json"], in: sources, environment: ["DITUTOR_TRACE": "1"])
      #expect(result.output.contains("\"exercise\""), "\(result.error)")
      try append("// edit \(edit)", to: "\(sources)/CounterTests.swift")
      _ = try Ditutor.run(["check", "passes"], in: sources)
    }
    let last = try Ditutor.run(["check", "writes-tests", "--format", "json"], in: sources, environment: ["DITUTOR_TRACE": "1"])
    #expect(last.error.contains("built without SwiftPM"), "\(last.error)")
    let after = courseFiles()
    #expect(Set(after.keys).subtracting(before.keys).sorted() == [], "new files in the checkout")
  }

  @Test func aSeamExerciseSolvedAfterAStarterThatNeverBuiltPassesOnTheFastPath() throws {
    // The order a learner goes in: another exercise checked, the seam starter's first check
    // (its tests cannot compile yet), then the solution. SwiftPM's failed build left the other
    // exercise's link list on disk; nothing of it may reach this exercise's test program.
    let file = try learnersFile("needs-a-seam")
    let kept = try Data(contentsOf: URL(fileURLWithPath: file))
    defer { _ = FileManager.default.createFile(atPath: file, contents: kept) }
    _ = try checkTraced("passes")
    try "// a new file, so the next check is SwiftPM's\n".write(
      toFile: "\(Self.course)/Exercises/needs-a-seam/Sources/Extra.swift", atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: "\(Self.course)/Exercises/needs-a-seam/Sources/Extra.swift") }
    try FileManager.default.removeItem(atPath: file)
    try FileManager.default.copyItem(atPath: "\(Self.course)/Exercises/needs-a-seam/Starter/Greeter.swift", toPath: file)
    let starter = try checkTraced("needs-a-seam")
    #expect(starter.verdict["status"] as? String == "compile-error", "\(starter.trace)")
    try FileManager.default.removeItem(atPath: file)
    try FileManager.default.copyItem(atPath: "\(Self.course)/Exercises/needs-a-seam/Solution/Greeter.swift", toPath: file)
    let solved = try checkTraced("needs-a-seam")
    #expect(solved.verdict["status"] as? String == "passed", "\(solved.verdict)\n\(solved.trace)")
    try append("// an edit", to: file)
    let fast = try checkTraced("needs-a-seam")
    #expect(fast.trace.contains("built without SwiftPM"), "\(fast.trace)")
    #expect(fast.verdict["status"] as? String == "passed", "\(fast.verdict)")
  }

  /// A fixed-seed generator (SplitMix64): the same sequence on every run, so a failure repeats.
  struct Sequence: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  @Test func aLongRandomSequenceAcrossExercisesGivesSwiftTestsVerdictAtEveryStep() throws {
    // What the warm build reuses from another exercise's build (the test program, its link
    // list, the discovered tests) must be what SwiftPM would use now: edits and checks jump
    // between exercises, and after each, the fast check and plain swift test must agree.
    let exercises = ["passes", "fails", "needs-a-seam", "writes-tests", "in-steps", "does-not-compile"]
    var kept: [String: Data] = [:]
    for exercise in exercises {
      let folder = "\(Self.course)/Exercises/\(exercise)/Sources"
      for name in try FileManager.default.contentsOfDirectory(atPath: folder) { kept["\(folder)/\(name)"] = FileManager.default.contents(atPath: "\(folder)/\(name)") }
    }
    defer {
      for exercise in exercises { try? FileManager.default.removeItem(atPath: "\(Self.course)/Exercises/\(exercise)/Sources/Extra.swift") }
      for (path, data) in kept { _ = FileManager.default.createFile(atPath: path, contents: data) }
    }
    var random = Sequence(state: 20)
    for step in 1...14 {
      let exercise = exercises.randomElement(using: &random)!
      let file = try learnersFile(exercise)
      let name = URL(fileURLWithPath: file).lastPathComponent
      let folder = "\(Self.course)/Exercises/\(exercise)"
      let edit = ["solution", "starter", "comment", "broken", "file"].randomElement(using: &random)!
      switch edit {
      case "file":
        // A file added or removed sends the check back to SwiftPM, whose build may then stop at
        // a compile error another step left: what it leaves on disk is not all this exercise's.
        let extra = "\(folder)/Sources/Extra.swift"
        if FileManager.default.fileExists(atPath: extra) {
          try FileManager.default.removeItem(atPath: extra)
        } else {
          try "// added at step \(step)\n".write(toFile: extra, atomically: true, encoding: .utf8)
        }
      case "solution", "starter":
        let copy = "\(folder)/\(edit == "solution" ? "Solution" : "Starter")/\(name)"
        try FileManager.default.removeItem(atPath: file)
        try FileManager.default.copyItem(atPath: copy, toPath: file)
        try append("// step \(step)", to: file)
      case "comment": try append("// step \(step)", to: file)
      default: try append("let brokenAtStep\(step): Int = \"\(step)\"", to: file)
      }
      let fast = try checkTraced(exercise)
      let plain = try checkTraced(exercise, fast: false)
      #expect(fast.status == plain.status, "step \(step): \(edit) \(exercise)")
      #expect(same(fast.verdict, plain.verdict), "step \(step): \(edit) \(exercise)\nfast: \(fast.verdict)\n\(fast.trace)\nswift test: \(plain.verdict)")
    }
  }
}

/// A changed manifest, on a course of its own: after it, every exercise's next check is SwiftPM's,
/// which would slow the rest of ``RunnerTests`` down; here it runs beside them.
@Suite struct ChangedManifestTests {
  @Test func aChangedManifestGoesBackToSwiftTest() throws {
    let course = try Ditutor.makeCourseCopy(fixture: "RunnerCourse")
    defer { try? FileManager.default.removeItem(atPath: course) }
    let runner = RunnerTests()
    _ = try runner.checkTraced("passes", in: course)
    try runner.append("// a comment in the manifest", to: "\(course)/Package.swift")
    let changed = try runner.checkTraced("passes", in: course)
    #expect(changed.trace.contains("Package.swift changed"), "\(changed.trace)")
    #expect(changed.verdict["status"] as? String == "passed")
  }
}
