import Testing
@testable import TutorKit

@Suite struct SessionTests {
  let fileSystem = CourseFixtures.twoLessons()

  func session() throws -> Session { try CourseFixtures.session(fileSystem) }

  @Test func aNewLearnerIsWelcomedOnTheFirstPage() async throws {
    let session = try session()
    let opening = await session.start()
    #expect(opening.text.hasPrefix("Welcome to ditutor"))
    #expect(opening.text.contains("Lesson 1 · Why"))
    #expect(opening.text.contains("Page 1 of 3"))
    #expect(await session.prompt == "ditutor [1 why 1/3]> ")
  }

  @Test func nextAndBackTurnPagesAndCrossLessons() async throws {
    let session = try session()
    _ = await session.start()
    for _ in 0..<3 { _ = await session.handle("next") }
    #expect(await session.prompt == "ditutor [2 constructor 1/2]> ")
    let back = await session.handle("back")
    #expect(back.outcome == .succeeded)
    #expect(await session.prompt == "ditutor [1 why 3/3]> ")
  }

  @Test func nextOnTheLastPageOfTheCourseSaysSo() async throws {
    let session = try session()
    await read(session.opening(), in: session)
    for _ in 0..<4 { await read(session.handle("next"), in: session) }
    let response = await session.handle("next")
    #expect(response.document.text.hasPrefix("That was the last stop of the course, and you have done all of it. Well done!"))
    #expect(await session.prompt == "ditutor [2 constructor 2/2]> ")
  }

