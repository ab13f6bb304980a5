import Foundation
import Testing
@testable import TutorKit

/// The runner's reading of real `swift test` outputs (see Recorded/README.md).
@Suite struct ExerciseRunnerParsingTests {
  let root = "/tmp/demo"
  let exercise = Exercise(
    id: "greeting-clock", title: "Greeting", lessonID: "why-di", task: Document(), hints: [], files: ["Greeter.swift"])

  func recorded(_ name: String) throws -> String {
    let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Recorded"))
    return try String(contentsOf: url, encoding: .utf8)
  }

  func verdict(_ name: String, ending: ProcessOutcome.Ending, events: String? = nil) throws -> Verdict {
    let eventsText = events ?? ((try? recorded(name + ".jsonl")) ?? "")
    let outcome = ProcessOutcome(ending: ending, standardOutput: try recorded(name + ".out"), duration: .milliseconds(1500))
    return VerdictReader.verdict(for: exercise, code: .sources, outcome: outcome, events: eventsText, root: root, timeout: .seconds(10))
  }

  @Test func aFailingRunListsEachTestWithItsExpectationAndPlace() throws {
    let verdict = try verdict("failing", ending: .exited(1))
    #expect(verdict.status == .failed)
    #expect(verdict.durationSeconds == 1.5)
    #expect(verdict.tests.map(\.name) == ["GreeterTests/asksTheInjectedClockForTheHour()", "GreeterTests/greetsAccordingToTheInjectedHour(hour:expected:)"])
    #expect(verdict.tests.map(\.status) == [.failed, .failed])
    let first = verdict.tests[0]
    #expect(first.file == "Exercises/greeting-clock/Tests/GreeterTests.swift")
    #expect(first.line == 24)
    #expect(first.message?.hasPrefix("Expectation failed: (clock.reads → 0) > 0\nGreeter ignored the injected clock") == true)
    #expect(first.explanation?.hasPrefix("Greeter ignored the injected clock: it asked it for the hour 0 times.") == true)
    #expect(verdict.tests[1].explanation == "At 12:00 the clock handed to Greeter says 12, so the greeting should be \"Good afternoon, Ada!\".")
    #expect(verdict.diagnostics.isEmpty)
  }

  @Test func aPassingRunPasses() throws {
    let verdict = try verdict("passing", ending: .exited(0))
    #expect(verdict.status == .passed)
    #expect(verdict.tests.allSatisfy { $0.status == .passed })
    #expect(verdict.tests.count == 2)
  }

  @Test func aCrashNamesTheTestTheMessageAndTheLearnersLine() throws {
    let verdict = try verdict("crash", ending: .exited(1))
    #expect(verdict.status == .crashed)
    let crashed = try #require(verdict.tests.first { $0.status == .crashed })
    #expect(crashed.name == "GreeterTests/asksTheInjectedClockForTheHour()")
    #expect(crashed.message == "Fatal error: the clock broke. The test process stopped with signal 4 (a Swift runtime trap: fatalError, a force-unwrapped nil, an index out of range or an overflow).")
    #expect(crashed.file == "Exercises/greeting-clock/Sources/Greeter.swift")
    #expect(crashed.line == 21)
  }

