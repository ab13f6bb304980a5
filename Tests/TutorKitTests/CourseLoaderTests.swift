import Testing
@testable import TutorKit

@Suite struct CourseLoaderTests {
  @Test func findsNumberedLessonsInOrderAndIgnoresOtherFiles() throws {
    let course = try CourseFixtures.course(CourseFixtures.twoLessons())
    #expect(course.lessons.map(\.id) == ["why", "constructor"])
    #expect(course.lessons.map(\.path) == ["Lessons/01-why.md", "Lessons/02-constructor.md"])
  }

  @Test func openingTextIsTheFirstPageAndEachH2StartsAPage() throws {
    let lesson = try #require(CourseFixtures.course(CourseFixtures.twoLessons()).lessons.first)
    #expect(lesson.pages.map(\.title) == ["Why", "Why page 2", "Why page 3"])
    // The `# Why` title is left out of the first page: the page header shows it.
    #expect(lesson.pages[0].content.blocks == [.paragraph([.text("Opening of Why.")])])
    #expect(lesson.pages[1].content.blocks.first == .heading(level: 2, [.text("Why page 2")]))
  }

  @Test func frontMatterFieldsAreRead() throws {
    let fileSystem = InMemoryFileSystem(files: [
      "/course/Lessons/01-a.md": CourseFixtures.lesson(order: 1, id: "a", title: "A", pages: 1, exercises: "[one, \"two\"]")
    ])
    CourseFixtures.addExercise("one", to: fileSystem)
    CourseFixtures.addExercise("two", to: fileSystem)
    let lesson = try #require(CourseFixtures.course(fileSystem).lessons.first)
    #expect(lesson.exerciseIDs == ["one", "two"])
    #expect(lesson.summary == "About a.")
  }

  @Test func quizIsNotAPageAndItsQuestionsAreRead() throws {
    let quiz = """
      ### Which reads the clock?
      ```swift
      let now = Date()
      ```
      - [ ] `2 + 2` — Arithmetic has no hidden input.
      - [x] `Date()` — It asks the system for the time.

      ### Your default style?
      Answer: constructor | Init
      Why: The compiler checks it.
      """
    let fileSystem = InMemoryFileSystem(files: [
      "/course/Lessons/01-a.md": CourseFixtures.lesson(order: 1, id: "a", title: "A", pages: 2, quiz: quiz),
      "/course/Exercises/README.md": "",
    ])
    let lesson = try #require(CourseFixtures.course(fileSystem).lessons.first)
    #expect(lesson.pages.count == 2)
    #expect(lesson.quiz.count == 2)
    let first = lesson.quiz[0]
    #expect(first.prompt.plainText == "Which reads the clock?")
    #expect(first.details == [.code(CodeBlock(language: "swift", text: "let now = Date()"))])
    guard case .multipleChoice(let options) = first.kind else {
      Issue.record("expected multiple choice")
      return
    }
    #expect(options.map(\.isCorrect) == [false, true])
    #expect(options[1].text == [.code("Date()")])
    #expect(options[1].explanation.plainText == "It asks the system for the time.")
    #expect(lesson.quiz[1].kind == .shortAnswer(accepted: ["constructor", "init"], explanation: "The compiler checks it."))
  }

  @Test func everyProblemInEveryFileIsReportedAtOnce() {
    let fileSystem = InMemoryFileSystem(files: [
      "/course/Lessons/01-a.md": "no front matter",
      "/course/Lessons/02-b.md": "---\nid: b\ntitle: B\norder: 3\n---\ntext",
      "/course/Lessons/03-c.md": "---\nid: c\norder: 3\n---\ntext",
      "/course/Lessons/04-d.md": "---\nid: D!\ntitle: D\norder: 4\n---\ntext",
      "/course/Exercises/README.md": "",
    ])
    #expect {
      try CourseFixtures.course(fileSystem)
    } throws: { error in
      guard let failure = error as? CourseLoader.Failure else { return false }
      return failure.problems == [
        CourseProblem(file: "Lessons/01-a.md", reason: .missingFrontMatter),
        CourseProblem(file: "Lessons/02-b.md", reason: .orderDoesNotMatchFileName(order: 3, prefix: 2)),
        CourseProblem(file: "Lessons/03-c.md", reason: .missingKey("title")),
        CourseProblem(file: "Lessons/04-d.md", reason: .invalidID("D!")),
      ]
    }
  }

  @Test func problemMessagesSayHowToFixThem() {
    let problem = CourseProblem(file: "Lessons/02-b.md", reason: .orderDoesNotMatchFileName(order: 3, prefix: 2))
    #expect(problem.description == "Lessons/02-b.md: the front matter says order 3 but the file name starts with 2. Make them agree.")
  }

  @Test func duplicateIDsAreRejected() {
    let fileSystem = InMemoryFileSystem(files: [
      "/course/Lessons/01-a.md": CourseFixtures.lesson(order: 1, id: "same", title: "A", pages: 1),
      "/course/Lessons/02-b.md": CourseFixtures.lesson(order: 2, id: "same", title: "B", pages: 1),
      "/course/Exercises/README.md": "",
    ])
    #expect(throws: CourseLoader.Failure(problems: [
      CourseProblem(file: "Lessons/02-b.md", reason: .duplicateID("same", otherFile: "Lessons/01-a.md"))
    ])) {
      try CourseFixtures.course(fileSystem)
    }
  }

  @Test func quizQuestionsWithoutExplanationsOrAnswersAreProblems() {
    let quiz = "### Pick one\n- [x] right\n- [ ] wrong — nope\n"
    let fileSystem = InMemoryFileSystem(files: [
      "/course/Lessons/01-a.md": CourseFixtures.lesson(order: 1, id: "a", title: "A", pages: 1, quiz: quiz),
      "/course/Exercises/README.md": "",
    ])
    #expect(throws: CourseLoader.Failure(problems: [
      CourseProblem(file: "Lessons/01-a.md", reason: .quiz(question: "Pick one", problem: "the option \"right\" has no explanation after ' — '"))
    ])) {
      try CourseFixtures.course(fileSystem)
    }
  }

  @Test func anEmptyLessonsFolderSaysSo() {
    let fileSystem = InMemoryFileSystem(files: ["/course/Lessons/README.md": "", "/course/Exercises/README.md": ""])
    #expect(throws: CourseLoader.Failure(problems: [
      CourseProblem(file: "Lessons", reason: .noLessons(directory: "Lessons"))
    ])) {
      try CourseFixtures.course(fileSystem)
    }
  }

  @Test func lessonsAreFoundByNumberIDOrPrefix() throws {
    let course = try CourseFixtures.course(CourseFixtures.twoLessons())
    #expect(course.lesson(matching: "2")?.id == "constructor")
    #expect(course.lesson(matching: "why")?.id == "why")
    #expect(course.lesson(matching: "CONS")?.id == "constructor")
    #expect(course.lesson(matching: "9") == nil)
    #expect(course.lesson(matching: "") == nil)
  }
}

