import Foundation
import Synchronization
import Testing
@testable import TutorKit
import WarmBuild

/// A planted bug's test module is built from links to the learner's tests. When `verify` points
/// the links at other tests (Solution/, then Starter/, then each shortcut), the module's build is
/// thrown away: files with the same modification time would otherwise keep the old tests compiled.
@Suite struct MutantVariantsTests {
  let fileSystem: InMemoryFileSystem
  let variant = "/course/.build/ditutor-variants/writes/never-resets"
  let build = "/course/.build/exercises/debug/WritesMutantNeverResetsTests.build"

  init() {
    fileSystem = InMemoryFileSystem(files: [
      "/course/Lessons/01-a.md": CourseFixtures.lesson(order: 1, id: "a", title: "A", pages: 1, exercises: "[writes]"),
      "/course/Exercises/writes/README.md": "---\ntitle: Writes\nkind: tests\n---\n\n# Writes\n\nTest it.\n\n## Hints\n\n### Hint 1\n\nReset.\n",
      "/course/Exercises/writes/Subject/Counter.swift": "// subject\n",
      "/course/Exercises/writes/Mutants/never-resets/Counter.swift": "// bug\n",
      "/course/Exercises/writes/Mutants/never-resets/README.md": "reset() does nothing.\n",
    ])
    for folder in ["Sources", "Starter", "Solution"] {
      fileSystem.add("/course/Exercises/writes/\(folder)/CounterTests.swift", "// tests in \(folder)\n")
    }
  }

  func check(_ code: ExerciseRunner.Code) async throws {
    let swift = ScriptedSwift([ProcessOutcome(ending: .exited(1))])
    let runner = ExerciseRunner(
      root: "/course", processes: swift, fileSystem: fileSystem, environment: [:],
      recordedBuilds: WarmBuilder.maker(processes: swift, fileSystem: fileSystem))
    _ = try await runner.check(try CourseFixtures.course(fileSystem).exercises[0], code: code, timeout: .seconds(5))
  }

  /// SwiftPM reuses an evaluated manifest until the manifest file or the environment changes; a
  /// planted bug an author adds changes neither, so its module would go unbuilt and count as
  /// "still alive". The check names the planted bugs in the environment, which changes with them.
  @Test func aCheckNamesItsPlantedBugsInTheEnvironmentSwiftPMKeysOn() async throws {
    let toolchain = FakeToolchain(fileSystem: fileSystem, sources: [:])
    let planted = Mutex<[String?]>([])
    toolchain.program { request in
      if request.arguments.contains("--event-stream-output-path") {
        planted.withLock { $0.append(request.environment["DITUTOR_PLANTED"]) }
      }
      return ProcessOutcome(ending: .exited(1))
    }
    let runner = ExerciseRunner(
      root: "/course", processes: toolchain, fileSystem: fileSystem, environment: [:],
      recordedBuilds: WarmBuilder.maker(processes: toolchain, fileSystem: fileSystem))
    _ = try await runner.check(try CourseFixtures.course(fileSystem).exercises[0], code: .solution, timeout: .seconds(5))
    fileSystem.add("/course/Exercises/writes/Mutants/counts-twice/Counter.swift", "// another bug\n")
    fileSystem.add("/course/Exercises/writes/Mutants/counts-twice/README.md", "Counts every call twice.\n")
    _ = try await runner.check(try CourseFixtures.course(fileSystem).exercises[0], code: .solution, timeout: .seconds(5))
    let seen = planted.withLock { $0 }
    try #require(seen.count == 2, "two checks, each one swift test run: \(seen)")
    #expect(seen == ["writes/never-resets", "writes/counts-twice,writes/never-resets"])
  }

  @Test func testsOtherThanTheLearnersLinkFromFoldersOfTheirOwn() async throws {
    // `verify` checks the reference tests and the starter's, each in a build folder of its own:
    // sharing one link folder, each would relink the other's and throw its build away.
    try await check(.solution)
    #expect(fileSystem.symbolicLinkDestination(at: "\(variant)--Solution/CounterTests.swift") == "../../../../Exercises/writes/Solution/CounterTests.swift")
    try await check(.starter)
    #expect(fileSystem.symbolicLinkDestination(at: "\(variant)--Starter/CounterTests.swift") == "../../../../Exercises/writes/Starter/CounterTests.swift")
    #expect(fileSystem.symbolicLinkDestination(at: "\(variant)--Solution/CounterTests.swift") == "../../../../Exercises/writes/Solution/CounterTests.swift")
    #expect(fileSystem.symbolicLinkDestination(at: "\(variant)/CounterTests.swift") == nil, "the learner's own are not touched")
  }

  /// A subject that is a module of its own (`subject:`): each bug is a module too, which its tests
  /// import, so a bug's tests are the learner's tests and the exercise's rules, not the bug's code.
  @Test func aBugOfASubjectModuleLinksTheTestsAndTheRules() async throws {
    fileSystem.add(
      "/course/Exercises/writes/README.md",
      "---\ntitle: Writes\nkind: tests\nsubject: Counting\n---\n\n# Writes\n\nTest it.\n\n## Hints\n\n### Hint 1\n\nReset.\n")
    fileSystem.add("/course/Exercises/writes/Rules/Helpers.swift", "// rules\n")
    let exercise = try CourseFixtures.course(fileSystem).exercises[0]
    #expect(exercise.subjectModule == "Counting")
    #expect(exercise.mutantModuleName("never-resets") == "WritesMutantNeverResets")
    try await check(.sources)
    #expect(try fileSystem.contentsOfDirectory(at: variant).sorted() == ["CounterTests.swift", "Helpers.swift"])
    #expect(fileSystem.symbolicLinkDestination(at: "\(variant)/CounterTests.swift") == "../../../../Exercises/writes/Sources/CounterTests.swift")
    #expect(fileSystem.symbolicLinkDestination(at: "\(variant)/Helpers.swift") == "../../../../Exercises/writes/Rules/Helpers.swift")
    // The rules are shipped tests: a learner's edit to them is a changed test.
    #expect(ShippedTests.fingerprints(of: exercise, root: "/course", fileSystem: fileSystem).keys.contains("Rules/Helpers.swift"))
  }

  @Test func aLinkPointedElsewhereIsPutBackAndTheBugsModuleRebuilt() async throws {
    try await check(.sources)
    #expect(fileSystem.symbolicLinkDestination(at: "\(variant)/CounterTests.swift") == "../../../../Exercises/writes/Sources/CounterTests.swift")
    fileSystem.add("\(build)/CounterTests.swift.o", "compiled from Sources/")
    try await check(.sources)
    #expect(fileSystem.fileExists(at: "\(build)/CounterTests.swift.o"), "the same links: the build is kept")

    // Files written in the same instant behind a link that changed would leave the compiler
    // building the old tests.
    try fileSystem.removeItem(at: "\(variant)/CounterTests.swift")
    try fileSystem.createSymbolicLink(at: "\(variant)/CounterTests.swift", pointingTo: "../../../../Exercises/writes/Starter/CounterTests.swift")
    try await check(.sources)
    #expect(fileSystem.symbolicLinkDestination(at: "\(variant)/CounterTests.swift") == "../../../../Exercises/writes/Sources/CounterTests.swift")
    #expect(!fileSystem.fileExists(at: "\(build)/CounterTests.swift.o"), "other tests were behind the link: the old build is gone")
  }
}
