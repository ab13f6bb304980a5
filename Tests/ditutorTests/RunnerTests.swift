import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `ditutor check` on exercises that pass, fail, do not compile, crash, hang and flood their
/// output (Tests/Fixtures/RunnerCourse): each gets its verdict, and nothing is left running.
@Suite(.serialized) struct RunnerTests {
  /// One course copy for the suite, so the exercise build folder stays warm between tests.
  static let course: String = try! Ditutor.makeCourseCopy(fixture: "RunnerCourse")

  func check(_ exercise: String, timeout: Int = 10, format: String = "json") throws -> (status: Int32, json: [String: Any], text: String) {
    let result = try Ditutor.run(["check", exercise, "--format", format, "--timeout", String(timeout)], in: Self.course)
    let json = format == "json" ? (try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]) ?? [:] : [:]
    return (result.status, json, result.output + result.error)
  }

  /// Text as one line: a report wraps to 80 columns in a pipe.
  static func unwrapped(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
  }

  func statuses(_ json: [String: Any]) -> [String] {
    (json["tests"] as? [[String: Any]] ?? []).compactMap { $0["status"] as? String }
  }

  @Test func aPassingExerciseExitsZero() throws {
    let (status, json, _) = try check("passes")
    #expect(status == 0)
    #expect(json["status"] as? String == "passed")
    #expect(json["exercise"] as? String == "passes")
  }

  @Test func aFailingExerciseExitsOneWithTheFailureFirst() throws {
    let (status, json, _) = try check("fails")
    #expect(status == 1)
    #expect(json["status"] as? String == "failed")
    #expect(statuses(json) == ["failed", "passed"])
    let first = try #require((json["tests"] as? [[String: Any]])?.first)
    #expect((first["message"] as? String)?.contains("answer() should be 42") == true)
    #expect(first["file"] as? String == "Exercises/fails/Tests/FixtureTests.swift")
  }

  @Test func aCompileErrorShowsTheLearnersLineWithACaret() throws {
    let (status, json, _) = try check("does-not-compile")
    #expect(status == 1)
    #expect(json["status"] as? String == "compile-error")
    let diagnostic = try #require((json["diagnostics"] as? [[String: Any]])?.first)
    #expect(diagnostic["file"] as? String == "Exercises/does-not-compile/Sources/Code.swift")
    #expect(diagnostic["line"] as? Int == 2)
    let text = try check("does-not-compile", format: "text").text
    #expect(text.contains("Exercises/does-not-compile/Sources/Code.swift:2:"))
    #expect(text.contains("2 |   let text: Int = \"forty-two\""))
    #expect(text.contains("^"))
  }

  @Test func aCrashIsReportedWithTheTestThatCrashed() throws {
    let (status, json, _) = try check("crashes")
    #expect(status == 1)
    #expect(json["status"] as? String == "crashed")
    let test = try #require((json["tests"] as? [[String: Any]])?.first)
    #expect(test["status"] as? String == "crashed")
    #expect((test["message"] as? String)?.contains("Index out of range") == true)
  }

  @Test func aHangIsStoppedSoonAfterTheTimeoutAndLeavesNothingRunning() throws {
    let started = Date()
    let (status, json, _) = try check("hangs", timeout: 3)
    #expect(status == 1)
    #expect(json["status"] as? String == "timed-out")
    #expect(statuses(json) == ["timed-out"])
    // Build time plus the 3 s limit plus the kill; generous for a loaded 2-core machine.
    #expect(Date().timeIntervalSince(started) < 40)
    #expect(Ditutor.processes(mentioning: Self.course).isEmpty)
  }

  @Test func aFloodOfOutputDoesNotDrownTheVerdict() throws {
    let (status, json, _) = try check("floods")
    #expect(status == 0)
    #expect(json["status"] as? String == "passed")
  }

  @Test func junitForAutograders() throws {
    let result = try Ditutor.run(["check", "fails", "--format", "junit"], in: Self.course)
    #expect(result.status == 1)
    #expect(result.output.hasPrefix("<?xml"))
    #expect(result.output.contains(#"<testsuite name="fails" tests="2" failures="1" errors="0""#))
  }

  @Test func aSeamStarterGetsATeachingLineNotJustTheCompilersWords() throws {
    let (status, json, _) = try check("needs-a-seam")
    #expect(status == 1)
    #expect(json["status"] as? String == "compile-error")
    let diagnostic = try #require((json["diagnostics"] as? [[String: Any]])?.first)
    #expect(diagnostic["file"] as? String == "Exercises/needs-a-seam/Tests/GreeterTests.swift")
    #expect(
      diagnostic["advice"] as? String
        == "The tests build `Greeter(clock:)`, which `Greeter` does not accept yet: give it an init that takes `clock:`. Your file: Exercises/needs-a-seam/Sources/Greeter.swift.")
    let text = Self.unwrapped(try check("needs-a-seam", format: "text").text)
    #expect(text.contains("The tests build Greeter(clock:), which Greeter does not accept yet"))
  }

  @Test func anExerciseInStepsShowsTheFirstFailingStepOnly() throws {
    let (status, json, _) = try check("in-steps")
    #expect(status == 1)
    #expect(json["steps"] as? Int == 3)
    let text = Self.unwrapped(try check("in-steps", format: "text").text)
    #expect(text.contains("in-steps: step 2 of 3, “Step 2: two”: 2 of 2 tests failed"))
    #expect(text.contains("two() should be 2"))
    #expect(text.contains("Steps 3 to 3 open once this one passes") || text.contains("Step 3 opens once this one passes"))
    #expect(!text.contains("isThree"), "later steps stay hidden")
  }

  @Test func writtenTestsAreJudgedAgainstEveryPlantedBug() throws {
    let sources = Self.course + "/Exercises/writes-tests/Sources/CounterTests.swift"
    let original = try String(contentsOfFile: sources, encoding: .utf8)
    defer { try? original.write(toFile: sources, atomically: true, encoding: .utf8) }

    // The starter's one test passes on the subject but catches nothing.
    var (status, json, _) = try check("writes-tests")
    #expect(status == 1)
    var mutants = try #require(json["mutants"] as? [[String: Any]])
    #expect(mutants.map { $0["caught"] as? Bool } == [false, false, false])
    #expect(mutants.allSatisfy { $0["summary"] == nil }, "a bug is described only once caught")

    // Counts once and calls reset without checking it: catches the double count, and the trap in
    // reset (by crashing on it), but not a reset that does nothing.
    try """
      import Testing
      @Test func countsOne() { var c = Counter(); c.increment(); #expect(c.value == 1) }
      @Test func resets() { var c = Counter(); c.increment(); c.reset() }
      """.write(toFile: sources, atomically: true, encoding: .utf8)
    (status, json, _) = try check("writes-tests")
    #expect(status == 1)
    mutants = try #require(json["mutants"] as? [[String: Any]])
    let caught = Dictionary(uniqueKeysWithValues: mutants.map { ($0["name"] as! String, $0["caught"] as! Bool) })
    #expect(caught == ["counts-by-two": true, "crashes-on-reset": true, "planted bug 3": false], "a live bug's name would give it away")
    #expect(mutants.first { $0["name"] as? String == "counts-by-two" }?["summary"] as? String == "increment() adds two instead of one.")
    let text = Self.unwrapped(try check("writes-tests", format: "text").text)
    #expect(text.contains("catch 2 of 3 planted bugs"))
    #expect(text.contains("1 still alive"))
    #expect(!text.contains("reset() does nothing"), "the live bug is not given away")
    let junit = try check("writes-tests", format: "junit").text
    #expect(junit.contains("name=\"planted bug 3\"") && !junit.contains("never-resets"))

    // A test that fails on the correct code is wrong, whatever it catches.
    try """
      import Testing
      @Test func wrong() { #expect(Counter().value == 1) }
      """.write(toFile: sources, atomically: true, encoding: .utf8)
    #expect(Self.unwrapped(try check("writes-tests", format: "text").text).contains("fail on the correct code"))

    try String(contentsOfFile: Self.course + "/Exercises/writes-tests/Solution/CounterTests.swift", encoding: .utf8)
      .write(toFile: sources, atomically: true, encoding: .utf8)
    (status, json, _) = try check("writes-tests")
    #expect(status == 0, "\(json)")
    #expect(json["status"] as? String == "passed")
  }

  @Test func aProcessThatEscapesIntoItsOwnSessionIsStoppedToo() throws {
    let (status, json, _) = try check("escapes")
    #expect(status == 0, "\(json)")
    let left = waitUntilNothingRuns(mentioning: "987654", seconds: 10)
    #expect(left.isEmpty, "left running: \(left)")
    for entry in left { kill(pid_t(entry.prefix { $0 != ":" }) ?? 0, SIGKILL) }
  }

  @Test func usageErrorsExitTwo() throws {
    #expect(try Ditutor.run(["check", "nope"], in: Self.course).status == 2)
    #expect(try Ditutor.run(["check", "passes", "--timeout", "0"], in: Self.course).status == 2)
    #expect(try Ditutor.run(["check"], in: Self.course).status == 2)
  }

  @Test func aCopiedCheckoutPassesItsNextCheck() throws {
    #expect(try check("passes").status == 0, "built here first")
    let copy = FileManager.default.temporaryDirectory.appendingPathComponent("ditutor-copied-\(UUID().uuidString)").path
    try FileManager.default.copyItem(atPath: Self.course, toPath: copy)
    defer { try? FileManager.default.removeItem(atPath: copy) }
    let result = try Ditutor.run(["check", "passes", "--format", "json"], in: copy)
    let json = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
    #expect(result.status == 0, "\(result.output)\(result.error)")
    #expect(json?["status"] as? String == "passed")
  }

  @Test func ctrlCCancelsACheckAndLeavesNoChildProcess() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Ditutor.executable)
    process.arguments = ["check", "hangs", "--format", "json", "--timeout", "300"]
    process.currentDirectoryURL = URL(fileURLWithPath: Self.course)
    process.environment = Ditutor.environment(home: Self.course)
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    // Wait until the tests are running (the test runner process exists), then press Ctrl-C.
    let testsRun = { Ditutor.processes(mentioning: Self.course).contains(where: { $0.contains("PackageTests") }) }
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline, !testsRun() { Thread.sleep(forTimeInterval: 0.1) }
    let started = testsRun()
    kill(process.processIdentifier, SIGINT)
    // Pressed before the tests ran, Ctrl-C proves nothing about stopping the tests.
    try #require(started, "the tests of `hangs` did not start within 60 s")
    process.waitUntilExit()
    let json = try JSONSerialization.jsonObject(with: output.fileHandleForReading.readDataToEndOfFile()) as? [String: Any]
    #expect(process.terminationStatus == 1)
    #expect(json?["status"] as? String == "cancelled")
    let left = waitUntilNothingRuns(seconds: 10)
    #expect(left.isEmpty, "left running: \(left)")
  }

  @Test func ctrlCInTheREPLCancelsTheCheckNotTheREPL() throws {
    let terminal = try replWithAHangingCheck()
    terminal.clear()
    terminal.type("\u{03}")
    #expect(terminal.waitFor("Check of hangs cancelled", seconds: 15))
    #expect(terminal.waitFor("]> "), "the prompt comes back")
    #expect(terminal.isRunning)
    terminal.type("quit\r")
    #expect(terminal.waitForExit() == 0)
    #expect(Ditutor.processes(mentioning: Self.course).isEmpty)
  }
}

