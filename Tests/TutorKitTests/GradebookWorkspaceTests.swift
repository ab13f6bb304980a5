import Foundation
import Testing
@testable import TutorKit

/// A learner's grading workspace is kept and brought in line file by file: what is already right
/// is not written again (so SwiftPM rebuilds only what changed), and nothing stale stays.
@Suite struct GradebookWorkspaceTests {
  let fileSystem: InMemoryFileSystem
  let workspace = "/course/.build/grading/1-ada"

  init() {
    fileSystem = InMemoryFileSystem(files: [
      "/course/Package.swift": "// the manifest",
      "/course/Lessons/01-a.md": CourseFixtures.lesson(order: 1, id: "a", title: "A", pages: 1, exercises: "[greet]"),
      "/learners/ada/Exercises/greet/Sources/Code.swift": "// Ada's answer",
      "/learners/ada/Exercises/greet/Sources/Helper.swift": "// Ada's helper",
      "/learners/ada/Exercises/greet/Tests/greetTests.swift": "// Ada changed the tests",
    ])
    CourseFixtures.addExercise("greet", to: fileSystem)
  }

  func grade() async throws {
    let fileSystem = self.fileSystem
    let gradebook = Gradebook(course: try CourseFixtures.course(fileSystem), root: "/course", fileSystem: fileSystem) { root in
      ExerciseRunner(root: root, processes: ScriptedSwift([]), fileSystem: fileSystem, environment: [:], fastChecks: false)
    }
    _ = try await gradebook.grade(["/learners/ada"], jobs: 1, timeout: .seconds(5)) { _, _ in }
  }

  func stamps() -> [String: FileStamp?] {
    let files = ShippedTests.files(under: "\(workspace)/Exercises", fileSystem: fileSystem) + ["../Package.swift"]
    return Dictionary(uniqueKeysWithValues: files.map { ($0, fileSystem.stamp(at: "\(workspace)/Exercises/\($0)")) })
  }

  @Test func theWorkspaceHoldsTheShippedTestsAndTheLearnersSources() async throws {
    try await grade()
    #expect(fileSystem.text(at: "\(workspace)/Exercises/greet/Sources/Code.swift") == "// Ada's answer")
    #expect(fileSystem.text(at: "\(workspace)/Exercises/greet/Sources/Helper.swift") == "// Ada's helper")
    #expect(fileSystem.text(at: "\(workspace)/Exercises/greet/Tests/greetTests.swift") == "// tests of greet\n")
    #expect(fileSystem.text(at: "\(workspace)/Package.swift") == "// the manifest")
  }

  @Test func gradingAgainRewritesNothingThatIsAlreadyRight() async throws {
    try await grade()
    let before = stamps()
    try await grade()
    #expect(stamps() == before)
  }

  @Test func onlyWhatTheLearnerChangedIsWrittenAndWhatTheyRemovedGoes() async throws {
    try await grade()
    let before = stamps()
    fileSystem.add("/learners/ada/Exercises/greet/Sources/Code.swift", "// Ada's better answer")
    try fileSystem.removeItem(at: "/learners/ada/Exercises/greet/Sources/Helper.swift")
    try await grade()
    let after = stamps()
    #expect(after["greet/Sources/Code.swift"] != before["greet/Sources/Code.swift"])
    #expect(after["greet/Tests/greetTests.swift"] == before["greet/Tests/greetTests.swift"])
    #expect(after["greet/Sources/Helper.swift"] == nil)
    #expect(!fileSystem.fileExists(at: "\(workspace)/Exercises/greet/Sources/Helper.swift"))
  }

  @Test func anExerciseTheCourseNoLongerHasLeavesNoFolderBehind() async throws {
    fileSystem.add("\(workspace)/Exercises/old/Tests/oldTests.swift", "// an exercise since removed")
    try await grade()
    #expect(!fileSystem.directoryExists(at: "\(workspace)/Exercises/old/Tests"))
    #expect(!fileSystem.directoryExists(at: "\(workspace)/Exercises/old"))
    #expect(fileSystem.directoryExists(at: "\(workspace)/Exercises/greet/Sources"))
  }
}
