import Foundation
import Testing
@testable import TutorKit

/// The exercise commands, with a scripted checker: no compiler runs here.
@Suite struct SessionExerciseTests {
  let fileSystem: InMemoryFileSystem

  init() {
    fileSystem = InMemoryFileSystem(files: [
      "/course/Lessons/01-why.md": CourseFixtures.lesson(order: 1, id: "why", title: "Why", pages: 2, exercises: "[greet, fetch]"),
      "/course/Lessons/02-more.md": CourseFixtures.lesson(order: 2, id: "more", title: "More", pages: 2, exercises: "[later]"),
    ])
    for id in ["greet", "fetch", "later"] { CourseFixtures.addExercise(id, to: fileSystem) }
  }

  func session(_ statuses: [Verdict.Status] = [], delay: Duration = .zero) throws -> (Session, ScriptedChecker) {
    let checker = ScriptedChecker(statuses, delay: delay)
    return (try CourseFixtures.session(fileSystem, checker: checker), checker)
  }

  @Test func exercisesFollowTheLessonsPages() async throws {
    let (session, _) = try session()
    _ = await session.handle("page 2")
    let page = await session.handle("next")
    #expect(await session.prompt == "ditutor [1 why · greet]> ")
    #expect(page.document.text.contains("Exercise 1 of 2 in this lesson"))
    #expect(page.document.text.contains("Do the greet thing."))
    #expect(page.document.text.contains("Your file: Exercises/greet/Sources/Code.swift"))
    #expect(page.document.text.contains("Status: not started · hints 0/3"))
  }

  @Test func leavingAnUnpassedExerciseSaysHowToComeBack() async throws {
    let (session, _) = try session()
    _ = await session.handle("exercise greet")
    let next = await session.handle("next")
    #expect(next.document.text.hasPrefix("greet is not passed yet; exercise greet brings you back."))
    #expect(await session.prompt == "ditutor [1 why · fetch]> ")
  }

  @Test func checkDefaultsToTheExerciseOnScreenAndRecordsTheAttempt() async throws {
    let (session, checker) = try session([.failed])
    _ = await session.handle("exercise fetch")
    let response = await session.handle("check")
    #expect(checker.calls == ["fetch"])
    #expect(response.outcome == .failed)
    #expect(response.document.text.contains("fetch: 1 of 2 tests failed"))
    #expect(response.document.text.contains("fetch ignored the injected double"))
    #expect(response.document.text.contains("Stuck? hint gives a nudge (1 of 3)."))
    let record = try CourseFixtures.store(fileSystem).load().state.exercises["fetch"]
    #expect(record == .init(status: .failed, attempts: 1, hintsShown: 0, passedOnce: false))
  }

  @Test func onALessonPageNoExerciseIsCheckedOrHintedUntilOneIsOpened() async throws {
    let (session, checker) = try session([.failed])
    for command in ["check", "hint", "reset", "solution", "watch"] {
      let response = await session.handle(command)
      #expect(response.outcome == .failed)
      #expect(response.document.text == "No exercise is open: you are reading a lesson page. exercise greet opens the next one, “Exercise greet”; or name one, as in check greet.")
    }
    #expect(checker.calls.isEmpty)
    #expect(try CourseFixtures.store(fileSystem).load().state.exercises.isEmpty, "no hint spent, no check counted")
  }

  @Test func backOnAPageCheckAndHintStillMeanTheExerciseOpenedLast() async throws {
    let (session, checker) = try session([.failed])
    _ = await session.handle("exercise fetch")
    _ = await session.handle("page 1")
    _ = await session.handle("check")
    #expect(checker.calls == ["fetch"])
    #expect(await session.handle("hint").document.text.hasPrefix("Hint 1 of 3 for fetch"))
  }

  @Test func pageNumbersAfterTheLastPageOpenTheExercises() async throws {
    let (session, _) = try session()
    _ = await session.handle("page 4")
    #expect(await session.prompt == "ditutor [1 why · fetch]> ")
    #expect(await session.pageCount == 4)
    let beyond = await session.handle("page 5")
    #expect(beyond.document.text == "'5' is not a page of this lesson: pick a page from 1 to 2, or 3 to 4 for its exercises, or type pages to list them.")
  }

