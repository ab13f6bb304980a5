import Foundation
import Testing
@testable import TutorKit

@Suite struct ProgressStoreTests {
  let fileSystem = InMemoryFileSystem()
  var store: ProgressStore { CourseFixtures.store(fileSystem) }

  @Test func aNewCheckoutStartsEmpty() throws {
    let (state, warning) = try store.load()
    #expect(state == LearnerState())
    #expect(warning == nil)
  }

  @Test func updatesAreSavedAsVersionedJSON() throws {
    try store.update { $0.position = .init(lesson: "why", page: 2) }
    let text = try #require(fileSystem.text(at: "/course/.ditutor/progress.json"))
    #expect(text.contains("\"version\" : 1"))
    #expect(try store.load().state.position == .init(lesson: "why", page: 2))
  }

  @Test func temporaryFilesOfKilledSavesAreRemovedAtStart() throws {
    try store.update { $0.position = .init(lesson: "why", page: 1) }
    fileSystem.add("/course/.ditutor/.progress.json.4242.17.tmp", "{ half a sa")
    fileSystem.add("/course/.ditutor/.history.tmp", "not ours to remove")
    try store.removeAbandonedSaves()
    #expect(try fileSystem.contentsOfDirectory(at: "/course/.ditutor") == [".history.tmp", "progress.json"])
    #expect(try store.load().state.position == .init(lesson: "why", page: 1))
  }

  @Test func pagesSeenAreWrittenInOrder() throws {
    try store.update { $0.lessons["why", default: .init()].pagesSeen = [3, 0, 2] }
    let text = try #require(fileSystem.text(at: "/course/.ditutor/progress.json"))
    #expect(text.contains("[\n        0,\n        2,\n        3\n      ]"))
  }

  @Test func aCorruptFileIsMovedAsideWithAWarningNotDropped() throws {
    fileSystem.add("/course/.ditutor/progress.json", "{ not json")
    let (state, warning) = try store.load()
    #expect(state == LearnerState())
    #expect(
      warning
        == "Your progress file could not be read, so ditutor starts afresh. The old file is kept as .ditutor/progress.json.corrupt-20261118-110640.")
    #expect(fileSystem.text(at: "/course/.ditutor/progress.json.corrupt-20261118-110640") == "{ not json")
    #expect(!fileSystem.fileExists(at: "/course/.ditutor/progress.json"))
  }

  @Test func twoCorruptFilesInTheSameSecondAreBothKept() throws {
    // The clock is fixed: every file is moved aside in the same second.
    fileSystem.add("/course/.ditutor/progress.json", "{ the first")
    let first = try #require(try store.load().warning)
    fileSystem.add("/course/.ditutor/progress.json", "{ the second")
    let second = try #require(try store.load().warning)
    #expect(first.hasSuffix("The old file is kept as .ditutor/progress.json.corrupt-20261118-110640."))
    #expect(second.hasSuffix("The old file is kept as .ditutor/progress.json.corrupt-20261118-110640-2."))
    #expect(fileSystem.text(at: "/course/.ditutor/progress.json.corrupt-20261118-110640") == "{ the first")
    #expect(fileSystem.text(at: "/course/.ditutor/progress.json.corrupt-20261118-110640-2") == "{ the second")
  }

  @Test func whatCanBeReadIsKeptAndTheRestNamed() throws {
    let written = #"""
      {
        "version": 1,
        "position": {"lesson": "why", "page": 2},
        "lessons": {"why": {"pagesSeen": [0, 1]}, "odd": {"pagesSeen": "all"}},
        "exercises": {
          "greet": {"status": "half-done", "attempts": 3, "hintsShown": 1, "passedOnce": true},
          "fetch": {"status": "passed", "attempts": 1, "hintsShown": 0, "passedOnce": true},
          "later": 7
        },
        "quizzes": {"why": {"lastScore": 2, "bestScore": 3, "questions": 4, "attempts": 2}}
      }
      """#
    fileSystem.add("/course/.ditutor/progress.json", written)
    let (state, warning) = try store.load()
    #expect(state.position == .init(lesson: "why", page: 2))
    #expect(state.lessons == ["why": .init(pagesSeen: [0, 1])])
    #expect(state.exercises == [
      "greet": .init(status: .notStarted, attempts: 3, hintsShown: 1, passedOnce: true),
      "fetch": .init(status: .passed, attempts: 1, hintsShown: 0, passedOnce: true),
    ])
    #expect(state.quizzes == ["why": .init(lastScore: 2, bestScore: 3, questions: 4, attempts: 2)])
    #expect(
      warning
        == "Part of your progress file could not be read: lesson odd could not be read; exercise greet has a status ditutor does not know ('half-done'), so it counts as not started; exercise later could not be read. The rest is kept; the file as it was is kept as .ditutor/progress.json.corrupt-20261118-110640.")
    #expect(fileSystem.text(at: "/course/.ditutor/progress.json.corrupt-20261118-110640") == written)
    // What was read is the progress file now: the next read has nothing to leave out.
    let again = try store.load()
    #expect(again.state == state)
    #expect(again.warning == nil)
  }

  @Test func aFileFromANewerDitutorIsLeftAlone() throws {
    fileSystem.add("/course/.ditutor/progress.json", #"{"version": 99}"#)
    #expect(throws: ProgressError.newerVersion(99)) { try store.load() }
    #expect(fileSystem.text(at: "/course/.ditutor/progress.json") == #"{"version": 99}"#)
  }

  @Test func twoStoresOnOneCheckoutKeepEachOthersUpdates() throws {
    // Two REPLs: each changes a different lesson; neither change may be lost.
    let first = CourseFixtures.store(fileSystem)
    let second = CourseFixtures.store(fileSystem)
    _ = try first.load()
    _ = try second.load()
    try first.update { $0.lessons["why", default: .init()].pagesSeen.insert(1) }
    try second.update { $0.lessons["constructor", default: .init()].pagesSeen.insert(0) }
    let state = try first.load().state
    #expect(state.lessons["why"]?.pagesSeen == [1])
    #expect(state.lessons["constructor"]?.pagesSeen == [0])
  }

  @Test func concurrentUpdatesAllLand() async throws {
    let store = self.store
    await withTaskGroup(of: Void.self) { group in
      for page in 0..<50 {
        group.addTask { _ = try? store.update { $0.lessons["why", default: .init()].pagesSeen.insert(page) } }
      }
    }
    #expect(try store.load().state.lessons["why"]?.pagesSeen.count == 50)
  }

  @Test func olderFilesWithoutOptionalFieldsStillLoad() throws {
    fileSystem.add("/course/.ditutor/progress.json", #"{"version": 1}"#)
    #expect(try store.load().state == LearnerState())
  }
}
