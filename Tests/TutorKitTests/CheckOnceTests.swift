import Foundation
import Testing
@testable import TutorKit

/// `ditutor check` as a use case: finding the exercise, the report per format, the exit status.
@Suite struct CheckOnceTests {
  let fileSystem: InMemoryFileSystem

  init() {
    fileSystem = InMemoryFileSystem(files: [
      "/course/Lessons/01-why.md": CourseFixtures.lesson(order: 1, id: "why", title: "Why", pages: 2, exercises: "[greet, fetch]")
    ])
    for id in ["greet", "fetch"] { CourseFixtures.addExercise(id, to: fileSystem) }
  }

  func check(_ statuses: [Verdict.Status]) -> (CheckOnce, ScriptedChecker) {
    let checker = ScriptedChecker(statuses)
    return (CheckOnce(root: "/course", fileSystem: fileSystem, checker: checker), checker)
  }

  @Test func anExerciseIsFoundByItsNumberAndItsVerdictDecidesTheStatus() async throws {
    let (check, checker) = check([.passed])
    let (report, status) = try await check.run("2", format: .json, timeout: .seconds(5))
    #expect(checker.calls == ["fetch"])
    #expect(status == 0)
    guard case .text(let json) = report else {
      Issue.record("json is text for a program, not a document: \(report)")
      return
    }
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(object["exercise"] as? String == "fetch" && object["status"] as? String == "passed")
  }

  @Test func aFailingVerdictExitsOneAndTextIsADocument() async throws {
    let (check, _) = check([.failed])
    let (report, status) = try await check.run("greet", format: .text, timeout: .seconds(5))
    #expect(status == 1)
    guard case .document(let document) = report else {
      Issue.record("text is a document for people: \(report)")
      return
    }
    #expect(document.text.contains("greet"))
  }

  @Test(arguments: [
    ("/course/Exercises/greeting-clock/Sources", "greeting-clock"),
    ("/course/Exercises/greeting-clock", "greeting-clock"),
    ("/course/Exercises/greeting-clock/Tests/", "greeting-clock"),
    ("/course/Exercises", nil),
    ("/course/Lessons", nil),
    ("/course", nil),
    ("/course/Exercises-old/greeting-clock", nil),
  ] as [(String, String?)])
  func aCheckWithoutAnExerciseChecksTheOneWhoseFolderItRunsIn(folder: String, expected: String?) {
    #expect(CheckOnce.exercise(containing: folder, root: "/course") == expected)
  }

  @Test func anUnknownExerciseIsAUsageErrorNamingTheKnownOnes() async throws {
    let (check, checker) = check([])
    let failure = await #expect(throws: CommandFailure.self) { try await check.run("nope", format: .text, timeout: .seconds(5)) }
    #expect(failure?.status == 2)
    #expect(failure?.message == "There is no exercise 'nope'. Exercises: 1 (greet), 2 (fetch).")
    #expect(checker.calls.isEmpty)
  }
}
