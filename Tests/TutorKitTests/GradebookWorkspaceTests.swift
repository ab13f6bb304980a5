import Foundation
import Synchronization
import Testing
@testable import TutorKit

/// A `swift test` for grading: each exercise it is asked for passes when the workspace's
/// `Sources/Code.swift` says "right" and fails otherwise, as a real run's event stream says.
/// It keeps the exercises of every run it was asked for, and runs no tests of a module it is
/// told to skip (`--skip ^GreetTests\.`).
final class GradingSwift: ProcessRunner {
  private let fileSystem: InMemoryFileSystem
  private let asked = Mutex<[[String]]>([])
  private let skips = Mutex<[[String]]>([])

  init(fileSystem: InMemoryFileSystem) {
    self.fileSystem = fileSystem
  }

  /// The exercises of each run, in order.
  var runs: [[String]] { asked.withLock { $0 } }
  /// The test modules each run was told to skip, in order.
  var skipped: [[String]] { skips.withLock { $0 } }

  func locate(_ name: String) -> String? { "/usr/bin/swift" }
  func stopProcesses(carrying variable: String, value: String) -> Int { 0 }

  func run(_ request: ProcessRequest) async throws -> ProcessOutcome {
    let exercises = (request.environment["DITUTOR_EXERCISES"] ?? "").split(separator: ",").map(String.init)
    asked.withLock { $0.append(exercises) }
    let skipping = request.arguments.indices.dropLast().filter { request.arguments[$0] == "--skip" }.map { at in
      String(request.arguments[at + 1].dropFirst().dropLast(2))  // ^Module\. -> Module
    }
    skips.withLock { $0.append(skipping) }
    let root = try #require(request.arguments.firstIndex(of: "--package-path").map { request.arguments[$0 + 1] })
    var allPass = true
    var events = ""
    for id in exercises where !skipping.contains(Exercise.moduleName(for: id) + "Tests") {
      let passes = fileSystem.text(at: "\(root)/Exercises/\(id)/Sources/Code.swift")?.contains("right") ?? false
      allPass = allPass && passes
      events += try FastCheckTests.events(passes ? "passing" : "failing", as: Exercise.moduleName(for: id) + "Tests", in: "\(root)/Exercises/\(id)")
    }
    if let flag = request.arguments.firstIndex(of: "--event-stream-output-path") {
      fileSystem.add(request.arguments[flag + 1], events)
    }
    return ProcessOutcome(ending: .exited(allPass ? 0 : 1))
  }
}

/// Learners take turns in one grading workspace, brought in line file by file (SwiftPM builds
/// again only what a learner's sources change), and results are kept by content: nothing is
/// graded twice.
@Suite struct GradebookWorkspaceTests {
  let fileSystem: InMemoryFileSystem
  let swift: GradingSwift
  static let grading = "/course/.build/grading"
  static let lane = "/course/.build/grading/lane-1"

  init() {
    fileSystem = InMemoryFileSystem(files: [
      "/course/Package.swift": "// the manifest",
      "/course/Lessons/01-a.md": CourseFixtures.lesson(order: 1, id: "a", title: "A", pages: 1, exercises: "[greet, count]"),
      "/learners/ada/Exercises/greet/Sources/Code.swift": "// Ada's right answer",
      "/learners/ada/Exercises/greet/Sources/Helper.swift": "// Ada's helper",
      "/learners/ada/Exercises/greet/Tests/greetTests.swift": "// Ada changed the tests",
      "/learners/ada/Exercises/count/Sources/Code.swift": "// as it shipped",
      "/learners/bob/Exercises/greet/Sources/Code.swift": "// Bob's answer",
      "/learners/bob/Exercises/count/Sources/Code.swift": "// as it shipped",
      "/other-class/ada/Exercises/greet/Sources/Code.swift": "// Ada's right answer",
      "/other-class/ada/Exercises/greet/Sources/Helper.swift": "// Ada's helper",
      "/other-class/ada/Exercises/count/Sources/Code.swift": "// as it shipped",
    ])
    CourseFixtures.addExercise("greet", to: fileSystem)
    CourseFixtures.addExercise("count", to: fileSystem)
    swift = GradingSwift(fileSystem: fileSystem)
  }