  @Test func aCompileErrorPointsAtTheLearnersFileRelativeToTheCourse() throws {
    let verdict = try verdict("compile", ending: .exited(1), events: "")
    #expect(verdict.status == .compileError)
    #expect(verdict.diagnostics == [
      .init(file: "Exercises/greeting-clock/Sources/Greeter.swift", line: 21, column: 21, severity: "error",
            message: "cannot convert value of type 'String' to specified type 'Int'")
    ])
    #expect(verdict.tests.isEmpty)
  }

  @Test func aHangStoppedByTheTimeoutBlamesTheRunningTest() throws {
    // The stream of a run killed while its first test ran: everything up to that test's start.
    let full = try recorded("failing.jsonl").split(separator: "\n")
    let cut = try #require(full.firstIndex { $0.contains("\"testStarted\"") && $0.contains("asksTheInjectedClock") })
    let verdict = try verdict("failing", ending: .timedOut, events: full[...cut].joined(separator: "\n"))
    #expect(verdict.status == .timedOut)
    #expect(verdict.tests.map(\.status) == [.timedOut])
    #expect(verdict.tests[0].message == "Still running after 10 s, so it was stopped.")
  }

  @Test func aHangOnAPlantedBugNamesTheTestAndTheBugNotTheBuild() throws {
    // A write-the-test exercise: the learner's tests pass on the subject, then one waits for
    // ever on a planted bug, and the time runs out there.
    let tests = Exercise(
      id: "tracker-tests", title: "Tracker", kind: .tests, lessonID: "concurrency", task: Document(), hints: [],
      files: ["TrackerTests.swift"], mutants: [.init(name: "forgets-to-stop", summary: "stop() leaves the wait asleep.")])
    let own = tests.testModuleName
    let bug = tests.mutantTestModuleName("forgets-to-stop")
    let events = [
      CrashRerunTests.listed(own, "stops"), CrashRerunTests.listed(bug, "stops"), CrashRerunTests.event("runStarted"),
      CrashRerunTests.event("testStarted", own, "stops"), CrashRerunTests.event("testEnded", own, "stops"),
      CrashRerunTests.event("testStarted", bug, "stops"),
    ].joined(separator: "\n")
    let outcome = ProcessOutcome(ending: .timedOut, duration: .seconds(60))
    let verdict = VerdictReader.verdict(for: tests, code: .sources, outcome: outcome, events: events, root: root, timeout: .seconds(60))
    #expect(verdict.status == .timedOut)
    let hung = try #require(verdict.tests.first { $0.status == .timedOut })
    #expect(hung.name == "stops() (on the planted bug: stop() leaves the wait asleep.)")
    #expect(hung.message == "Still running after 60 s, so it was stopped.")
    let text = VerdictReport(fileSystem: InMemoryFileSystem(), root: root).document(for: verdict).text
    #expect(text.contains("stops() (on the planted bug: stop() leaves the wait asleep.) was still running"))
    #expect(text.contains("then on each planted bug, one after another"))
    #expect(!text.contains("the build did not finish"))
  }

  @Test func aCancelledRunIsCancelled() throws {
    #expect(try verdict("failing", ending: .cancelled, events: "").status == .cancelled)
    #expect(try verdict("failing", ending: .cancelled).status == .cancelled)
  }

  @Test func aBuildThatFailsWithoutDiagnosticsKeepsTheOutput() {
    let outcome = ProcessOutcome(ending: .exited(1), standardOutput: "error: linker command failed", duration: .seconds(1))
    let verdict = VerdictReader.verdict(for: exercise, code: .sources, outcome: outcome, events: "", root: root, timeout: .seconds(10))
    #expect(verdict.status == .compileError)
    #expect(verdict.output == "error: linker command failed")
  }

  @Test func theJSONVerdictHasTheDocumentedShape() throws {
    let json = try verdict("failing", ending: .exited(1)).json()
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(Set(object.keys) == ["exercise", "status", "durationSeconds", "tests", "diagnostics"])
    let test = try #require((object["tests"] as? [[String: Any]])?.first)
    #expect(Set(test.keys) == ["name", "status", "message", "file", "line"])
  }

  @Test func junitCountsFailuresAndErrors() throws {
    let xml = JUnitReport.xml([try verdict("failing", ending: .exited(1)), try verdict("compile", ending: .exited(1), events: "")])
    #expect(xml.contains(#"<testsuites name="ditutor" tests="3" failures="2" errors="1""#))
    #expect(xml.contains(#"<testcase classname="greeting-clock" name="build" time="0">"#))
    #expect(xml.contains("Greeter ignored the injected clock"))
    #expect(JUnitReport.escape("a<b & \"c\"\u{1}") == "a&lt;b &amp; &quot;c&quot;?")
  }

  @Test func shortcutsBuiltBesideTheirExerciseAnswerOnlyForTheirOwnErrorsAndTests() throws {
    // `verify` builds every shortcut beside the solution: a shortcut that does not compile, in
    // its own file or in the tests compiled against it (through links), is that shortcut's
    // error alone.
    let output = """
      /tmp/demo/Exercises/greeting-clock/Shortcuts/cache-the-hour/Greeter.swift:3:9: error: cannot find 'hour' in scope
      /tmp/demo/.build/ditutor-variants/greeting-clock/Shortcuts-global-clock/GreeterTests.swift:12:5: error: missing argument for parameter 'clock'
      """
    let outcome = ProcessOutcome(ending: .exited(1), standardError: output, duration: .seconds(1))
    func diagnostics(_ variant: String?) -> [String] {
      VerdictReader.verdict(
        for: exercise, code: .solution, variant: variant, outcome: outcome, events: "", root: root, timeout: .seconds(10)
      ).diagnostics.map { "\($0.file):\($0.line)" }
    }
    #expect(diagnostics(nil) == [], "the solution is spoiled, not at fault")
    #expect(diagnostics("Shortcuts/cache-the-hour") == ["Exercises/greeting-clock/Shortcuts/cache-the-hour/Greeter.swift:3"])
    #expect(diagnostics("Shortcuts/global-clock") == ["Exercises/greeting-clock/Tests/GreeterTests.swift:12"], "named by the test file itself")
    let passing = try recorded("passing.jsonl")
    let asVariant = passing.replacingOccurrences(of: "GreetingClockTests", with: exercise.variantTestModuleName("Shortcuts/cache-the-hour"))
    let mixed = ProcessOutcome(ending: .exited(0), duration: .seconds(1))
    let variant = VerdictReader.verdict(
      for: exercise, code: .solution, variant: "Shortcuts/cache-the-hour", outcome: mixed, events: asVariant, root: root, timeout: .seconds(10))
    #expect(variant.status == .passed && !variant.tests.isEmpty)
    let own = VerdictReader.verdict(for: exercise, code: .solution, outcome: mixed, events: asVariant, root: root, timeout: .seconds(10))
    #expect(own.tests.map(\.name) == ["(no tests)"], "the variant's tests are not the exercise's own")
  }

  @Test func severalExercisesInOneRunAreToldApart() throws {
    let other = Exercise(id: "user-repository", title: "U", lessonID: "why-di", task: Document(), hints: [], files: [])
    let outcome = ProcessOutcome(ending: .exited(1), standardOutput: "", duration: .seconds(1))
    let verdict = VerdictReader.verdict(
      for: other, code: .sources, outcome: outcome, events: try recorded("failing.jsonl"), root: root, timeout: .seconds(10))
    #expect(verdict.tests.map(\.name) == ["(no tests)"], "the greeting-clock tests are not user-repository's")
  }

  @Test func whatAFailingTestPrintedIsShownAfterTheFailureFoldedToItsLastLines() throws {
    let prints = (1...30).map { "debug: the clock said \($0)" }.joined(separator: "\n")
    let outcome = ProcessOutcome(
      ending: .exited(1), standardOutput: try recorded("failing.out") + "\n" + prints, duration: .milliseconds(1500))
    let verdict = VerdictReader.verdict(
      for: exercise, code: .sources, outcome: outcome, events: try recorded("failing.jsonl"), root: root, timeout: .seconds(10))
    #expect(verdict.status == .failed)
    let output = try #require(verdict.output)
    #expect(output.hasPrefix("… "), "how many lines came before is said")
    #expect(output.hasSuffix("debug: the clock said 30"))
    #expect(output.split(separator: "\n").count == 9)
    #expect(!output.contains("◇") && !output.contains("✘"), "Swift Testing's own lines are not the learner's prints")
    let text = VerdictReport(fileSystem: InMemoryFileSystem(), root: root).document(for: verdict).text
    let failure = try #require(text.range(of: "Expectation failed"))
    let printed = try #require(text.range(of: "debug: the clock said 30"))
    #expect(failure.lowerBound < printed.lowerBound, "the failure first, then the prints")
  }

  /// A missing seam fails most of a step's tests with the same words: said once, with the names.
  @Test func failuresWithTheSameReasonAreListedTogether() {
    let seam = "FineCalculator has no init(now:) yet: add the seam."
    func failed(_ name: String, _ explanation: String?, message: String = "Expectation failed") -> Verdict.TestResult {
      Verdict.TestResult(name: name, status: .failed, message: explanation.map { $0 + "\n\n" + message } ?? message, explanation: explanation)
    }
    let verdict = Verdict(
      exercise: "fines", status: .failed, durationSeconds: 1,
      tests: [
        failed("a()", seam), failed("b()", seam), failed("c()", "The fine is 20 cents a day."), failed("d()", seam),
        failed("e()", nil, message: "Expectation failed: (x → 1) == 2"),
      ])
    let text = VerdictReport(fileSystem: InMemoryFileSystem(), root: root).document(for: verdict).text
    #expect(text.components(separatedBy: "add the seam").count == 2, "the reason in full once, under the first failure: \(text)")
    #expect(text.contains("b(), d() — all for the same reason"), "\(text)")
    #expect(text.contains("c() — The fine is 20 cents a day."), "\(text)")
    #expect(text.contains("e() — Expectation failed: (x → 1) == 2"), "\(text)")
    let groups = VerdictReport.sameReasonTogether(verdict.tests.dropFirst(), after: verdict.tests[0])
    #expect(groups.map(\.names) == [["b()", "d()"], ["c()"], ["e()"]], "in the order they failed")

    // Tests of one step's suite name the suite once.
    let stepped = Verdict(
      exercise: "fines", status: .failed, durationSeconds: 1,
      tests: ["a()", "b()", "c()"].map { failed("Step 1: the clock/" + $0, seam) })
    let steps = VerdictReport(fileSystem: InMemoryFileSystem(), root: root).document(for: stepped).text
    #expect(steps.contains("Step 1: the clock: b(), c() — all for the same reason"), "\(steps)")
  }

  @Test func aHugeLineOfOutputIsCutSoTheVerdictStaysOnScreen() throws {
    let line = String(repeating: "x", count: 50_000)
    let tail = try #require(VerdictReader.tail(of: line))
    #expect(tail.count < 400)
    #expect(tail.hasSuffix("(49760 more characters)"))
  }

  @Test func aCrashReportPutsTheVerdictAndTheLineBeforeWhatWasPrinted() throws {
    let flood = (1...500).map { "line \($0)" }.joined(separator: "\n")
    let outcome = ProcessOutcome(ending: .exited(1), standardOutput: flood + "\n" + (try recorded("crash.out")), duration: .seconds(1))
    let verdict = VerdictReader.verdict(
      for: exercise, code: .sources, outcome: outcome, events: try recorded("crash.jsonl"), root: root, timeout: .seconds(10))
    #expect(verdict.status == .crashed)
    let text = VerdictReport(fileSystem: InMemoryFileSystem(), root: root).document(for: verdict).text
    let lines = text.split(separator: "\n")
    #expect(lines.count < 40, "\(lines.count) lines")
    let stopped = try #require(lines.firstIndex { $0.contains("Exercises/greeting-clock/Sources/Greeter.swift:21") })
    let printed = try #require(lines.firstIndex { $0.contains("line 500") })
    #expect(lines[0].contains("crashed") && stopped < printed)
  }
}

@Suite struct BoundedCaptureTests {
  @Test func keepsTheStartAndTheEndOfAFlood() {
    var capture = BoundedCapture(limit: 20)
    capture.append(ArraySlice(Array("0123456789".utf8)))
    for _ in 0..<1000 { capture.append(ArraySlice(Array("x".utf8))) }
    capture.append(ArraySlice(Array("END".utf8)))
    #expect(capture.text == "0123456789\n… 993 bytes of output left out …\nxxxxxxxEND")
  }
}
