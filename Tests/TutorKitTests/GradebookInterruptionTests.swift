import Foundation
import Synchronization
import Testing
@testable import TutorKit

/// A `swift` whose run of one learner's code lasts until it is cancelled (as SIGTERM or Ctrl-C
/// cancels `grade`); every other run fails at once, like a starter's tests.
final class StoppableSwift: ProcessRunner {
  private let stops: @Sendable (ProcessRequest) -> Bool
  private let started: AsyncStream<Void>.Continuation
  /// Never yields: iterating it lasts until the task is cancelled.
  private let never = AsyncStream<Void>.makeStream()

  init(stopsWhen stops: @escaping @Sendable (ProcessRequest) -> Bool, started: AsyncStream<Void>.Continuation) {
    self.stops = stops
    self.started = started
  }

  func locate(_ name: String) -> String? { "/usr/bin/swift" }
  func stopProcesses(carrying variable: String, value: String) -> Int { 0 }

  func run(_ request: ProcessRequest) async throws -> ProcessOutcome {
    guard stops(request) else { return ProcessOutcome(ending: .exited(1)) }
    started.yield()
    for await _ in never.stream {}
    return ProcessOutcome(ending: .cancelled)
  }
}

/// `grade` stopped half-way (SIGTERM, Ctrl-C) says its book is incomplete, and which learners
/// and exercises were not graded, instead of passing cancelled checks off as grades.
@Suite struct GradebookInterruptionTests {
  let fileSystem: InMemoryFileSystem

  init() {
    fileSystem = InMemoryFileSystem(files: [
      "/course/Package.swift": "// the manifest",
      "/course/Lessons/01-a.md": CourseFixtures.lesson(order: 1, id: "a", title: "A", pages: 1, exercises: "[greet, count]"),
      "/learners/ada/Exercises/greet/Sources/Code.swift": "// Ada's answer",
      "/learners/bob/Exercises/greet/Sources/Code.swift": "// Bob's answer",
      "/learners/carol/Exercises/greet/Sources/Code.swift": "// Carol's answer",
    ])
    CourseFixtures.addExercise("greet", to: fileSystem)
    CourseFixtures.addExercise("count", to: fileSystem)
    for learner in ["ada", "bob", "carol"] {
      // Each learner's own answer to `count`, so no result is shared between them.
      fileSystem.add("/learners/\(learner)/Exercises/count/Sources/Code.swift", "// \(learner)'s count")
      for exercise in ["greet", "count"] {
        fileSystem.add("/learners/\(learner)/Exercises/\(exercise)/Tests/\(exercise)Tests.swift", "// tests of \(exercise)\n")
      }
    }
  }

  /// Grades ada, bob and carol, and cancels the grading once bob's tests are running.
  func gradeStoppedDuringBob() async throws -> [Gradebook.Entry] {
    let fileSystem = self.fileSystem
    let (started, startedContinuation) = AsyncStream<Void>.makeStream()
    // Learners take turns in one workspace: Bob's turn is when it holds his answer.
    let swift = StoppableSwift(
      stopsWhen: { request in
        guard let root = request.arguments.firstIndex(of: "--package-path").map({ request.arguments[$0 + 1] }) else { return false }
        return fileSystem.text(at: "\(root)/Exercises/greet/Sources/Code.swift") == "// Bob's answer"
      }, started: startedContinuation)
    let gradebook = Gradebook(course: try CourseFixtures.course(fileSystem), root: "/course", fileSystem: fileSystem) { root in
      ExerciseRunner(root: root, processes: swift, fileSystem: fileSystem, environment: [:])
    }
    let grading = Task {
      try await gradebook.grade(["/learners/ada", "/learners/bob", "/learners/carol"], jobs: 1, timeout: .seconds(5))
    }
    var bobStarted = started.makeAsyncIterator()
    _ = await bobStarted.next()
    grading.cancel()
    return try await grading.value
  }

  @Test func theBookSaysWhoAndWhatWasNotGraded() async throws {
    let entries = try await gradeStoppedDuringBob()
    try #require(entries.map(\.learner) == ["ada", "bob", "carol"])
    #expect(entries[0].exercises.map(\.exercise) == ["greet", "count"], "Ada was graded before the stop")
    #expect(entries[1].exercises.isEmpty, "Bob's cancelled checks are no grades: \(entries[1].exercises)")
    #expect(entries[2].exercises.isEmpty, "Carol was never started: \(entries[2].exercises)")
    #expect(entries.map(\.notGraded) == [nil, ["greet", "count"], ["greet", "count"]])
    #expect(entries.allSatisfy { $0.problem == nil }, "a stop is not a broken checkout")
    #expect(!Gradebook.isComplete(entries))
    #expect(Gradebook.exitStatus(entries) != 0)
  }

  @Test func everyFormatSaysTheBookIsIncomplete() async throws {
    let entries = try await gradeStoppedDuringBob()
    let exercises = ["greet", "count"]
    let notice = try #require(GradebookReport.incompleteNotice(entries, exercises: exercises))
    #expect(notice.contains("incomplete") && notice.contains("bob (every exercise); carol (every exercise)") && !notice.contains("ada"))

    let table = GradebookReport.document(entries, exercises: exercises).text
    #expect(table.contains(notice))
    #expect(table.contains("ada | 0/2 | ✗ | ✗ |"), "\(table)")
    #expect(table.contains("bob | – | – | – |  | not graded"), "no cancelled check shown as a ✗: \(table)")

    let csv = GradebookReport.csv(entries, exercises: exercises).split(separator: "\n")
    #expect(csv[2].hasPrefix("bob,0,2,not graded,not graded,"), "\(csv[2])")
    #expect(csv[3].hasSuffix("grading was stopped before this checkout was done"), "\(csv[3])")

    let json = try #require(try JSONSerialization.jsonObject(with: Data(GradebookReport.json(entries).utf8)) as? [String: Any])
    #expect(json["complete"] as? Bool == false)
    let learners = try #require(json["learners"] as? [[String: Any]])
    #expect(learners.map { $0["notGraded"] as? [String] } == [nil, ["greet", "count"], ["greet", "count"]])

    let junit = GradebookReport.junit(entries)
    #expect(junit.contains(#"<testsuites name="ditutor grade" tests="6" failures="2" skipped="4">"#), "\(junit)")
    #expect(junit.contains(#"<testcase classname="carol" name="count">\#n      <skipped message="not graded: grading was stopped"/>"#))

    let html = GradebookReport.html(entries, exercises: exercises, title: "book")
    #expect(html.contains(#"<p class="warn">This gradebook is incomplete"#))
  }

  @Test func aCompleteBookSaysNothingOfTheKind() async throws {
    let fileSystem = self.fileSystem
    let gradebook = Gradebook(course: try CourseFixtures.course(fileSystem), root: "/course", fileSystem: fileSystem) { root in
      ExerciseRunner(root: root, processes: ScriptedSwift([]), fileSystem: fileSystem, environment: [:])
    }
    let entries = try await gradebook.grade(["/learners/ada", "/learners/bob"], jobs: 2, timeout: .seconds(5))
    #expect(entries.allSatisfy { $0.notGraded == nil && $0.exercises.count == 2 })
    #expect(Gradebook.exitStatus(entries) == 0)
    #expect(GradebookReport.incompleteNotice(entries, exercises: ["greet", "count"]) == nil)
    #expect(!GradebookReport.junit(entries).contains("skipped"))
  }
}
