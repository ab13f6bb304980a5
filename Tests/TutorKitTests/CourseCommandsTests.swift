import Foundation
import Testing
@testable import TutorKit

/// The author's one-shot commands as use cases: `verify`'s choice of exercises and
/// `fingerprints`' answers.
@Suite struct CourseCommandsTests {
  let fileSystem: InMemoryFileSystem

  init() {
    fileSystem = InMemoryFileSystem(files: [
      "/course/Lessons/01-why.md": CourseFixtures.lesson(order: 1, id: "why", title: "Why", pages: 2, exercises: "[greet, fetch]")
    ])
    for id in ["greet", "fetch"] { CourseFixtures.addExercise(id, to: fileSystem) }
  }

  func verify() throws -> VerifyCourse {
    let runner = ExerciseRunner(root: "/course", processes: NoToolchain(), fileSystem: fileSystem, environment: [:])
    return VerifyCourse(course: try CourseFixtures.course(fileSystem), verifier: CourseVerifier(runner: runner))
  }

  @Test func verifyTakesTheNamedExercisesInTheCoursesOrder() throws {
    #expect(try verify().exercises(["fetch", "greet"]).map(\.id) == ["greet", "fetch"])
    #expect(try verify().exercises([]).map(\.id) == ["greet", "fetch"])
  }

  @Test func verifyOfAnUnknownExerciseIsAUsageErrorNamingTheKnownOnes() throws {
    let failure = #expect(throws: CommandFailure.self) { try verify().exercises(["greet", "nope"]) }
    #expect(failure == CommandFailure(message: "There is no exercise 'nope'. Exercises: greet, fetch.", status: 2))
  }

  @Test func fingerprintsAreWrittenThenCurrentThenStaleAfterATestChanges() throws {
    let fingerprints = ShippedTestFingerprints(course: try CourseFixtures.course(fileSystem), root: "/course", fileSystem: fileSystem)
    #expect(try fingerprints.run(write: false).status == 1, "none written yet")
    let written = try fingerprints.run(write: true)
    #expect(written == .init(message: "Wrote Exercises/shipped-tests.json: 2 exercises.", isProblem: false, status: 0))
    #expect(try fingerprints.run(write: false) == .init(message: "Exercises/shipped-tests.json is current.", isProblem: false, status: 0))
    fileSystem.add("/course/Exercises/greet/Tests/greetTests.swift", "// tests of greet, changed\n")
    let stale = try fingerprints.run(write: false)
    #expect(stale.isProblem && stale.status == 1)
    #expect(stale.message.contains("ditutor fingerprints --write"))
  }
}
