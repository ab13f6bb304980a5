import Foundation
import Testing
@testable import TutorKit
import WarmBuild

/// Whether an exercise was built before decides what its check announces ("The first check
/// compiles it from scratch") and whether opening it starts a build: it must hold for every kind.
@Suite struct BuiltExerciseTests {
  /// The folders a build of each kind leaves in `.build/exercises/debug`: a write-the-test
  /// exercise has no module but its tests (the subject is compiled into them), and a seam
  /// exercise's first build stops at its tests.
  @Test(arguments: [
    (Exercise.Kind.code, ["X.build", "XTests.build"]),
    (.seam, ["XTests.build"]),
    (.tests, ["XTests.build", "XMutantOffByOneTests.build"]),
  ])
  func anExerciseOfEveryKindCountsAsBuiltOnceSwiftPMBuiltIt(kind: Exercise.Kind, folders: [String]) throws {
    let fileSystem = InMemoryFileSystem()
    let exercise = Exercise(id: "x", title: "X", kind: kind, lessonID: "l", task: Document(), hints: [], files: ["A.swift"])
    let toolchain = FakeToolchain(fileSystem: fileSystem, sources: [:])
    let runner = ExerciseRunner(
      root: "/c", processes: toolchain, fileSystem: fileSystem, environment: [:],
      recordedBuilds: WarmBuilder.maker(processes: toolchain, fileSystem: fileSystem))
    #expect(!runner.hasBuilt(exercise), "nothing was built yet")
    for folder in folders { try fileSystem.createDirectory(at: "/c/.build/exercises/debug/" + folder) }
    #expect(runner.hasBuilt(exercise))
  }
}