  @Test func twoTerminalsShareOneHintCount() async throws {
    let (first, _) = try session()
    let (second, _) = try session()
    _ = await first.handle("exercise greet")
    _ = await second.handle("exercise greet")
    #expect(await first.handle("hint").document.text.hasPrefix("Hint 1 of 3"))
    #expect(await second.handle("hint").document.text.hasPrefix("Hint 2 of 3"), "the second terminal sees the first one's hint")
    #expect(try CourseFixtures.store(fileSystem).load().state.exercises["greet"]?.hintsShown == 2)
  }

  @Test func aCheckInAnotherTerminalShowsInThisOnesProgress() async throws {
    let (first, _) = try session([.passed])
    let (second, _) = try session()
    _ = await first.handle("check greet")
    #expect(await second.handle("progress").document.text.contains("greet | ✓ passed | 1 check"))
  }

  @Test func checkAnnouncesItselfBeforeTheVerdict() async throws {
    let (session, _) = try session([.passed])
    let emitted = Emitted()
    _ = await session.handle("check greet") { emitted.append($0) }
    #expect(emitted.texts == ["Checking greet against Exercises/greet/Sources/ …"])
  }

  @Test func aPassSaysWhatIsNextAndNextSkipsPassedExercises() async throws {
    let (session, _) = try session([.passed, .passed])
    _ = await session.handle("check fetch")
    _ = await session.handle("exercise greet")
    let response = await session.handle("check")
    #expect(response.outcome == .succeeded)
    #expect(response.document.text.contains("greet passes: its test"))
    // fetch already passed, so the next thing to do is lesson 2.
    #expect(response.document.text.contains("That was the last exercise of lesson 1. Type next for lesson 2, “More”."))
    _ = await session.handle("next")
    #expect(await session.prompt == "ditutor [2 more 1/2]> ")
  }

  @Test func aPassOfAnExerciseNotOnScreenLeavesNextWhereTheLearnerIs() async throws {
    let (session, _) = try session([.passed])
    _ = await session.handle("open 2")
    let response = await session.handle("check fetch")
    #expect(response.outcome == .succeeded)
    let text = response.document.text
    #expect(!text.contains("last exercise of lesson 1"), "the learner is in lesson 2 already")
    #expect(text.contains("You are on page 1 of lesson 2, “More”: next goes on from there. The next exercise to do after it: exercise later, “Exercise later”."))
    _ = await session.handle("next")
    #expect(await session.prompt == "ditutor [2 more 2/2]> ")
  }

  @Test func theLastExerciseOfTheCourseIsNotTheEndOfItWhileOthersAreLeft() async throws {
    let (session, _) = try session([.passed])
    _ = await session.handle("exercise later")
    let passed = await session.handle("check").document.text
    #expect(passed.contains("That was the last exercise of the course, but not all of it is done yet: progress shows what is left."))
    let next = await session.handle("next").document.text
    #expect(!next.contains("Well done"))
    #expect(next.hasPrefix("This is the last stop of the course, but not all of it is done: 2 of 3 exercises not passed and 4 pages not read yet."))
    #expect(next.contains("The first thing left is page 1 of lesson 1, “Why”: open 1. progress shows everything that is left."))
  }

  @Test func aCompileErrorNamesTheLearnersLine() async throws {
    fileSystem.add("/course/Exercises/greet/Sources/Code.swift", "let x = y\n")
    let (session, _) = try session([.compileError])
    let text = await session.handle("check greet").document.text
    #expect(text.contains("greet does not compile: 1 error."))
    #expect(text.contains("Exercises/greet/Sources/Code.swift:1:4: error: cannot find 'x' in scope"))
    #expect(text.contains("1 | let x = y\n  |    ^"))
  }

  @Test func hintsGoInOrderAreRememberedAndStopAtTheLast() async throws {
    let (session, _) = try session()
    _ = await session.handle("exercise greet")
    #expect(await session.handle("hint").document.text.contains("Hint 1 of 3 for greet\nHint 1 of greet."))
    #expect(await session.handle("hint").document.text.contains("Hint 2 of 3"))
    let (restarted, _) = try self.session()
    _ = await restarted.handle("exercise greet")
    #expect(await restarted.handle("hint").document.text.contains("Hint 3 of 3"))
    let again = await restarted.handle("hint").document.text
    #expect(again.contains("Hint 3 of 3"))
    #expect(again.contains("That was the last hint."))
    #expect(try CourseFixtures.store(fileSystem).load().state.exercises["greet"]?.hintsShown == 3)
  }