  @Test func theLastStopIsNoWellDoneWhileSomethingIsLeft() async throws {
    let session = try session()
    await read(session.opening(), in: session)
    _ = await session.handle("open 2")
    _ = await session.handle("next")
    let response = await session.handle("next")
    #expect(
      response.document.text
        == "This is the last stop of the course, but not all of it is done: 4 pages not read yet.\nThe first thing left is page 2 of lesson 1, “Why”: open 1, then page 2. progress shows everything that is left.")
    #expect(await session.prompt == "ditutor [2 constructor 2/2]> ")
  }

  @Test func aLessonIsFinishedOnlyWhenAllOfItWasRead() async throws {
    let session = try session()
    await read(session.opening(), in: session)
    _ = await session.handle("page 3")
    let skipped = await session.handle("next").document.text
    #expect(skipped.hasPrefix("On to lesson 2. Lesson 1 is not finished: 2 of its 3 pages not read yet; progress shows what is left."))
    #expect(!skipped.contains("finished lesson"))
    _ = await session.handle("open 1")
    for _ in 0..<2 { await read(session.handle("next"), in: session) }
    let done = await session.handle("next").document.text
    #expect(done.hasPrefix("You finished lesson 1. On to lesson 2."))
  }

  @Test func backOnTheFirstPageFails() async throws {
    let response = try await session().handle("back")
    #expect(response.outcome == .failed)
    #expect(response.document.text == "This is the first page of the course; there is nothing before it.")
  }

  @Test func openAcceptsNumbersIDsAndPrefixes() async throws {
    let session = try session()
    for query in ["2", "constructor", "cons"] {
      _ = await session.handle("open 1")
      let response = await session.handle("open \(query)")
      #expect(response.outcome == .succeeded)
      #expect(await session.prompt == "ditutor [2 constructor 1/2]> ")
    }
  }

  @Test func openingAnUnknownLessonListsTheRealOnes() async throws {
    let response = try await session().handle("open whyy")
    #expect(response.outcome == .failed)
    #expect(response.document.text == "There is no lesson 'whyy'. Did you mean 'why'? Lessons: 1 (why), 2 (constructor).")
  }

  /// `open` takes a lesson; a learner who types an exercise's id there is told what opens it.
  @Test func openingAnExerciseByMistakeNamesTheCommandThatOpensIt() async throws {
    let fileSystem = InMemoryFileSystem(files: [
      "/course/Lessons/01-why.md": CourseFixtures.lesson(order: 1, id: "why", title: "Why", pages: 2, exercises: "[greet]")
    ])
    CourseFixtures.addExercise("greet", to: fileSystem)
    let response = await (try CourseFixtures.session(fileSystem)).handle("open greet")
    #expect(response.outcome == .failed)
    #expect(response.document.text == "'greet' is an exercise of lesson 1, not a lesson: exercise greet opens it.")
  }

  @Test func pageJumpsAndRejectsNumbersOutOfRange() async throws {
    let session = try session()
    #expect(await session.handle("page 3").outcome == .succeeded)
    #expect(await session.prompt == "ditutor [1 why 3/3]> ")
    let bad = await session.handle("page 9")
    #expect(bad.outcome == .failed)
    #expect(bad.document.text == "'9' is not a page of this lesson: pick a number from 1 to 3, or type pages to list them.")
    #expect(await session.handle("page").document.text.contains("Page 3 of 3"))
  }

  @Test func unknownCommandsSuggestTheClosest() async throws {
    let session = try session()
    let response = await session.handle("lesons")
    #expect(response.outcome == .failed)
    #expect(response.document.text == "Unknown command 'lesons'. Did you mean 'lessons'?")
    #expect(await session.handle("nxet").document.text == "Unknown command 'nxet'. Did you mean 'next'?")
    #expect(await session.handle("xyzzy").document.text == "Unknown command 'xyzzy'. Type help to see the commands.")
  }

  @Test func aliasesRunTheirCommand() async throws {
    let session = try session()
    _ = await session.handle("n")
    #expect(await session.prompt == "ditutor [1 why 2/3]> ")
    #expect(await session.handle("exit").shouldExit)
  }

  @Test func wrongArgumentCountsShowUsage() async throws {
    let session = try session()
    #expect(await session.handle("next 2").document.text == "next takes no arguments, but 1 was given. Usage: next (e.g. next).")
    #expect(await session.handle("open").document.text == "open takes one argument (<lesson>), but none was given. Usage: open <lesson> (e.g. open 1).")
    #expect(await session.handle("check a b").document.text.hasPrefix("check takes at most one argument (<exercise>), but 2 were given."))
  }

  @Test func controlCharactersAreNotEchoedToTheTerminal() async throws {
    let response = try await session().handle("\u{1B}[31mred")
    #expect(response.document.text == "Unknown command '\\u{1B}[31mred'. Type help to see the commands.")
  }

  @Test func hugeLinesAreRefusedWithAMessage() async throws {
    let response = try await session().handle(String(repeating: "x", count: 100_000))
    #expect(response.outcome == .failed)
    #expect(response.document.text.hasPrefix("That line is 100000 characters long"))
  }

  @Test func blankLinesDoNothing() async throws {
    let response = try await session().handle("   ")
    #expect(response == Response(Document()))
  }

  @Test func helpListsEveryCommandAndExplainsOne() async throws {
    let session = try session()
    let all = await session.handle("help").document.text
    for command in CommandID.allCases {
      #expect(all.contains(command.rawValue))
    }
    let one = await session.handle("help open").document.text
    #expect(one.contains("open <lesson>"))
    #expect(one.contains("Also: o"))
    #expect(await session.handle("help opn").document.text == "There is no command 'opn'. Did you mean 'open'?")
  }

  @Test func theLearnersPlaceSurvivesARestart() async throws {
    let first = try session()
    _ = await first.handle("open 2")
    _ = await first.handle("next")
    let second = try session()
    #expect(await second.prompt == "ditutor [2 constructor 2/2]> ")
    #expect(await second.start().text.hasPrefix("Welcome back. You were on page 2 of lesson 2"))
  }

  @Test func aSavedPlaceThatNoLongerExistsFallsBackToTheFirstLesson() async throws {
    try CourseFixtures.store(fileSystem).update { $0.position = .init(lesson: "removed", page: 7) }
    #expect(try await session().prompt == "ditutor [1 why 1/3]> ")
  }

  @Test func aFailedSaveIsReportedButReadingGoesOn() async throws {
    let session = try session()
    fileSystem.failWrites(to: "/course/.ditutor/progress.json")
    let response = await session.handle("next")
    #expect(response.outcome == .succeeded)
    #expect(response.document.text.hasPrefix("Your progress could not be saved"))
    #expect(await session.prompt == "ditutor [1 why 2/3]> ")
  }

  @Test func aProgressFolderThatCannotBeWrittenStartsReadOnly() async throws {
    try CourseFixtures.store(fileSystem).update {
      $0.position = .init(lesson: "why", page: 1)
      $0.lessons["why"] = .init(pagesSeen: [0, 1])
    }
    let saved = fileSystem.text(at: "/course/.ditutor/progress.json")
    fileSystem.makeReadOnly("/course/.ditutor")
    let session = try session()
    let opening = await session.start().text
    #expect(
      opening.hasPrefix(
        "ditutor cannot write to .ditutor/ (Could not open lock /course/.ditutor/progress.lock: Permission denied), so it starts read-only: you can read, check and take quizzes, but nothing you do is saved when you quit.\nWelcome back. You were on page 2 of lesson 1"))
    // Reading goes on without a warning on every page, and remembers within the session.
    let next = await session.handle("next")
    #expect(next.outcome == .succeeded)
    #expect(next.document.text.hasPrefix("Lesson 1 · Why"))
    await session.markRead(.init(lesson: "why", page: 2))
    #expect(await session.handle("lessons").document.text.contains("▸ 1 | Why | why | 3/3"))
    #expect(await session.prompt == "ditutor [1 why 3/3]> ")
    #expect(fileSystem.text(at: "/course/.ditutor/progress.json") == saved, "nothing was written")
  }

  @Test func aCheckoutWhereNoProgressFolderCanBeMadeStartsAfreshReadOnly() async throws {
    fileSystem.makeReadOnly("/course")
    let session = try session()
    let opening = await session.start().text
    #expect(opening.hasPrefix("ditutor cannot write to .ditutor/ (Could not create /course/.ditutor: Permission denied), so it starts read-only"))
    #expect(opening.contains("Welcome to ditutor"))
    #expect(await session.handle("next").outcome == .succeeded)
    #expect(!fileSystem.directoryExists(at: "/course/.ditutor"))
  }

  @Test func lessonsAndPagesShowWhereTheLearnerIs() async throws {
    let session = try session()
    await read(session.opening(), in: session)
    await read(session.handle("next"), in: session)
    let lessons = await session.handle("lessons").document.text
    #expect(lessons.contains("▸ 1 | Why | why | 2/3"))
    #expect(lessons.contains("2 | Constructor injection | constructor | 0/2"))
    let pages = await session.handle("pages").document.text
    #expect(pages.contains("✓ Why\n▸ Why page 2\n  Why page 3"))
  }

  @Test func aPageCountsAsReadOnlyOnceTheLearnerHasSeenAllOfIt() async throws {
    let session = try session()
    let shown = await session.handle("next")
    #expect(shown.reading == .init(lesson: "why", page: 1))
    #expect(try CourseFixtures.store(fileSystem).load().state.lessons.isEmpty, "shown is not yet read")
    await session.markRead(shown.reading!)
    #expect(try CourseFixtures.store(fileSystem).load().state.lessons["why"]?.pagesSeen == [1])
    #expect(try CourseFixtures.store(fileSystem).load().state.position == .init(lesson: "why", page: 1))
  }

  @Test func aLoneYesOrNoSaysNoQuestionIsWaiting() async throws {
    let session = try session()
    for word in ["y", "Yes", "no"] {
      #expect(await session.handle(word).document.text == "There is no question waiting for an answer, so '\(word)' does nothing. Type help to see the commands.")
    }
  }

  @Test func helpSaysWhereNextGoesAndHowToSeeTheRestOfALongPage() async throws {
    let session = try session()
    let help = await session.handle("help").document.text
    #expect(help.contains("Turn to the next page: after a lesson's pages come its exercises, then the next lesson."))
    #expect(help.contains("Enter on an empty line shows the rest and q skips it"))
  }

  /// What the REPL does after showing an answer that fit the screen.
  private func read(_ response: Response, in session: Session) async {
    if let reading = response.reading { await session.markRead(reading) }
  }
}
