import Foundation
import Synchronization
import Testing

@testable import TutorKit

/// A reviewer that says what it is told to about the files it is given, and counts how often it
/// was asked.
final class ScriptedReviewer: CodeReviewer {
  private let state: Mutex<(ready: Bool, remarks: [ReviewRemark], asked: [ReviewFiles])>

  init(ready: Bool = true, remarks: [ReviewRemark] = []) {
    state = Mutex((ready, remarks, []))
  }

  var asked: [ReviewFiles] { state.withLock { $0.asked } }

  func isReady() -> Bool { state.withLock { $0.ready } }

  func review(_ files: ReviewFiles, progress: @escaping @Sendable (String) -> Void) async throws -> [ReviewRemark] {
    let ready = state.withLock { state in
      state.asked.append(files)
      defer { state.ready = true }
      return state.ready
    }
    if !ready { progress("Building the reviewer") }
    // Only what it was told about the files it reads.
    let reviewed = Set(files.code + files.tests)
    return state.withLock { $0.remarks }.filter { reviewed.contains($0.file) }
  }

  private let preparations = Mutex(0)
  var prepared: Int { preparations.withLock { $0 } }
  func prepare() async throws {
    preparations.withLock { $0 += 1 }
    state.withLock { $0.ready = true }
  }
}

/// A process runner for the review tool: `swift build` and the analyzer, as scripted.
final class ReviewProcesses: ProcessRunner {
  private let state = Mutex<(requests: [ProcessRequest], build: ProcessOutcome, analyzer: ProcessOutcome)>(
    ([], ProcessOutcome(ending: .exited(0)), ProcessOutcome(ending: .exited(0), standardOutput: "{\"remarks\": []}")))
  let fileSystem: InMemoryFileSystem

  init(fileSystem: InMemoryFileSystem) {
    self.fileSystem = fileSystem
  }

  var requests: [ProcessRequest] { state.withLock { $0.requests } }
  var builds: Int { requests.filter { $0.arguments.contains("build") }.count }

  func script(build: ProcessOutcome? = nil, analyzer: ProcessOutcome? = nil) {
    state.withLock { state in
      if let build { state.build = build }
      if let analyzer { state.analyzer = analyzer }
    }
  }

  func run(_ request: ProcessRequest) async throws -> ProcessOutcome {
    let (build, analyzer) = state.withLock { state in
      state.requests.append(request)
      return (state.build, state.analyzer)
    }
    if request.arguments.contains("build") {
      if build.ending == .exited(0) { fileSystem.add("/course/.build/review/debug/ditutor-review", "a program") }
      return build
    }
    return analyzer
  }

  func locate(_ name: String) -> String? { ["swift", "nice"].contains(name) ? "/usr/bin/\(name)" : nil }

  private let stops = Mutex<[String]>([])
  /// Each look for leftovers, as `variable=value`.
  var stopped: [String] { stops.withLock { $0 } }
  func stopProcesses(carrying variable: String, value: String) -> Int {
    stops.withLock { $0.append("\(variable)=\(value)") }
    return 0
  }
}

@Suite struct ReviewTests {
  static let rules = """
    {"rules": [{"id": "hidden-input", "title": "A hidden input", "finds": "`Date()` read directly.", "lesson": 1,
    "page": "Page 1", "fix": "Inject a clock: `any Clock`.", "example": "loan.due < Date()", "applies": "code"}]}
    """
  static let remark = ReviewRemark(
    rule: "hidden-input", file: "/course/Exercises/greet/Sources/Code.swift", line: 3, column: 5, message: "`Date()` read directly in `helper()`")

  let fileSystem: InMemoryFileSystem