  @Test func theSolutionAsksFirstUntilTheExercisePasses() async throws {
    let (session, _) = try session([.passed])
    let asked = await session.handle("solution greet")
    #expect(asked.confirmation?.command == "solution greet --yes")
    #expect(asked.confirmation?.declined == "The solution stays hidden. `hint` is there when you want a nudge.")
    #expect(!asked.document.text.contains("solution of greet"))
    _ = await session.handle("check greet")
    let shown = await session.handle("solution greet")
    #expect(shown.confirmation == nil)
    #expect(shown.document.text.contains("- // learner's greet\n+ // solution of greet"))
    #expect(fileSystem.text(at: "/course/Exercises/greet/Sources/Code.swift") == "// learner's greet\n", "never overwritten")
  }

  @Test func solutionWithYesSkipsTheQuestion() async throws {
    let (session, _) = try session()
    let shown = await session.handle("solution fetch --yes")
    #expect(shown.confirmation == nil)
    #expect(shown.document.text.contains("+ // solution of fetch"))
  }

  @Test func resetAsksThenBacksUpBeforeRestoringTheStarter() async throws {
    fileSystem.add("/course/Exercises/greet/Sources/Extra.swift", "// something I added\n")
    let (session, _) = try session()
    let asked = await session.handle("reset greet")
    #expect(asked.confirmation == .init(question: "Reset greet?", command: "reset greet --yes", declined: "Nothing was reset; your files are as they were."))
    #expect(fileSystem.text(at: "/course/Exercises/greet/Sources/Code.swift") == "// learner's greet\n")

    let done = await session.handle("reset greet --yes")
    let backup = "/course/.ditutor/backups/greet-20261118-110640"
    #expect(done.document.text == "Restored the starter of greet. Your files are in .ditutor/backups/greet-20261118-110640/ (Code.swift, Extra.swift).")
    #expect(fileSystem.text(at: "\(backup)/Code.swift") == "// learner's greet\n")
    #expect(fileSystem.text(at: "\(backup)/Extra.swift") == "// something I added\n")
    #expect(fileSystem.text(at: "/course/Exercises/greet/Sources/Code.swift") == "// starter of greet\n")
    #expect(!fileSystem.fileExists(at: "/course/Exercises/greet/Sources/Extra.swift"))
  }

  @Test func twoResetsInOneSecondKeepTwoCompleteBackups() async throws {
    let (session, _) = try session()
    _ = await session.handle("reset greet --yes")
    fileSystem.add("/course/Exercises/greet/Sources/Code.swift", "// second attempt\n")
    let second = await session.handle("reset greet --yes")
    let backups = "/course/.ditutor/backups"
    #expect(try fileSystem.contentsOfDirectory(at: backups) == ["greet-20261118-110640", "greet-20261118-110640-2"])
    #expect(fileSystem.text(at: "\(backups)/greet-20261118-110640/Code.swift") == "// learner's greet\n")
    #expect(fileSystem.text(at: "\(backups)/greet-20261118-110640-2/Code.swift") == "// second attempt\n")
    #expect(second.document.text.contains(".ditutor/backups/greet-20261118-110640-2/"))
  }

  @Test func resetMovesSubfoldersToTheBackupToo() async throws {
    fileSystem.add("/course/Exercises/greet/Sources/Helpers/Extra.swift", "// a helper I wrote\n")
    fileSystem.add("/course/Exercises/greet/Sources/Helpers/Deeper/More.swift", "// and another\n")
    let (session, _) = try session()
    let done = await session.handle("reset greet --yes")
    let backup = "/course/.ditutor/backups/greet-20261118-110640"
    #expect(done.document.text.hasSuffix("(Code.swift, Helpers/)."))
    #expect(fileSystem.text(at: "\(backup)/Helpers/Extra.swift") == "// a helper I wrote\n")
    #expect(fileSystem.text(at: "\(backup)/Helpers/Deeper/More.swift") == "// and another\n")
    #expect(try fileSystem.contentsOfDirectory(at: "/course/Exercises/greet/Sources") == ["Code.swift"])
    #expect(fileSystem.text(at: "/course/Exercises/greet/Sources/Code.swift") == "// starter of greet\n")
  }

