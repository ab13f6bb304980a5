import Foundation
import Testing
@testable import TutorKit

@Suite struct ShippedTestsTests {
  @Test func sha256MatchesTheStandardsVectors() {
    #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(SHA256.hex([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(
      SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
  }

  @Test func changesNameWhatWasModifiedRemovedAndAdded() throws {
    let fileSystem = InMemoryFileSystem(files: [
      "/course/Lessons/01-a.md": CourseFixtures.lesson(order: 1, id: "a", title: "A", pages: 1, exercises: "[greet]")
    ])
    CourseFixtures.addExercise("greet", to: fileSystem)
    fileSystem.add("/course/Exercises/greet/Tests/More.swift", "// more shipped tests\n")
    let exercise = try CourseFixtures.course(fileSystem).exercises[0]
    let shipped = ShippedTests.make(for: [exercise], root: "/course", fileSystem: fileSystem)
    #expect(shipped.changes(to: exercise, root: "/course", fileSystem: fileSystem) == .init())

    fileSystem.add("/course/Exercises/greet/Tests/greetTests.swift", "@Test func fine() { #expect(true) }\n")
    try fileSystem.removeItem(at: "/course/Exercises/greet/Tests/More.swift")
    fileSystem.add("/course/Exercises/greet/Tests/Mine.swift", "// the learner's own\n")
    let changes = try #require(shipped.changes(to: exercise, root: "/course", fileSystem: fileSystem))
    #expect(changes.modified == ["Exercises/greet/Tests/greetTests.swift"])
    #expect(changes.removed == ["Exercises/greet/Tests/More.swift"])
    #expect(changes.added == ["Exercises/greet/Tests/Mine.swift"])
    #expect(changes.altersShippedTests)
  }
}