  @discardableResult
  func grade(_ learners: [String] = ["/learners/ada"], options: Gradebook.Options = .init(timeout: .seconds(5))) async throws
    -> [Gradebook.Entry]
  {
    let fileSystem = self.fileSystem
    let swift = self.swift
    let gradebook = Gradebook(course: try CourseFixtures.course(fileSystem), root: "/course", fileSystem: fileSystem) { root in
      ExerciseRunner(root: root, processes: swift, fileSystem: fileSystem, environment: [:])
    }
    return try await gradebook.grade(learners, options: options)
  }

  func stamps() -> [String: FileStamp?] {
    let files = ShippedTests.files(under: "\(Self.lane)/Exercises", fileSystem: fileSystem).map { "Exercises/\($0)" } + ["Package.swift"]
    return Dictionary(uniqueKeysWithValues: files.map { ($0, fileSystem.stamp(at: "\(Self.lane)/\($0)")) })
  }

  func passed(_ entry: Gradebook.Entry) -> [String: Bool] {
    Dictionary(uniqueKeysWithValues: entry.exercises.map { ($0.exercise, $0.passed) })
  }

  @Test func theWorkspaceHoldsTheShippedTestsAndTheLearnersSources() async throws {
    let entries = try await grade()
    #expect(passed(entries[0]) == ["greet": true, "count": false])
    #expect(fileSystem.text(at: "\(Self.lane)/Exercises/greet/Sources/Code.swift") == "// Ada's right answer")
    #expect(fileSystem.text(at: "\(Self.lane)/Exercises/greet/Sources/Helper.swift") == "// Ada's helper")
    #expect(fileSystem.text(at: "\(Self.lane)/Exercises/greet/Tests/greetTests.swift") == "// tests of greet\n")
    #expect(fileSystem.text(at: "\(Self.lane)/Package.swift") == "// the manifest")
    #expect(swift.runs == [["greet", "count"]], "both exercises in one run")
  }

  @Test func theNextLearnerIsBroughtInLineInTheSameWorkspace() async throws {
    try await grade(["/learners/ada"])
    let before = stamps()
    let entries = try await grade(["/learners/bob"])
    #expect(passed(entries[0]) == ["greet": false, "count": false])
    let after = stamps()
    #expect(fileSystem.text(at: "\(Self.lane)/Exercises/greet/Sources/Code.swift") == "// Bob's answer")
    #expect(after["Exercises/greet/Sources/Helper.swift"] == nil, "Ada's helper is not Bob's")
    #expect(after["Exercises/greet/Tests/greetTests.swift"] == before["Exercises/greet/Tests/greetTests.swift"])
    #expect(after["Exercises/count/Sources/Code.swift"] == before["Exercises/count/Sources/Code.swift"], "the same content is not written again")
    // Bob's count is as Ada's was: its result is kept. The run is the same selection as Ada's
    // (built without SwiftPM after hers, where a record allows), and compiles only Bob's greet.
    #expect(swift.runs == [["greet", "count"], ["greet", "count"]])
    #expect(entries[0].reused == 1)
    // ... and runs only greet's tests: count's result is kept.
    #expect(swift.skipped == [[], [Exercise.moduleName(for: "count") + "Tests"]])
  }

  @Test func aNewLanesFirstLearnerAlsoBuildsTheCourseAsItShippedOnce() async throws {
    let (fileSystem, swift) = (self.fileSystem, self.swift)
    // Builds nothing (each check is then SwiftPM's, as above), and notes greet's code in the lane
    // at each build.
    let builds = ScriptedBuilds(note: { fileSystem.text(at: "\(Self.lane)/Exercises/greet/Sources/Code.swift") }) { _ in
      .needsPackageManager("this fake builds nothing")
    }
    let gradebook = Gradebook(course: try CourseFixtures.course(fileSystem), root: "/course", fileSystem: fileSystem) { root in
      ExerciseRunner(root: root, processes: swift, fileSystem: fileSystem, environment: [:], recordedBuilds: { _, _, _ in builds })
    }
    func asShipped() -> [Bool] { builds.asked.withLock { $0 }.filter { $0.note == "// starter of greet\n" }.map(\.keepGoing) }
    // One learner alone: nobody after them would gain from it.
    _ = try await gradebook.grade(["/learners/ada"], options: .init(timeout: .seconds(5)))
    #expect(asShipped() == [], "\(builds.asked.withLock { $0 })")
    try fileSystem.removeBuildFolder(at: Self.lane)
    let entries = try await gradebook.grade(["/learners/ada", "/learners/bob"], options: .init(timeout: .seconds(5), fresh: true))
    #expect(entries.map(passed) == [["greet": true, "count": false], ["greet": false, "count": false]])
    #expect(asShipped() == [true], "once, going on past what does not compile: \(builds.asked.withLock { $0 })")
    #expect(fileSystem.text(at: "\(Self.lane)/Exercises/greet/Sources/Code.swift") != "// starter of greet\n", "the last learner's code")
    // A lane that had its first learner does not build the course as shipped again.
    _ = try await gradebook.grade(["/learners/ada"], options: .init(timeout: .seconds(5), fresh: true))
    #expect(asShipped() == [true])
  }