  init() {
    fileSystem = InMemoryFileSystem(files: [
      "/course/Lessons/01-why.md": CourseFixtures.lesson(order: 1, id: "why", title: "Why", pages: 2, exercises: "[greet, writes]"),
      "/course/Review/Rules.json": Self.rules,
      "/course/Review/Package.swift": "// the analyzer's manifest",
      "/course/Review/Sources/ReviewRules/Checks.swift": "// checks",
    ])
    CourseFixtures.addExercise("greet", to: fileSystem)
    fileSystem.add(
      "/course/Exercises/writes/README.md", "---\ntitle: Writes\nkind: tests\n---\n\n# Writes\n\nTest it.\n\n## Hints\n\n### Hint 1\n\nA spy.\n")
    fileSystem.add("/course/Exercises/writes/Sources/WritesTests.swift", "// the learner's tests")
    fileSystem.add("/course/Exercises/writes/Subject/Counter.swift", "// the subject")
    fileSystem.add("/course/Exercises/writes/Solution/WritesTests.swift", "// the reference tests")
    fileSystem.add("/course/Exercises/writes/Starter/WritesTests.swift", "// the starter's tests")
    fileSystem.add("/course/Exercises/writes/Mutants/off-by-one/Counter.swift", "// a planted bug")
    fileSystem.add("/course/Exercises/writes/Mutants/off-by-one/README.md", "Counts one too many.\n")
  }

  func exercise(_ id: String) throws -> Exercise {
    try #require(try CourseFixtures.course(fileSystem).exercise(matching: id))
  }

  @Test func aCodeExerciseIsReviewedBesideItsTestsAndATestsExerciseBesideItsSubject() throws {
    let code = ReviewFiles(of: try exercise("greet"), root: "/course", fileSystem: fileSystem)
    #expect(code == ReviewFiles(code: ["/course/Exercises/greet/Sources/Code.swift"], contextTests: ["/course/Exercises/greet/Tests/greetTests.swift"]))
    let tests = ReviewFiles(of: try exercise("writes"), root: "/course", fileSystem: fileSystem)
    #expect(tests == ReviewFiles(tests: ["/course/Exercises/writes/Sources/WritesTests.swift"], contextCode: ["/course/Exercises/writes/Subject/Counter.swift"]))
    #expect(code.arguments == ["--code", "/course/Exercises/greet/Sources/Code.swift", "--context-tests", "/course/Exercises/greet/Tests/greetTests.swift"])
  }

  // MARK: the live tool

  @Test func theFirstReviewBuildsTheAnalyzerSaysSoAndTheNextOnesDoNot() async throws {
    let processes = ReviewProcesses(fileSystem: fileSystem)
    let encoded = String(decoding: try JSONEncoder().encode(["remarks": [Self.remark]]), as: UTF8.self)
    processes.script(analyzer: ProcessOutcome(ending: .exited(0), standardOutput: encoded))
    let tool = ReviewTool(root: "/course", processes: processes, fileSystem: fileSystem, environment: [:])
    #expect(!tool.isReady())
    let said = Mutex<[String]>([])
    let files = ReviewFiles(of: try exercise("greet"), root: "/course", fileSystem: fileSystem)
    let remarks = try await tool.review(files) { line in said.withLock { $0.append(line) } }
    #expect(remarks == [Self.remark])
    #expect(said.withLock { $0.count } == 1)
    #expect(said.withLock { $0.first?.contains("Building the reviewer") } == true)
    let build = try #require(processes.requests.first)
    #expect(build.executable == "/usr/bin/swift")
    #expect(build.arguments == ["build", "--package-path", "/course/Review", "--scratch-path", "/course/.build/review", "--product", "ditutor-review"])
    let analyzer = try #require(processes.requests.last)
    #expect(analyzer.executable == "/course/.build/review/debug/ditutor-review")
    #expect(analyzer.arguments == ["--rules", "/course/Review/Rules.json"] + files.arguments)
    #expect(tool.isReady())
    // A build a killed ditutor left going is stopped first; this one is marked the same way.
    #expect(processes.stopped == ["DITUTOR_REVIEW_BUILD=/course/.build/review"])
    #expect(build.environment["DITUTOR_REVIEW_BUILD"] == "/course/.build/review")

    _ = try await tool.review(files) { line in said.withLock { $0.append(line) } }
    #expect(processes.builds == 1, "built once")
    #expect(said.withLock { $0.count } == 1, "nothing to say the second time")

    // A `git pull` that changes the analyzer: the next review builds it again.
    fileSystem.add("/course/Review/Sources/ReviewRules/Checks.swift", "// checks, changed")
    #expect(!tool.isReady())
    _ = try await tool.review(files) { _ in }
    #expect(processes.builds == 2)
  }