  @Test func resettingAPassedExerciseWarnsAndKeepsThePass() async throws {
    let (session, _) = try session([.passed])
    _ = await session.handle("check greet")
    let asked = await session.handle("reset greet")
    #expect(asked.document.text.contains("You have passed this exercise: your passing code goes to the backup, and progress keeps that you passed it once."))
    _ = await session.handle("reset greet --yes")
    let record = try CourseFixtures.store(fileSystem).load().state.exercises["greet"]
    #expect(record == .init(status: .notStarted, attempts: 1, hintsShown: 0, passedOnce: true))
    #expect(await session.handle("progress").document.text.contains("   greet | ↺ reset (passed before) | 1 check | hints 0/3"))
    // The exercises table keeps its status column narrow, so titles keep the width at 80×24.
    let list = await session.handle("exercises").document.text
    #expect(list.contains("| ↺ reset"))
    #expect(!list.contains("passed before"))
  }

  @Test func aRebuiltBuildFolderIsExplainedAndNotBlamedOnTheLearner() async throws {
    let checker = ScriptedChecker([.passed], phases: [.rebuildingMovedCheckout, .compiling, .testing])
    let session = try CourseFixtures.session(fileSystem, checker: checker)
    let response = await session.handle("check greet")
    #expect(response.outcome == .succeeded)
    #expect(response.document.text.hasPrefix("This checkout was moved or copied since its last build"))
  }

  @Test func aRunningCheckKeepsAStatusLineAndClearsItAtTheEnd() async throws {
    // The line's ticking is seen end to end (RunnerTests, in a pseudo-terminal): here, on a
    // cooperative pool other tests may keep busy, only what does not depend on scheduling.
    let checker = ScriptedChecker([.timedOut], delay: .milliseconds(50), phases: [.testing])
    let session = try CourseFixtures.session(fileSystem, checker: checker)
    let lines = StatusLines()
    _ = await session.handle("check greet", status: { lines.append($0) })
    let seen = lines.all
    #expect(seen.first == "Running the tests … 0 s (stopped at 60 s) · Ctrl-C stops")
    #expect(seen.last == .some(nil), "cleared before the verdict")
  }

  @Test func theStatusLineSaysWhatRunsAndForHowLong() {
    let reported = StatusLines()
    let line = StatusLine(timeout: .seconds(60), report: { reported.append($0) })
    #expect(line.text == "Compiling … 0 s · Ctrl-C stops")
    line.enter(.rebuildingMovedCheckout)
    line.enter(.compiling)
    #expect(line.rebuilt)
    #expect(line.text == "Compiling from scratch (this checkout moved) … 0 s · Ctrl-C stops")
    line.enter(.testing)
    #expect(reported.all.last == "Running the tests … 0 s (stopped at 60 s) · Ctrl-C stops")
  }

  @Test func watchRechecksOnSaveAndEndsWhenItPasses() async throws {
    let (session, checker) = try session([.failed, .passed])
    let fileSystem = self.fileSystem
    let emitted = Emitted()
    async let response = session.handle("watch greet") { emitted.append($0) }
    // Save once the first check has reported.
    try #require(await eventually { emitted.texts.contains(where: { $0.hasPrefix("Waiting for you to save") }) }, "the first check reported")
    fileSystem.add("/course/Exercises/greet/Sources/Code.swift", "// fixed\n")
    let final = await response
    #expect(checker.calls == ["greet", "greet"])
    #expect(final.outcome == .succeeded)
    #expect(final.document.text.contains("greet passes"))
  }

  @Test func aSaveDuringAHangingCheckStopsItAndChecksAgain() async throws {
    // The first check hangs (a learner's endless loop): the fix saved meanwhile must not wait
    // for its timeout.
    let checker = ScriptedChecker([.timedOut, .passed], delays: [.seconds(600), .zero])
    let session = try CourseFixtures.session(fileSystem, checker: checker)
    let emitted = Emitted()
    let watching = Task { await session.handle("watch greet") { emitted.append($0) } }
    try #require(await eventually { !checker.calls.isEmpty }, "the first check started")
    try #require(checker.calls == ["greet"], "the first check is running")
    fileSystem.add("/course/Exercises/greet/Sources/Code.swift", "// fixed\n")
    let final = await watching.value
    #expect(checker.calls == ["greet", "greet"])
    #expect(emitted.texts.contains("You saved a file: checking again."))
    #expect(final.outcome == .succeeded)
    let record = try CourseFixtures.store(fileSystem).load().state.exercises["greet"]
    #expect(record?.attempts == 1, "the check the save cut short counts no attempt")
  }

  @Test func ctrlCEndsAWatch() async throws {
    let (session, _) = try session([.failed])
    let emitted = Emitted()
    let task = Task { await session.handle("watch greet") { emitted.append($0) } }
    try #require(await eventually { emitted.texts.contains(where: { $0.hasPrefix("Waiting for you to save") }) }, "the first check reported")
    task.cancel()
    #expect(await task.value.document.text == "Stopped watching.")
  }