/// The keys and signals a learner (or their window manager) sends while a check runs.
extension RunnerTests {
  /// Starts the REPL, runs `check hangs`, and waits until its tests are running.
  func replWithAHangingCheck() throws -> PseudoTerminal {
    let terminal = try PseudoTerminal(
      executable: Ditutor.executable, arguments: [], directory: Self.course, environment: Ditutor.environment(home: Self.course))
    #expect(terminal.waitFor("]> "))
    terminal.type("check hangs --timeout 300\r")
    #expect(terminal.waitFor("Checking hangs", seconds: 30))
    let testsRun = { Ditutor.processes(mentioning: Self.course).contains(where: { $0.contains("PackageTests") }) }
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline, !testsRun() { Thread.sleep(forTimeInterval: 0.1) }
    if !testsRun() { kill(terminal.programIdentifier, SIGKILL) }
    try #require(testsRun(), "the tests of `hangs` did not start within 60 s")
    return terminal
  }

  @Test func aHangingCheckShowsThatTestsRunAndHowToStopThem() throws {
    let terminal = try replWithAHangingCheck()
    #expect(terminal.waitFor("Running the tests … ", seconds: 5))
    #expect(terminal.waitFor("(stopped at 300 s) · Ctrl-C stops"))
    terminal.type("\u{03}")
    #expect(terminal.waitFor("Check of hangs cancelled", seconds: 15))
    terminal.type("quit\r")
    #expect(terminal.waitForExit() == 0)
  }