  @Test func anAnalyzerThatDoesNotBuildSaysWhyAndIsNotTakenAsBuilt() async throws {
    let processes = ReviewProcesses(fileSystem: fileSystem)
    processes.script(
      build: ProcessOutcome(
        ending: .exited(1), standardOutput: "[3/9] Compiling\n/course/Review/Sources/ReviewRules/Checks.swift:1:1: error: expected declaration\n"))
    let tool = ReviewTool(root: "/course", processes: processes, fileSystem: fileSystem, environment: [:])
    let failure = await #expect(throws: CommandFailure.self) {
      try await tool.review(ReviewFiles(code: ["/course/Exercises/greet/Sources/Code.swift"]), progress: { _ in })
    }
    #expect(failure?.message.contains("Checks.swift:1:1: error: expected declaration") == true)
    #expect(!tool.isReady())
    #expect(processes.requests.count == 1, "the analyzer did not run")
  }

  @Test func anAnalyzerThatFailsIsAnErrorNotAnEmptyReview() async throws {
    let processes = ReviewProcesses(fileSystem: fileSystem)
    processes.script(analyzer: ProcessOutcome(ending: .exited(2), standardError: "ditutor-review: Rules.json has a rule 'x' that no check implements"))
    let tool = ReviewTool(root: "/course", processes: processes, fileSystem: fileSystem, environment: [:])
    let failure = await #expect(throws: CommandFailure.self) { try await tool.review(ReviewFiles(), progress: { _ in }) }
    #expect(failure?.message.contains("no check implements") == true)
  }

  // MARK: what the learner sees

  @Test func theNotesNameTheLineTheLessonPageAndTheFix() throws {
    let rules = try ReviewRules.load(root: "/course", fileSystem: fileSystem)
    let course = try CourseFixtures.course(fileSystem)
    let text = ReviewExercise.document([Self.remark], on: try exercise("greet"), rules: rules, course: course, root: "/course").text
    #expect(text.contains("1 review note on greet"))
    #expect(text.contains("Exercises/greet/Sources/Code.swift:3 Date() read directly in helper()"))
    #expect(text.contains("lesson 1, “Why”, page “Page 1” (type open 1)"))
    #expect(text.contains("Fix: Inject a clock: any Clock."))
    let clean = ReviewExercise.document([], on: try exercise("greet"), rules: rules, course: course, root: "/course").text
    #expect(clean.contains("No review notes on greet"))
    let json = ReviewExercise.json([Self.remark], on: try exercise("greet"), rules: rules, root: "/course")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(object["count"] as? Int == 1)
    let note = try #require((object["notes"] as? [[String: Any]])?.first)
    #expect(note["file"] as? String == "Exercises/greet/Sources/Code.swift" && note["line"] as? Int == 3)
    #expect(note["page"] as? String == "Page 1" && note["lesson"] as? Int == 1)
  }

  @Test func theRulesAreListedWithTheirPagesAndExamples() throws {
    let text = try ReviewRules.load(root: "/course", fileSystem: fileSystem).document(course: try CourseFixtures.course(fileSystem)).text
    #expect(text.contains("hidden-input: A hidden input"))
    #expect(text.contains("lesson 1, “Why”, page “Page 1”"))
    #expect(text.contains("loan.due < Date()"))
  }

  @Test func aPassingCheckListsTheNotesWhenTheReviewerIsBuilt() async throws {
    let reviewer = ScriptedReviewer(ready: true, remarks: [Self.remark])
    let check = CheckOnce(
      root: "/course", fileSystem: fileSystem, checker: ScriptedChecker([.passed]),
      review: ReviewExercise(root: "/course", fileSystem: fileSystem, reviewer: reviewer))
    let (report, status) = try await check.run("greet", format: .text, timeout: .seconds(5))
    #expect(status == 0)
    guard case .document(let document) = report else {
      Issue.record("a document: \(report)")
      return
    }
    #expect(document.text.contains("Passed, with 1 review note"))
    #expect(document.text.contains("Exercises/greet/Sources/Code.swift:3"))
  }

  @Test(arguments: [(true, Verdict.Status.failed), (false, .passed), (false, .failed)])
  func aCheckNeverBuildsTheReviewerNorReviewsAFailure(ready: Bool, status: Verdict.Status) async throws {
    let reviewer = ScriptedReviewer(ready: ready, remarks: [Self.remark])
    let check = CheckOnce(
      root: "/course", fileSystem: fileSystem, checker: ScriptedChecker([status]),
      review: ReviewExercise(root: "/course", fileSystem: fileSystem, reviewer: reviewer))
    let (report, _) = try await check.run("greet", format: .text, timeout: .seconds(5))
    guard case .document(let document) = report else {
      Issue.record("a document: \(report)")
      return
    }
    #expect(!document.text.contains("review note"))
    #expect(reviewer.asked.isEmpty)
    // A pass before the reviewer is built says where it is, once, and nothing else.
    #expect(document.text.contains("review reads how you wrote it") == (status == .passed))
  }

  @Test func aPassWithNoNotesAddsNothing() async throws {
    let check = CheckOnce(
      root: "/course", fileSystem: fileSystem, checker: ScriptedChecker([.passed]),
      review: ReviewExercise(root: "/course", fileSystem: fileSystem, reviewer: ScriptedReviewer(ready: true)))
    let (report, _) = try await check.run("greet", format: .text, timeout: .seconds(5))
    guard case .document(let document) = report else {
      Issue.record("a document: \(report)")
      return
    }
    #expect(!document.text.contains("review"))
  }

  @Test func machineFormatsCarryNoNotes() async throws {
    let reviewer = ScriptedReviewer(ready: true, remarks: [Self.remark])
    let check = CheckOnce(
      root: "/course", fileSystem: fileSystem, checker: ScriptedChecker([.passed]),
      review: ReviewExercise(root: "/course", fileSystem: fileSystem, reviewer: reviewer))
    let (report, _) = try await check.run("greet", format: .json, timeout: .seconds(5))
    guard case .text(let json) = report else {
      Issue.record("json is text: \(report)")
      return
    }
    #expect(!json.contains("review"))
    #expect(reviewer.asked.isEmpty)
  }

  @Test func theREPLReviewsTheOpenExerciseAndAfterAPassListsTheNotes() async throws {
    let reviewer = ScriptedReviewer(ready: false, remarks: [Self.remark])
    let session = try Session(
      course: CourseFixtures.course(fileSystem), progress: CourseFixtures.store(fileSystem), checker: ScriptedChecker([.passed]),
      examples: EchoExamples(), fileSystem: fileSystem, clock: CourseFixtures.clock, root: "/course", reviewer: reviewer)
    _ = await session.handle("exercise greet")
    let emitted = Mutex<[String]>([])
    let review = await session.handle("review", emit: { document in emitted.withLock { $0.append(document.text) } })
    #expect(emitted.withLock { $0 } == ["Building the reviewer"])
    #expect(review.document.text.contains("1 review note on greet"))
    let check = await session.handle("check")
    #expect(check.document.text.contains("Passed, with 1 review note"))
    let rules = await session.handle("review --rules")
    #expect(rules.document.text.contains("hidden-input: A hidden input"))
  }
}