  @Test func aCancelledCheckCountsNoAttempt() async throws {
    let (session, checker) = try session([.failed], delay: .seconds(30))
    let task = Task { await session.handle("check greet") }
    // Cancelled while the check runs, not before it began.
    try #require(await eventually { !checker.calls.isEmpty }, "the check started")
    task.cancel()
    let response = await task.value
    #expect(response.document.text.contains("Check of greet cancelled"))
    #expect(try CourseFixtures.store(fileSystem).load().state.exercises["greet"] == nil)
  }

  @Test func unknownExercisesAndOptionsAreExplained() async throws {
    let (session, _) = try session()
    #expect(await session.handle("check gret").document.text == "There is no exercise 'gret'. Did you mean 'greet'? exercises lists them.")
    #expect(await session.handle("check --timeout x").document.text == "--timeout needs a whole number of seconds above 0. Usage: check [<exercise>] [--timeout <seconds>] (e.g. check).")
    #expect(await session.handle("check --fast").document.text.hasPrefix("check has no option '--fast'; it knows --timeout."))
  }

  @Test func progressAndExercisesShowEveryExercise() async throws {
    let (session, _) = try session([.passed])
    _ = await session.handle("check greet")
    let progress = await session.handle("progress").document.text
    #expect(progress.hasPrefix("1 of 3 exercises passed · 0 of 4 pages read"))
    #expect(progress.contains("   greet | ✓ passed | 1 check | hints 0/3"))
    let list = await session.handle("exercises").document.text
    #expect(list.contains("1 | greet | Exercise greet | 1 | ✓ passed"))
    #expect(list.contains("3 | later | Exercise later | 2 | –"))
  }

  @Test func listingJSONCarriesTheLearnersStatus() async throws {
    let (session, _) = try session([.failed])
    _ = await session.handle("check fetch")
    let listing = CourseListing(course: try CourseFixtures.course(fileSystem), state: try CourseFixtures.store(fileSystem).load().state)
    #expect(listing.lessons[0].exercises.map(\.status) == ["not-started", "failed"])
    #expect(listing.lessons[0].exercises[1].title == "Exercise fetch")
  }
}

/// Collects the status lines a command kept while it ran (nil: cleared).
final class StatusLines: Sendable {
  private let lines = Mutex<[String?]>([])
  func append(_ line: String?) { lines.withLock { $0.append(line) } }
  var all: [String?] { lines.withLock { $0 } }
}

/// Collects what a command emitted while it ran.
final class Emitted: Sendable {
  private let documents = Mutex<[Document]>([])
  func append(_ document: Document) { documents.withLock { $0.append(document) } }
  var texts: [String] { documents.withLock { $0.map(\.text) } }
}

import Synchronization

@Suite struct WarmingTests {
  let fileSystem: InMemoryFileSystem

  init() {
    fileSystem = InMemoryFileSystem(files: [
      "/course/Lessons/01-why.md": CourseFixtures.lesson(order: 1, id: "why", title: "Why", pages: 2, exercises: "[greet]")
    ])
    CourseFixtures.addExercise("greet", to: fileSystem)
  }

  @Test func openingAnUnbuiltExerciseBuildsItAndTheCheckWaitsForThatBuild() async throws {
    let checker = ScriptedChecker([.failed], built: false)
    let session = try CourseFixtures.session(fileSystem, checker: checker)
    _ = await session.handle("exercise greet")
    let emitted = Emitted()
    _ = await session.handle("check") { emitted.append($0) }
    #expect(checker.calls == ["prepare greet", "greet"], "the build first, then the check")
    #expect(emitted.texts == ["Checking greet against Exercises/greet/Sources/ … Finishing the build that started when you opened it."])
  }

  @Test func anExerciseAlreadyBuiltIsNotBuiltAgain() async throws {
    let checker = ScriptedChecker([.failed], built: true)
    let session = try CourseFixtures.session(fileSystem, checker: checker)
    _ = await session.handle("exercise greet")
    _ = await session.handle("check")
    #expect(checker.calls == ["greet"])
  }

  @Test func shutdownStopsAWarmingBuild() async throws {
    let checker = ScriptedChecker([], built: false)
    let session = try CourseFixtures.session(fileSystem, checker: checker)
    _ = await session.handle("exercise greet")
    await session.shutdown()
    #expect(await session.warming.isEmpty)
  }
}
