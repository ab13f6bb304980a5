import Testing
@testable import TutorKit

@Suite struct QuizTests {
  static let quiz = """
    ### Which reads the clock?
    - [ ] `2 + 2` — Arithmetic has no hidden input.
    - [x] `Date()` — It asks the system for the time.

    ### Which are hidden inputs? (all that apply)
    - [x] `UUID()` — Random: the test cannot choose it.
    - [ ] a parameter — It is passed in.
    - [x] an environment variable — The machine decides it.

    ### Your default style?
    Answer: constructor | init
    Why: The compiler checks it.
    """

  let fileSystem = InMemoryFileSystem(files: [
    "/course/Lessons/01-a.md": CourseFixtures.lesson(order: 1, id: "a", title: "A", pages: 2, quiz: QuizTests.quiz)
  ])

  @Test func gradingLettersSetsAndWords() throws {
    let questions = try CourseFixtures.course(fileSystem).lessons[0].quiz
    #expect(QuizGrader.mark("b", for: questions[0]) == .right)
    #expect(QuizGrader.mark(" B) ", for: questions[0]) == .right)
    #expect(QuizGrader.mark("a", for: questions[0]) == .wrong)
    #expect(QuizGrader.mark("z", for: questions[0]) == .unreadable("'z' is not one of the options: answer with a letter from a to b."))
    #expect(QuizGrader.mark("ac", for: questions[1]) == .right)
    #expect(QuizGrader.mark("c, a", for: questions[1]) == .right)
    #expect(QuizGrader.mark("a", for: questions[1]) == .wrong, "all the right ones, not some")
    #expect(QuizGrader.mark("Constructor injection", for: questions[2]) == .right)
    #expect(QuizGrader.mark("INIT.", for: questions[2]) == .right)
    #expect(QuizGrader.mark("property", for: questions[2]) == .wrong)
    #expect(QuizGrader.mark("constructors", for: questions[2]) == .wrong, "whole words only")
  }