extension ReviewTests {
  @Test func aReviewerBuiltElsewhereIsRunAsItIsAndNeverBuilt() async throws {
    let processes = ReviewProcesses(fileSystem: fileSystem)
    let tool = ReviewTool(root: "/course", processes: processes, fileSystem: fileSystem, environment: [:], prebuilt: "/opt/review/ditutor-review")
    #expect(!tool.isReady())
    let failure = await #expect(throws: CommandFailure.self) { try await tool.review(ReviewFiles(), progress: { _ in }) }
    #expect(failure?.message.contains("DITUTOR_REVIEWER names /opt/review/ditutor-review") == true)
    fileSystem.add("/opt/review/ditutor-review", "a program")
    #expect(tool.isReady())
    _ = try await tool.review(ReviewFiles(), progress: { _ in })
    #expect(processes.builds == 0)
    #expect(processes.requests.map(\.executable) == ["/opt/review/ditutor-review"])
  }
}

extension ReviewTests {
  @Test func aCourseWithoutTheReviewerSaysSoAndAPassDoesNotMentionIt() async throws {
    try fileSystem.removeItem(at: "/course/Review/Package.swift")
    let processes = ReviewProcesses(fileSystem: fileSystem)
    let tool = ReviewTool(root: "/course", processes: processes, fileSystem: fileSystem, environment: [:])
    let failure = await #expect(throws: CommandFailure.self) { try await tool.review(ReviewFiles(), progress: { _ in }) }
    #expect(failure?.message.contains("no Review/ folder") == true)
    #expect(processes.requests.isEmpty)

    try fileSystem.removeItem(at: "/course/Review/Rules.json")
    let review = ReviewExercise(root: "/course", fileSystem: fileSystem, reviewer: ScriptedReviewer(ready: false))
    #expect(await review.afterAPass(on: try exercise("greet"), course: nil).isEmpty)
  }
}