@Suite struct CourseRootTests {
  @Test func theNearestParentWithLessonsAndExercisesIsTheRoot() {
    let fileSystem = InMemoryFileSystem(files: [
      "/home/me/ditutor/Lessons/01-a.md": "", "/home/me/ditutor/Exercises/README.md": "",
      "/home/me/ditutor/Sources/TutorKit/File.swift": "",
    ])
    #expect(CourseRoot.locate(from: "/home/me/ditutor/Sources/TutorKit", fileSystem: fileSystem) == "/home/me/ditutor")
    #expect(CourseRoot.locate(from: "/home/me/ditutor", fileSystem: fileSystem) == "/home/me/ditutor")
    #expect(CourseRoot.locate(from: "/home/me", fileSystem: fileSystem) == nil)
  }
}

@Suite struct CourseLoaderDepthTests {
  @Test func exercisesOnlySkipsThePagesButKeepsExercises() throws {
    let fileSystem = InMemoryFileSystem(files: [
      "/course/Lessons/01-a.md": CourseFixtures.lesson(order: 1, id: "a", title: "A", pages: 3, exercises: "[one]")
    ])
    CourseFixtures.addExercise("one", to: fileSystem)
    let course = try CourseLoader(fileSystem: fileSystem).load(root: "/course", depth: .exercisesOnly)
    #expect(course.lessons[0].pages.isEmpty)
    #expect(course.exercises.map(\.id) == ["one"])
  }
}

/// `ditutor check` reads one exercise: found by number, id or prefix from the lessons' lists.
@Suite struct OneExerciseTests {
  let fileSystem: InMemoryFileSystem

  init() {
    fileSystem = InMemoryFileSystem(files: [
      "/course/Lessons/01-a.md": CourseFixtures.lesson(order: 1, id: "a", title: "A", pages: 2, exercises: "[greeting-clock, user-repository]"),
      "/course/Lessons/02-b.md": CourseFixtures.lesson(order: 2, id: "b", title: "B", pages: 2, exercises: "[order-split]"),
    ])
    for id in ["greeting-clock", "user-repository", "order-split"] { CourseFixtures.addExercise(id, to: fileSystem) }
  }

  func find(_ query: String) throws -> String? {
    try CourseLoader(fileSystem: fileSystem).exercise(matching: query, root: "/course")?.id
  }

  @Test func byNumberIdOrUnambiguousPrefix() throws {
    #expect(try find("3") == "order-split")
    #expect(try find("user-repository") == "user-repository")
    #expect(try find("greet") == "greeting-clock")
    #expect(try find("4") == nil)
    #expect(try find("nothing") == nil)
  }

  @Test func theSameAsTheWholeCoursesAnswer() throws {
    let course = try CourseFixtures.course(fileSystem)
    for query in ["1", "2", "3", "o", "user", "greeting-clock"] {
      #expect(try find(query) == course.exercise(matching: query)?.id, "\(query)")
    }
  }

  @Test func anotherExercisesBrokenReadmeDoesNotStopIt() throws {
    fileSystem.add("/course/Exercises/order-split/README.md", "no front matter")
    #expect(try find("greeting-clock") == "greeting-clock")
    #expect(throws: CourseLoader.Failure.self) { try find("order-split") }
  }

  @Test func itsLessonIsTheOneThatListsIt() throws {
    #expect(try CourseLoader(fileSystem: fileSystem).exercise(matching: "3", root: "/course")?.lessonID == "b")
  }
}

@Suite struct FrontMatterTests {
  @Test func windowsLineEndsReadAsPlainOnes() throws {
    let front = try FrontMatter.split("---\r\nid: a\r\ntitle: A\r\n---\r\n# A\r\n\r\nText.\r\n")
    #expect(front.values == ["id": "a", "title": "A"])
    #expect(front.body == "# A\n\nText.\n")
    #expect(front.bodyLine == 5)
  }

  @Test func theBodyStartsAfterTheClosingLine() throws {
    let front = try FrontMatter.split("---\nid: a\nexercises: [x, \"y\"]\n---\nBody\n")
    #expect(front.lists["exercises"] == ["x", "y"])
    #expect(front.body == "Body\n")
    #expect(front.bodyLine == 5)
  }

  @Test func anUnclosedBlockIsAProblem() {
    #expect(throws: CourseProblem.Reason.unclosedFrontMatter) { try FrontMatter.split("---\nid: a\n") }
    #expect(throws: CourseProblem.Reason.missingFrontMatter) { try FrontMatter.split("# No front matter\n") }
  }
}