  @Test func ctrlBackslashCancelsTheCheckLikeCtrlC() throws {
    let terminal = try replWithAHangingCheck()
    terminal.clear()
    terminal.type("\u{1C}")  // Ctrl-\\: SIGQUIT to the terminal's foreground group
    #expect(terminal.waitFor("Check of hangs cancelled", seconds: 15))
    #expect(terminal.waitFor("]> "))
    #expect(terminal.isRunning, "no core dump, no crash report: the REPL goes on")
    let deadline = Date().addingTimeInterval(10)
    let checkLeftovers = { Ditutor.processes(mentioning: Self.course).filter { !$0.contains("setsid") && !$0.contains("ditutor ") } }
    while !checkLeftovers().isEmpty && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    #expect(checkLeftovers().isEmpty, "left running: \(checkLeftovers())")
    terminal.type("quit\r")
    #expect(terminal.waitForExit() == 0)
    #expect(Ditutor.processes(mentioning: Self.course).isEmpty)
  }

  @Test func aOneShotCheckStoppedBySigtermSaysWhyAndPrintsNoCancelledVerdict() throws {
    // A harness's own time limit (timeout(1), a CI step) sends SIGTERM: the check is not a
    // timeout of ditutor's, and "cancelled" with no reason read as one that nobody asked for.
    let output = NSTemporaryDirectory() + "ditutor-sigterm-\(UUID().uuidString)"
    _ = FileManager.default.createFile(atPath: output + ".out", contents: nil)
    _ = FileManager.default.createFile(atPath: output + ".err", contents: nil)
    defer { for file in [output + ".out", output + ".err"] { try? FileManager.default.removeItem(atPath: file) } }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Ditutor.executable)
    process.arguments = ["check", "hangs", "--timeout", "300", "--format", "json"]
    process.currentDirectoryURL = URL(fileURLWithPath: Self.course)
    process.environment = Ditutor.environment(home: NSTemporaryDirectory())
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output + ".out"))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: output + ".err"))
    try process.run()
    // Once ditutor has a child of its own (swift test, or the test program), the check is under
    // way, and its signal handlers long installed.
    let parent = process.processIdentifier
    let hasChild = { Ditutor.processIdentifiers().contains { Ditutor.ProcessStat(pid: $0)?.parent == parent } }
    let deadline = Date().addingTimeInterval(120)
    while Date() < deadline, !hasChild() { Thread.sleep(forTimeInterval: 0.02) }
    try #require(hasChild(), "the check started")
    kill(process.processIdentifier, SIGTERM)
    // Foundation reaps its children itself: its own word on the ending, not waitpid's.
    let ends = Date().addingTimeInterval(30)
    while process.isRunning && Date() < ends { Thread.sleep(forTimeInterval: 0.02) }
    try #require(!process.isRunning)
    #expect(process.terminationReason == .exit && process.terminationStatus == 128 + SIGTERM)
    #expect(try String(contentsOfFile: output + ".err", encoding: .utf8).contains("ditutor was stopped (SIGTERM)"))
    #expect(try String(contentsOfFile: output + ".out", encoding: .utf8) == "", "no verdict: the check did not end, ditutor was stopped")
  }

  @Test func sigtermDuringACheckEndsDitutorAndEverythingItStarted() throws {
    let terminal = try replWithAHangingCheck()
    kill(terminal.programIdentifier, SIGTERM)
    #expect(terminal.waitForExit(seconds: 15) == 128 + SIGTERM)
    // The shell's prompt that follows starts on a line of its own: nothing is left on the last.
    let plain = PseudoTerminal.plain(terminal.transcript)
    // By scalars: "\r\n" is one Character to Swift.
    let scalars = plain.unicodeScalars
    let lastLine = (scalars.lastIndex(of: "\n").map { String(scalars[scalars.index(after: $0)...]) } ?? plain)
      .replacingOccurrences(of: "\r", with: "").trimmingCharacters(in: .whitespaces)
    #expect(lastLine.isEmpty, "\(plain.suffix(300).debugDescription)")
    #expect(!plain.contains("cancelled"), "ditutor was stopped; the check did not end on its own")
    let left = waitUntilNothingRuns(seconds: 10)
    #expect(left.isEmpty, "left running: \(left)")
  }
}

