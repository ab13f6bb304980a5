import Testing
@testable import TutorKit
import WarmBuild

/// A process runner on a machine without Swift: nothing can be located or started.
struct NoToolchain: ProcessRunner {
  func locate(_ name: String) -> String? { nil }
  func stopProcesses(carrying variable: String, value: String) -> Int { 0 }
  func run(_ request: ProcessRequest) async throws -> ProcessOutcome {
    Issue.record("nothing should be started without a toolchain")
    return ProcessOutcome(ending: .exited(127))
  }
}

@Suite struct MissingToolchainTests {
  @Test func aCheckWithoutSwiftOnThePathSaysSoInOneSentence() async throws {
    let fileSystem = InMemoryFileSystem(files: [
      "/course/Lessons/01-a.md": CourseFixtures.lesson(order: 1, id: "a", title: "A", pages: 1, exercises: "[greet]")
    ])
    CourseFixtures.addExercise("greet", to: fileSystem)
    let toolchain = NoToolchain()
    let runner = ExerciseRunner(
      root: "/course", processes: toolchain, fileSystem: fileSystem, environment: [:],
      recordedBuilds: WarmBuilder.maker(processes: toolchain, fileSystem: fileSystem))
    let session = try CourseFixtures.session(fileSystem, checker: runner)
    let response = await session.handle("check greet")
    #expect(response.outcome == .failed)
    #expect(
      response.document.text
        == "ditutor checks exercises with `swift test`, but there is no `swift` on your PATH: install Swift (https://www.swift.org/install/) or add its `usr/bin` folder to PATH.")
  }
}