  @Test func aLearnerWhoChangedNothingIsNotBuiltAgain() async throws {
    let first = try await grade()
    let again = try await grade()
    #expect(swift.runs.count == 1)
    #expect(again[0].exercises == first[0].exercises)
    #expect(again[0].reused == 2)
  }

  @Test func aLearnerWhoChangedOneExerciseIsCheckedForThatOneOnly() async throws {
    try await grade()
    fileSystem.add("/learners/ada/Exercises/count/Sources/Code.swift", "// Ada's right count")
    let entries = try await grade()
    #expect(swift.runs == [["greet", "count"], ["greet", "count"]])
    #expect(entries[0].reused == 1, "greet's result is the one kept")
    #expect(swift.skipped.last == [Exercise.moduleName(for: "greet") + "Tests"], "greet's tests do not run again")
    #expect(passed(entries[0]) == ["greet": true, "count": true])
  }

  @Test func resultsAreKeyedByContentNotByLearnerOrPlace() async throws {
    let entries = try await grade(["/learners/ada", "/other-class/ada"])
    #expect(swift.runs == [["greet", "count"]], "the second Ada has the same sources: nothing to build")
    #expect(entries[1].exercises.map(\.status) == entries[0].exercises.map(\.status))
    #expect(entries[1].path == "/other-class/ada")
  }

  @Test func aRemovedFileChangesTheKey() async throws {
    try await grade()
    try fileSystem.removeItem(at: "/learners/ada/Exercises/greet/Sources/Helper.swift")
    let entries = try await grade()
    #expect(swift.runs == [["greet", "count"], ["greet", "count"]])
    #expect(entries[0].reused == 1, "count's result is the one kept")
    #expect(!fileSystem.fileExists(at: "\(Self.lane)/Exercises/greet/Sources/Helper.swift"))
  }

  @Test func aChangedShippedTestChangesTheKeyOfItsExerciseOnly() async throws {
    try await grade()
    fileSystem.add("/course/Exercises/count/Tests/countTests.swift", "// the instructor fixed a test\n")
    let entries = try await grade()
    #expect(swift.runs == [["greet", "count"], ["greet", "count"]])
    #expect(entries[0].reused == 1, "greet's result is the one kept")
  }

  @Test func freshGradesEverythingAgainButStillSharesWithinTheRun() async throws {
    try await grade()
    try await grade(["/learners/ada", "/other-class/ada"], options: .init(timeout: .seconds(5), fresh: true))
    #expect(swift.runs == [["greet", "count"], ["greet", "count"]])
  }

  @Test func separatelyChecksEachExerciseInABuildOfItsOwnAndKeepsNothing() async throws {
    let entries = try await grade(["/learners/ada"], options: .init(timeout: .seconds(5), separately: true))
    #expect(swift.runs == [["greet"], ["count"]])
    #expect(passed(entries[0]) == ["greet": true, "count": false])
    #expect(entries[0].reused == nil)
    try await grade()
    #expect(swift.runs.count == 3, "nothing was kept")
  }

  @Test func aVerdictTheContentDoesNotDecideIsNotKept() async throws {
    let results = GradingResults(
      course: try CourseFixtures.course(fileSystem), root: "/course", fileSystem: fileSystem, timeout: .seconds(5), fresh: false)
    for status in [Verdict.Status.timedOut, .crashed, .cancelled, .compileError] {
      results.keep(Verdict(exercise: "greet", status: status, durationSeconds: 1), for: "greet", key: "k-\(status)")
      #expect(results.verdict(for: "greet", key: "k-\(status)") == nil, "\(status)")
    }
    let own = Verdict(
      exercise: "greet", status: .compileError, durationSeconds: 1,
      diagnostics: [Verdict.Diagnostic(file: "Exercises/greet/Sources/Code.swift", line: 1, column: 1, severity: "error", message: "m")])
    results.keep(own, for: "greet", key: "own")
    #expect(results.verdict(for: "greet", key: "own") == own)
  }