extension ReviewTests {
  @Test(arguments: [true, false])
  func anInteractiveSessionBuildsTheReviewerOnceAnExerciseIsOpened(interactive: Bool) async throws {
    let reviewer = ScriptedReviewer(ready: false, remarks: [Self.remark])
    let session = try Session(
      course: CourseFixtures.course(fileSystem), progress: CourseFixtures.store(fileSystem), checker: ScriptedChecker([.passed]),
      examples: EchoExamples(), fileSystem: fileSystem, clock: CourseFixtures.clock, root: "/course", reviewer: reviewer,
      buildsReviewerInTheBackground: interactive)
    _ = await session.handle("exercise greet")
    _ = await session.handle("exercise writes")
    if let build = await session.reviewerBuild { await build.value }
    #expect(reviewer.prepared == (interactive ? 1 : 0), "built once, in an interactive session only")
    let check = await session.handle("check greet")
    #expect(check.document.text.contains("Passed, with 1 review note") == interactive)
  }

  @Test func theBackgroundBuildRunsAtTheLowestPriorityAndAReviewWaitsForIt() async throws {
    let processes = ReviewProcesses(fileSystem: fileSystem)
    let tool = ReviewTool(root: "/course", processes: processes, fileSystem: fileSystem, environment: [:])
    try await tool.prepare()
    let build = try #require(processes.requests.first)
    #expect(build.executable == "/usr/bin/nice")
    #expect(Array(build.arguments.prefix(4)) == ["-n", "19", "/usr/bin/swift", "build"])
    #expect(tool.isReady())
    try await tool.prepare()
    #expect(processes.builds == 1, "a built reviewer is not built again")
  }
}

extension ReviewTests {
  @Test func aPassWhileTheReviewerIsBuiltInTheBackgroundSaysTheNotesAreComing() async throws {
    let review = ReviewExercise(root: "/course", fileSystem: fileSystem, reviewer: ScriptedReviewer(ready: false))
    let building = Document(await review.afterAPass(on: try exercise("greet"), course: nil, building: true)).text
    #expect(building.contains("A reviewer is being built in the background"))
    let notBuilding = Document(await review.afterAPass(on: try exercise("greet"), course: nil, building: false)).text
    #expect(notBuilding.contains("review reads how you wrote it"))
  }
}
