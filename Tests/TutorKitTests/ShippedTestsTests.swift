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

  /// Lengths on each side of where the padding needs a second block, and several blocks: the
  /// expected digests are Python's `hashlib.sha256` of the same bytes.
  @Test func sha256PadsEveryLengthAsTheStandardDoes() {
    let expected: [(Int, String)] = [
      (55, "e7313d333c272e639f790978283f9eb392e843d0f29b7016828bb1daa4aac70b"),
      (56, "4324d65f3c103567f5589c710bc08f8523f929a9272e3af36fc968e52abc6c27"),
      (63, "81c80242132f230c3bd41b3e63bbcff16107339549214a99614ff26664625055"),
      (64, "39e3d7b6b5d075d37d053ad89b24b41bef4f3c29760c84447cab3f3be1882241"),
      (65, "aacca6ff74fdbb296d165a45cecfa04e5127bc008770fbbdd48006f2d2fae95e"),
      (119, "9ce7368e4daf32341631b492e80359dc9f594b48453cd0dd5bf0b19279cc177e"),
      (120, "7836b787757e95e58b3ca5aec90b1b004e8deba1e50e9675af9cabf1a13a04b5"),
      (127, "a8d23e75d936f303d248888d9b165ee543f4cbafcad3c9dd2a79bd84faa11d07"),
      (128, "d2742f1f4ac6bb7ca2b239ee18402ba8b3f9f8e652d2a72973c2b9ba11c08cf6"),
      (1000, "1e9bc38cbf860b9ec31918b065f9b52476c549a782e0e7990bed8ce3868d2371"),
    ]
    for (length, digest) in expected {
      let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 * 7 + 3) }
      #expect(SHA256.hex(bytes) == digest, "\(length) bytes")
    }
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