/// The maintainers' check on the real course.
@Suite struct VerifyTests {
  @Test func everySolutionPassesAndEveryStarterFails() throws {
    let result = try Ditutor.run(["verify", "--format", "json"], in: Ditutor.packageRoot)
    let report = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any], "\(result.error)")
    let exercises = report["exercises"] as? [[String: Any]] ?? []
    let problems = exercises.filter { $0["ok"] as? Bool != true }
    #expect(result.status == 0, "\(problems)")
    #expect(report["ok"] as? Bool == true)
    #expect(!exercises.isEmpty)
    for exercise in exercises {
      #expect(exercise["solution"] as? String == "passed", "\(exercise)")
      // A seam starter does not compile against its tests; verify accepts that only when every
      // error is in the tests (it says so in `problems` otherwise).
      #expect(["failed", "compile-error"].contains(exercise["starter"] as? String), "\(exercise)")
      let shortcuts = exercise["shortcuts"] as? [[String: Any]] ?? []
      #expect(shortcuts.count >= 2, "every exercise ships at least two shortcuts: \(exercise["exercise"] ?? "")")
      #expect(shortcuts.allSatisfy { $0["status"] as? String == "failed" }, "\(exercise)")
    }
  }
}

/// `verify` builds every shortcut beside its exercise, in modules of its own. A shortcut is read
/// from its own modules or not at all: one that is really the solution must be seen passing
/// (or a misread run would let every shortcut "fail"), one that is the starter failing, for a
/// code exercise and for a write-the-test one with its planted bugs, in both forms: the subject
/// compiled with the tests, and the subject a module of its own, whose planted bugs run from
/// libraries against each set of tests compiled once (and the bug that crashes the tests, too).
@Suite struct VerifyShortcutsTests {
  @Test func aShortcutThatIsTheSolutionIsSeenPassingAndOneThatIsTheStarterFailing() throws {
    let course = try Ditutor.makeCourseCopy(fixture: "RunnerCourse")
    let manager = FileManager.default
    let ids = ["in-steps", "writes-tests", "writes-tests-module"]
    for id in ids {
      for (name, from) in [("is-the-solution", "Solution"), ("is-the-starter", "Starter")] {
        let folder = "\(course)/Exercises/\(id)/Shortcuts/\(name)"
        try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for file in try manager.contentsOfDirectory(atPath: "\(course)/Exercises/\(id)/\(from)") {
          try manager.copyItem(atPath: "\(course)/Exercises/\(id)/\(from)/\(file)", toPath: "\(folder)/\(file)")
        }
        try "The \(from) again.\n".write(toFile: "\(folder)/README.md", atomically: true, encoding: .utf8)
      }
    }
    let result = try Ditutor.run(["verify"] + ids + ["--format", "json"], in: course)
    let report = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any], "\(result.error)")
    let exercises = try #require(report["exercises"] as? [[String: Any]])
    try #require(exercises.count == ids.count)
    for exercise in exercises {
      let statuses = Dictionary(
        uniqueKeysWithValues: (exercise["shortcuts"] as? [[String: Any]] ?? []).map { ($0["name"] as? String ?? "", $0["status"] as? String ?? "") })
      #expect(statuses == ["is-the-solution": "passed", "is-the-starter": "failed"], "\(exercise)")
      #expect(exercise["solution"] as? String == "passed", "\(exercise)")
      let problems = exercise["problems"] as? [String] ?? []
      #expect(problems == ["the shortcut 'is-the-solution' (The Solution again.) passes: the tests do not reject it"], "\(exercise)")
    }
    #expect(result.status != 0)
    // The module form's bugs ran from libraries: none has a module in the build, and each has
    // its library.
    let bugs = try manager.contentsOfDirectory(atPath: "\(course)/Exercises/writes-tests-module/Mutants").sorted()
    try #require(bugs.count == 3)
    let built = try manager.contentsOfDirectory(atPath: "\(course)/.build/verify/debug")
    #expect(!built.contains { $0.hasPrefix("WritesTestsModule") && $0.contains("Mutant") }, "\(built.sorted())")
    #expect(built.contains("WritesTestsModuleShortcutsIsTheSolutionTests.build"))
    for bug in bugs {
      let library = "\(course)/.build/verify/ditutor-bug-libraries/writes-tests-module/bugs/\(bug)/libCounting.so"
      #expect(manager.fileExists(atPath: library), "\(library)")
    }
  }
}