  @Test func anExerciseTheCourseNoLongerHasLeavesNoFolderBehind() async throws {
    try await grade()
    fileSystem.add("\(Self.lane)/Exercises/old/Tests/oldTests.swift", "// an exercise since removed")
    fileSystem.add("/learners/ada/Exercises/greet/Sources/Code.swift", "// Ada's new answer")
    try await grade()
    #expect(!fileSystem.directoryExists(at: "\(Self.lane)/Exercises/old"))
    #expect(fileSystem.directoryExists(at: "\(Self.lane)/Exercises/greet/Sources"))
  }

  @Test func workspacesOfOlderGradingsAreRemovedAndResultsKept() async throws {
    fileSystem.add("\(Self.grading)/carol-3f9c01ab23cd/Exercises/greet/Sources/Code.swift", "// a workspace per learner, as older ditutors kept")
    fileSystem.add("\(Self.grading)/lane-2/Exercises/greet/Sources/Code.swift", "// a lane of a grading with --jobs 2")
    try await grade()
    let left = Set((try? fileSystem.contentsOfDirectory(at: Self.grading)) ?? [])
    #expect(left == ["lane-1", "results"])
  }

  @Test func aSeamExerciseLeftAsItShippedIsCheckedAloneSoItStopsNoOther() async throws {
    // Its starter does not compile against its tests by design.
    fileSystem.add(
      "/course/Lessons/01-a.md", CourseFixtures.lesson(order: 1, id: "a", title: "A", pages: 1, exercises: "[greet, count, hook]"))
    CourseFixtures.addExercise("hook", to: fileSystem)
    let readme = try #require(fileSystem.text(at: "/course/Exercises/hook/README.md"))
    fileSystem.add("/course/Exercises/hook/README.md", readme.replacingOccurrences(of: "difficulty: 2\n", with: "difficulty: 2\nkind: seam\n"))
    fileSystem.add("/learners/ada/Exercises/hook/Sources/Code.swift", "// starter of hook\n")
    fileSystem.add("/learners/bob/Exercises/hook/Sources/Code.swift", "// Bob started on the seam\n")
    try #require(try CourseFixtures.course(fileSystem).exercises.first { $0.id == "hook" }?.kind == .seam)
    let entries = try await grade(["/learners/ada", "/learners/bob"])
    // Bob, who started on the seam, is graded first (so a lane's first build is of the whole
    // course) and his seam is checked with the rest; Ada's, left as shipped, is checked alone.
    #expect(swift.runs == [["greet", "count", "hook"], ["greet", "count"], ["hook"]], "Ada's untouched seam is checked alone")
    #expect(entries.map(\.learner) == ["ada", "bob"], "the book keeps the order given")
    #expect(entries.map(\.position) == [2, 1])
  }

  @Test func theProgressSaysWhoIsGradedAndHowManyAreDone() async throws {
    let fileSystem = self.fileSystem
    let swift = self.swift
    let ticks = Mutex(0)
    let gradebook = Gradebook(
      course: try CourseFixtures.course(fileSystem), root: "/course", fileSystem: fileSystem,
      now: { ticks.withLock { $0 += 1; return ContinuousClock.Instant.now.advanced(by: .seconds($0 * 10)) } }
    ) { root in
      ExerciseRunner(root: root, processes: swift, fileSystem: fileSystem, environment: [:])
    }
    let heard = Mutex<[GradingProgress]>([])
    _ = try await gradebook.grade(["/learners/ada", "/learners/bob"], options: .init(timeout: .seconds(5))) { state in
      heard.withLock { $0.append(state) }
    }
    let states = heard.withLock { $0 }
    try #require(states.count == 4, "\(states)")
    #expect(states.map(\.done) == [0, 1, 1, 2])
    #expect(states.map(\.current) == [["ada"], [], ["bob"], []])
    #expect(states[0].secondsLeft == nil, "nothing to go on yet")
    #expect(states[1].secondsLeft != nil && states[3].secondsLeft == 0)
  }
}

