import Foundation
import Testing
@testable import TutorKit

/// A learner's grading workspace is kept and brought in line file by file: what is already right
/// is not written again (so SwiftPM rebuilds only what changed), and nothing stale stays.
@Suite struct GradebookWorkspaceTests {
  let fileSystem: InMemoryFileSystem
  static let grading = "/course/.build/grading"

  init() {
    fileSystem = InMemoryFileSystem(files: [
      "/course/Package.swift": "// the manifest",
      "/course/Lessons/01-a.md": CourseFixtures.lesson(order: 1, id: "a", title: "A", pages: 1, exercises: "[greet]"),
      "/learners/ada/Exercises/greet/Sources/Code.swift": "// Ada's answer",
      "/learners/ada/Exercises/greet/Sources/Helper.swift": "// Ada's helper",
      "/learners/ada/Exercises/greet/Tests/greetTests.swift": "// Ada changed the tests",
      "/learners/bob/Exercises/greet/Sources/Code.swift": "// Bob's answer",
      "/other-class/ada/Exercises/greet/Sources/Code.swift": "// the other Ada's answer",
    ])
    CourseFixtures.addExercise("greet", to: fileSystem)
  }

  func grade(_ learners: [String] = ["/learners/ada"]) async throws {
    let fileSystem = self.fileSystem
    let gradebook = Gradebook(course: try CourseFixtures.course(fileSystem), root: "/course", fileSystem: fileSystem) { root in
      ExerciseRunner(root: root, processes: ScriptedSwift([]), fileSystem: fileSystem, environment: [:])
    }
    _ = try await gradebook.grade(learners, jobs: 1, timeout: .seconds(5)) { _, _ in }
  }

  /// The grading workspaces there are now.
  func workspaces() -> Set<String> {
    Set(((try? fileSystem.contentsOfDirectory(at: Self.grading)) ?? []).map { "\(Self.grading)/\($0)" })
  }

  /// The one workspace there is.
  var workspace: String {
    get throws {
      let all = workspaces()
      try #require(all.count == 1, "\(all)")
      return all.first!
    }
  }

  func stamps(_ workspace: String) -> [String: FileStamp?] {
    let files = ShippedTests.files(under: "\(workspace)/Exercises", fileSystem: fileSystem).map { "Exercises/\($0)" } + ["Package.swift"]
    return Dictionary(uniqueKeysWithValues: files.map { ($0, fileSystem.stamp(at: "\(workspace)/\($0)")) })
  }

  @Test func theWorkspaceHoldsTheShippedTestsAndTheLearnersSources() async throws {
    try await grade()
    let workspace = try self.workspace
    #expect(fileSystem.text(at: "\(workspace)/Exercises/greet/Sources/Code.swift") == "// Ada's answer")
    #expect(fileSystem.text(at: "\(workspace)/Exercises/greet/Sources/Helper.swift") == "// Ada's helper")
    #expect(fileSystem.text(at: "\(workspace)/Exercises/greet/Tests/greetTests.swift") == "// tests of greet\n")
    #expect(fileSystem.text(at: "\(workspace)/Package.swift") == "// the manifest")
  }

  @Test func gradingAgainRewritesNothingThatIsAlreadyRight() async throws {
    try await grade()
    let workspace = try self.workspace
    let before = stamps(workspace)
    try await grade()
    #expect(stamps(workspace) == before)
  }

  @Test func onlyWhatTheLearnerChangedIsWrittenAndWhatTheyRemovedGoes() async throws {
    try await grade()
    let workspace = try self.workspace
    let before = stamps(workspace)
    fileSystem.add("/learners/ada/Exercises/greet/Sources/Code.swift", "// Ada's better answer")
    try fileSystem.removeItem(at: "/learners/ada/Exercises/greet/Sources/Helper.swift")
    try await grade()
    let after = stamps(workspace)
    #expect(after["Exercises/greet/Sources/Code.swift"] != before["Exercises/greet/Sources/Code.swift"])
    #expect(after["Exercises/greet/Tests/greetTests.swift"] == before["Exercises/greet/Tests/greetTests.swift"])
    #expect(after["Exercises/greet/Sources/Helper.swift"] == nil)
    #expect(!fileSystem.fileExists(at: "\(workspace)/Exercises/greet/Sources/Helper.swift"))
  }

  @Test func anExerciseTheCourseNoLongerHasLeavesNoFolderBehind() async throws {
    try await grade()
    let workspace = try self.workspace
    fileSystem.add("\(workspace)/Exercises/old/Tests/oldTests.swift", "// an exercise since removed")
    try await grade()
    #expect(!fileSystem.directoryExists(at: "\(workspace)/Exercises/old/Tests"))
    #expect(!fileSystem.directoryExists(at: "\(workspace)/Exercises/old"))
    #expect(fileSystem.directoryExists(at: "\(workspace)/Exercises/greet/Sources"))
  }

  // MARK: One workspace per learner, named by the learner, and only for this run's learners

  @Test func aLearnerGradedInAnotherPositionKeepsTheirWorkspace() async throws {
    try await grade(["/learners/ada"])
    let ada = try self.workspace
    #expect(FilePath.lastComponent(ada).contains("ada"), "an instructor can tell whose it is")
    let before = stamps(ada)
    try await grade(["/learners/bob", "/learners/ada"])
    #expect(workspaces().count == 2)
    #expect(workspaces().contains(ada))
    #expect(stamps(ada) == before, "nothing of Ada's copied again")
  }

  @Test func twoLearnersWhoseFoldersHaveTheSameNameGetAWorkspaceEach() async throws {
    try await grade(["/learners/ada", "/other-class/ada"])
    let both = workspaces()
    #expect(both.count == 2)
    let before = Dictionary(uniqueKeysWithValues: both.map { ($0, stamps($0)) })
    try await grade(["/other-class/ada", "/learners/ada"])
    #expect(workspaces() == both)
    for workspace in both { #expect(stamps(workspace) == before[workspace], "\(workspace) written again") }
    let answers = Set(both.map { fileSystem.text(at: "\($0)/Exercises/greet/Sources/Code.swift") })
    #expect(answers == ["// Ada's answer", "// the other Ada's answer"])
  }

  @Test func theWorkspacesOfLearnersNotInThisRunAreRemoved() async throws {
    fileSystem.add("\(Self.grading)/2-carol/Exercises/greet/Sources/Code.swift", "// left by an older ditutor")
    try await grade(["/learners/ada", "/learners/bob"])
    #expect(workspaces().count == 2)
    try await grade(["/learners/bob"])
    let bob = try self.workspace
    #expect(fileSystem.text(at: "\(bob)/Exercises/greet/Sources/Code.swift") == "// Bob's answer")
    #expect(!fileSystem.directoryExists(at: "\(Self.grading)/2-carol"))
  }
}