  @Test func aMultipleChoiceAnswerMayBeAWordFromOneOption() throws {
    let questions = try CourseFixtures.course(fileSystem).lessons[0].quiz
    #expect(QuizGrader.mark("Date", for: questions[0]) == .right)
    #expect(QuizGrader.mark("the date", for: questions[0]) == .right, "filler words do not count")
    #expect(QuizGrader.mark("2", for: questions[0]) == .wrong)
    #expect(
      QuizGrader.mark("clock", for: questions[0])
        == .unreadable("'clock' is not in any option: answer with a letter from a to b, or with a word from the option you choose."))
    #expect(QuizGrader.mark("not date", for: questions[0]) == .unreadable(
      "Name the option you choose rather than one you rule out: answer with a letter from a to b."))
    #expect(QuizGrader.mark("uuid", for: questions[1]) == .wrong, "one of two right options is not all of them")
  }

  @Test func anAnswerThatDeniesTheRightOneIsNotRight() throws {
    let questions = try CourseFixtures.course(fileSystem).lessons[0].quiz
    #expect(QuizGrader.mark("definitely not constructor injection", for: questions[2]) == .wrong)
    #expect(QuizGrader.mark("never init", for: questions[2]) == .wrong)
    #expect(QuizGrader.mark("it isn't constructor", for: questions[2]) == .wrong)
    #expect(QuizGrader.mark("constructor, no doubt", for: questions[2]) == .wrong, "a denial anywhere is read as one")
    #expect(QuizGrader.mark("constructor injection", for: questions[2]) == .right)
  }

  @Test func aDenialThatIsPartOfTheAnswerCounts() throws {
    let question = QuizQuestion(prompt: [.text("What must a value crossing actors be?")], kind: .shortAnswer(accepted: ["not mutable"], explanation: ""))
    #expect(QuizGrader.mark("not mutable", for: question) == .right)
    #expect(QuizGrader.mark("definitely not not mutable", for: question) == .wrong)
  }

  @Test func aQuizAsksExplainsEveryOptionAndRecordsTheScore() async throws {
    let session = try CourseFixtures.session(fileSystem)
    let start = await session.handle("quiz")
    #expect(start.document.text.contains("Quiz on lesson 1, “A”: 3 questions."))
    #expect(start.document.text.contains("Question 1 of 3\nWhich reads the clock?\na) 2 + 2\nb) Date()\nAnswer with a letter."))
    let options = start.document.blocks.compactMap { block -> ListBlock? in if case .list(let list) = block { list } else { nil } }
    #expect(options.map { $0.items.map(\.marker) } == [["a)", "b)"]], "options are a list, so a long one wraps past its letter")
    #expect(await session.prompt == "quiz [1 a 1/3]> ")
    #expect(await session.takesCommands == false)

    let first = await session.handle("b")
    #expect(first.document.text.contains("Right.\na) ✗ Arithmetic has no hidden input.\nb) ✓ (yours) It asks the system for the time."))
    #expect(first.document.text.contains("Several are right: answer with all their letters"))

    let unreadable = await session.handle("q9")
    #expect(unreadable.outcome == .failed)
    #expect(await session.prompt == "quiz [1 a 2/3]> ", "an unreadable answer asks again")

    let second = await session.handle("a")
    #expect(second.document.text.hasPrefix("Not quite."))
    let last = await session.handle("init")
    #expect(last.document.text.contains("Answer: constructor. The compiler checks it."))
    #expect(last.document.text.contains("Quiz done: 2 of 3. Your best: 2 of 3."))
    #expect(last.document.text.contains("Worth another look: question 2."))
    #expect(await session.takesCommands)
    #expect(try CourseFixtures.store(fileSystem).load().state.quizzes["a"] == .init(lastScore: 2, bestScore: 2, questions: 3, attempts: 1))
    #expect(await session.handle("progress").document.text.contains("1. A | 0/2 pages · quiz best 2/3"))
  }

  @Test func anAnswerInWordsMarksTheOptionItNamesNotItsLetters() async throws {
    let questions = try CourseFixtures.course(fileSystem).lessons[0].quiz
    // "variable" holds the letters a and b, and names option c.
    #expect(QuizGrader.chosenLetters("variable", for: questions[1]) == ["c"])
    #expect(QuizGrader.chosenLetters("c, a", for: questions[1]) == ["a", "c"])
    #expect(QuizGrader.chosenLetters("clock", for: questions[0]).isEmpty, "an answer that picks nothing marks nothing")
    let session = try CourseFixtures.session(fileSystem)
    _ = await session.handle("quiz")
    _ = await session.handle("b")
    let answered = await session.handle("variable").document.text
    #expect(answered.contains("a) ✓ Random: the test cannot choose it.\nb) ✗ It is passed in.\nc) ✓ (yours) The machine decides it."))
  }

  @Test func stopEndsAQuizWithoutRecordingAndSkipCountsAsMissed() async throws {
    let session = try CourseFixtures.session(fileSystem)
    _ = await session.handle("quiz a")
    let skipped = await session.handle("skip")
    #expect(skipped.document.text.hasPrefix("Skipped.\na) ✗"))
    let stopped = await session.handle("stop")
    #expect(stopped.document.text == "Quiz stopped after 1 of 3 questions; nothing was recorded.")
    #expect(await session.prompt == "ditutor [1 a 1/2]> ")
    #expect(try CourseFixtures.store(fileSystem).load().state.quizzes.isEmpty)
  }

  @Test func aLessonWithoutAQuizSaysSo() async throws {
    let session = try CourseFixtures.session(CourseFixtures.twoLessons())
    #expect(await session.handle("quiz").document.text == "Lesson 1 has no quiz.")
  }
}

@Suite struct RunExampleTests {
  let fileSystem = InMemoryFileSystem(files: [
    "/course/Lessons/01-a.md": """
      ---
      id: a
      title: A
      order: 1
      ---

      Text.

      ```swift example: before
      print("LIVE")
      ```
      ```output
      LIVE
      ```

      ```swift example: after
      print("double")
      ```
      ```output
      double
      ```

      ```swift example: missing
      print("no such service")
      ```
      ```output
      no such service
      ```
      """
  ])

  @Test func runListsTheExamplesAndRunsOne() async throws {
    let session = try CourseFixtures.session(fileSystem)
    #expect(await session.exampleNames == ["before", "after", "missing"])
    let list = await session.handle("run").document.text
    #expect(list == "Examples in lesson 1:\nrun before (Lessons/01-a.md:9)\nrun after (Lessons/01-a.md:16)\nrun missing (Lessons/01-a.md:23)")
    let emitted = Emitted()
    let ran = await session.handle("run before") { emitted.append($0) }
    #expect(emitted.texts == ["Compiling and running before (Lessons/01-a.md:9) …"])
    #expect(ran.document.text == "ran before\nCompare: run after.")
    #expect(await session.handle("run after").document.text == "ran after\nCompare: run before.")
    #expect(await session.handle("run missing").document.text == "ran missing", "an example outside the before/after pair has nothing to compare")
    #expect(await session.handle("run sideways").document.text == "Lesson 1 has no example 'sideways'; it has before, after, missing.")
  }

  @Test func examplesCompleteByName() throws {
    let completer = Completer(catalog: CommandCatalog(), course: try CourseFixtures.course(fileSystem))
    #expect(completer.complete("run b", examples: ["before", "after"]) == .init(insertion: "efore "))
  }
}