/// The time left on `grade`'s progress line.
@Suite struct GradingProgressTests {
  @Test func theFirstLearnerWhoBuiltTheCourseIsLeftOutOnceThereIsASecond() throws {
    #expect(GradingProgress.estimate(secondsLeftFrom: [], remaining: 5, lanes: 1) == nil)
    #expect(GradingProgress.estimate(secondsLeftFrom: [200], remaining: 5, lanes: 1) == 1000)
    #expect(GradingProgress.estimate(secondsLeftFrom: [200, 10, 12, 300], remaining: 5, lanes: 1) == 60, "the median of 10, 12, 300")
    #expect(GradingProgress.estimate(secondsLeftFrom: [200, 10], remaining: 5, lanes: 2) == 30, "three rounds of two lanes")
    #expect(GradingProgress.estimate(secondsLeftFrom: [200, 10], remaining: 0, lanes: 1) == 0)
  }

  @Test func theTimeLeftIsSaidRoughly() {
    #expect(GradingProgress.describe(secondsLeft: 4) == "less than 10 s left")
    #expect(GradingProgress.describe(secondsLeft: 44) == "about 40 s left")
    #expect(GradingProgress.describe(secondsLeft: 170) == "about 3 min left")
    #expect(GradingProgress.describe(secondsLeft: 4000) == "about 1 h 6 min left")
  }
}

/// `grade --review`: each learner's review notes, counted from one review of their whole course.
@Suite struct GradebookReviewTests {
  @Test func eachExerciseGetsTheNotesOnItsOwnFilesAndTheBookShowsTheTotal() async throws {
    let base = GradebookWorkspaceTests()
    let fileSystem = base.fileSystem
    let swift = base.swift
    // Ada's greet has two notes and count one; the reviewer is asked once per learner.
    let reviewer = ScriptedReviewer(
      ready: false,
      remarks: [
        ReviewRemark(rule: "hidden-input", file: "/learners/ada/Exercises/greet/Sources/Code.swift", line: 1, column: 1, message: "`Date()`"),
        ReviewRemark(rule: "global-singleton", file: "/learners/ada/Exercises/greet/Sources/Helper.swift", line: 2, column: 1, message: "`.shared`"),
        ReviewRemark(rule: "hidden-input", file: "/learners/ada/Exercises/count/Sources/Code.swift", line: 3, column: 1, message: "`UUID()`"),
      ])
    let gradebook = Gradebook(course: try CourseFixtures.course(fileSystem), root: "/course", fileSystem: fileSystem, reviewer: reviewer) {
      root in ExerciseRunner(root: root, processes: swift, fileSystem: fileSystem, environment: [:])
    }
    let entries = try await gradebook.grade(["/learners/ada"], options: .init(timeout: .seconds(5), review: true))
    let notes = Dictionary(uniqueKeysWithValues: entries[0].exercises.map { ($0.exercise, $0.reviewNotes) })
    #expect(notes == ["greet": 2, "count": 1])
    #expect(entries[0].reviewNotes == 3)
    #expect(reviewer.prepared == 1, "built before the first learner")
    // The learner's sources, beside the instructor's tests.
    let asked = try #require(reviewer.asked.first { $0.code.contains("/learners/ada/Exercises/greet/Sources/Code.swift") })
    #expect(asked.contextTests == ["/course/Exercises/greet/Tests/greetTests.swift"])

    let table = GradebookReport.document(entries, exercises: ["greet", "count"]).text
    #expect(table.contains("Review"))
    let csv = GradebookReport.csv(entries, exercises: ["greet", "count"])
    #expect(csv.hasPrefix("learner,passed,total,greet,count,review notes,quizzes"))
    #expect(csv.contains(",3,"))
    #expect(GradebookReport.json(entries).contains("\"reviewNotes\" : 2"))
    let html = GradebookReport.html(entries, exercises: ["greet", "count"], title: "Class")
    #expect(html.contains(#"data-key="review""#))
    #expect(html.contains(#"<td class="num" data-v="3">3</td>"#))
  }

  @Test func withoutReviewTheBookIsAsItWas() async throws {
    let base = GradebookWorkspaceTests()
    let entries = try await base.grade()
    #expect(entries[0].reviewNotes == nil)
    #expect(!GradebookReport.csv(entries, exercises: ["greet", "count"]).contains("review"))
    #expect(!GradebookReport.document(entries, exercises: ["greet", "count"]).text.contains("Review"))
    #expect(!GradebookReport.html(entries, exercises: ["greet", "count"], title: "Class").contains(#"data-key="review""#))
  }
}
