import Foundation
import Testing
import TutorKit

/// The real course in `Lessons/`: it loads, every lesson is substantial, and every Swift snippet
/// in it compiles on Linux (and prints what the lesson says it prints).
enum RealCourse {
  static let root: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
  }()

  static func lessonFiles() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root + "/Lessons")) ?? []
    return names.filter { $0.first?.isNumber == true && $0.hasSuffix(".md") }.sorted()
  }

  static func text(of file: String) -> String {
    (try? String(contentsOfFile: root + "/Lessons/" + file, encoding: .utf8)) ?? ""
  }

  static let snippets: [LessonSnippet] = lessonFiles().flatMap {
    LessonSnippets.collect(markdown: text(of: $0), path: "Lessons/" + $0).snippets
  }
}

@Suite struct LessonTests {
  @Test func theCourseLoadsWithoutProblems() throws {
    let course = try CourseLoader(fileSystem: LocalFileSystem()).load(root: RealCourse.root)
    #expect(!course.lessons.isEmpty)
    #expect(course.lessons.first?.id == "why-di")
  }

  @Test(arguments: RealCourse.lessonFiles())
  func everyLessonHasAtLeastFivePages(file: String) throws {
    let course = try CourseLoader(fileSystem: LocalFileSystem()).load(root: RealCourse.root)
    let lesson = try #require(course.lessons.first { $0.path == "Lessons/" + file })
    #expect(lesson.pages.count >= 5, "\(file) has \(lesson.pages.count) pages")
  }

  /// What every lesson owes its learners: a quiz worth taking and exercises with real hints.
  @Test(arguments: RealCourse.lessonFiles())
  func everyLessonHasAQuizAndExercisesWithHints(file: String) throws {
    let course = try CourseLoader(fileSystem: LocalFileSystem()).load(root: RealCourse.root)
    let lesson = try #require(course.lessons.first { $0.path == "Lessons/" + file })
    #expect(lesson.quiz.count >= 4, "\(file) has \(lesson.quiz.count) quiz questions")
    let exercises = course.exercises(of: lesson)
    #expect(exercises.count >= 2, "\(file) has \(exercises.count) exercises")
    for exercise in exercises {
      #expect(exercise.hints.count >= 3, "\(exercise.id) has \(exercise.hints.count) hints")
    }
  }

  /// Part 2 (factories, containers, lazy services) is held to its issue's bar: six pages or more,
  /// with a traps page and a trade-offs page, five quiz questions, three exercises of which one
  /// makes the learner cut the seam or write the tests.
  @Test(arguments: RealCourse.lessonFiles().filter { (Int($0.prefix(2)) ?? 0) >= 6 })
  func partTwoLessonsMeetTheirBar(file: String) throws {
    let course = try CourseLoader(fileSystem: LocalFileSystem()).load(root: RealCourse.root)
    let lesson = try #require(course.lessons.first { $0.path == "Lessons/" + file })
    #expect(lesson.pages.count >= 6, "\(file) has \(lesson.pages.count) pages")
    let titles = lesson.pages.map { $0.title.lowercased() }
    #expect(titles.contains { $0.contains("trap") }, "\(file) has no traps page: \(titles)")
    #expect(titles.contains { $0.contains("trade-off") || $0.contains("tradeoff") }, "\(file) has no trade-offs page: \(titles)")
    #expect(lesson.quiz.count >= 5, "\(file) has \(lesson.quiz.count) quiz questions")
    let exercises = course.exercises(of: lesson)
    #expect(exercises.count >= 3, "\(file) has \(exercises.count) exercises")
    #expect(exercises.contains { $0.kind != .code }, "\(file) has no seam or write-the-test exercise")
  }

  /// Every exercise proves that only the injection passes: at least one tempting wrong answer,
  /// which `verify` (run by the end-to-end tests) shows failing.
  @Test func everyExerciseShipsAShortcut() throws {
    let course = try CourseLoader(fileSystem: LocalFileSystem()).load(root: RealCourse.root)
    for exercise in course.exercises {
      #expect(!exercise.shortcuts.isEmpty, "\(exercise.id) ships no Shortcuts/<name>/")
    }
  }

  /// An instructor can demonstrate every lesson from a script (replayed by the end-to-end tests).
  @Test(arguments: RealCourse.lessonFiles())
  func everyLessonShipsADemoScript(file: String) {
    let demo = RealCourse.root + "/" + DemoScript.folder + "/" + file.replacingOccurrences(of: ".md", with: ".demo")
    let script = (try? String(contentsOfFile: demo, encoding: .utf8)).map(DemoScript.init(parsing:))
    #expect(script.map { !$0.commands.isEmpty } == true, "\(file) has no demo script at \(demo)")
  }

  /// `check` compares a learner's tests with these fingerprints, and grading for autograders
  /// depends on them: after changing an exercise's tests, run `ditutor fingerprints --write`.
  @Test func theShippedTestFingerprintsAreCurrent() throws {
    let course = try CourseLoader(fileSystem: LocalFileSystem()).load(root: RealCourse.root, depth: .exercisesOnly)
    let recorded = ShippedTests.load(root: RealCourse.root, fileSystem: LocalFileSystem())
    let current = ShippedTests.make(for: course.exercises, root: RealCourse.root, fileSystem: LocalFileSystem())
    #expect(recorded == current, "Exercises/shipped-tests.json is stale: run `ditutor fingerprints --write` and commit it")
  }

  /// After lesson 1, each lesson's key example comes as a before/after pair `run` can start.
  @Test(arguments: RealCourse.lessonFiles().dropFirst())
  func laterLessonsHaveABeforeAndAnAfter(file: String) throws {
    let course = try CourseLoader(fileSystem: LocalFileSystem()).load(root: RealCourse.root)
    let lesson = try #require(course.lessons.first { $0.path == "Lessons/" + file })
    #expect(Set(lesson.examples.map(\.name)).isSuperset(of: ["before", "after"]), "\(file): \(lesson.examples.map(\.name))")
  }

  @Test(arguments: RealCourse.lessonFiles())
  func codeBlocksAreMarkedCorrectly(file: String) {
    let collection = LessonSnippets.collect(markdown: RealCourse.text(of: file), path: "Lessons/" + file)
    #expect(collection.problems.isEmpty, "\(collection.problems.map(\.description).joined(separator: "\n"))")
    #expect(!collection.snippets.isEmpty, "a lesson teaches with code")
  }

  /// Code is shown indented by 4 columns; 76 keeps it unwrapped on an 80-column terminal.
  @Test(arguments: RealCourse.lessonFiles())
  func codeLinesFitAnEightyColumnTerminal(file: String) {
    var inCode = false
    for (number, line) in RealCourse.text(of: file).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if line.hasPrefix("```") {
        inCode.toggle()
        continue
      }
      if inCode {
        #expect(line.count <= 76, "Lessons/\(file):\(number + 1) is \(line.count) columns wide")
      }
    }
  }

  /// Every snippet compiles (and prints its `output`), every `expect-error:` block fails with
  /// the error it quotes, and every `tests` chain passes its Swift Testing tests.
  @Test(arguments: RealCourse.snippets)
  func snippetCompiles(_ snippet: LessonSnippet) async throws {
    try await OffThePool.run { try SwiftCompiler.check(snippet) }
  }

  /// A compiler error quoted in a plain ` ```text ` block is never checked, and drifts between
  /// toolchains: it belongs in a ` ```swift expect-error: ` block. (A runtime trap such as
  /// "Fatal error: …" may stay in a text block.)
  @Test(arguments: RealCourse.lessonFiles())
  func compilerErrorsAreQuotedOnlyWhereTheSuiteChecksThem(file: String) {
    var fence: String?
    for (number, line) in RealCourse.text(of: file).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("```") {
        fence = fence == nil ? String(trimmed.dropFirst(3)) : nil
        continue
      }
      guard let info = fence, !info.hasPrefix("swift") else { continue }
      #expect(
        !(trimmed.hasPrefix("error:") || trimmed.contains(".swift:") && trimmed.contains(": error:")),
        "Lessons/\(file):\(number + 1) quotes a compiler error in a ```\(info) block; show the code in a ```swift expect-error: <the error> block instead")
    }
  }

  /// A lesson cites only what the learner can open: a library's documentation, a Swift Evolution
  /// proposal, a book by title. "The reference texts", "the guides this course grew from" or "the
  /// book chapter" name sources the learner has never seen. A phrase broken across two lines is
  /// caught too, and reported at the line it starts on.
  @Test(arguments: RealCourse.lessonFiles())
  func lessonsCiteNoTextTheLearnerCannotOpen(file: String) {
    let unseen = ["reference text", "the guides this course grew from", "book chapter", "course grew from"]
    let lines = RealCourse.text(of: file).split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ") }
    for (index, line) in lines.enumerated() {
      let next = index + 1 < lines.count ? lines[index + 1] : ""
      for phrase in unseen {
        let startsHere = line.contains(phrase) || ((line + " " + next).contains(phrase) && !next.contains(phrase))
        if startsHere {
          Issue.record(
            "Lessons/\(file):\(index + 1) cites \"\(phrase)\", a text the learner cannot open: name a public source (documentation, a Swift Evolution proposal, a book by title) or state it as a common belief")
        }
      }
    }
  }

  /// Lesson 2 quotes "sending 'self.service' risks causing data races" and says that Swift 6.2's
  /// `NonisolatedNonsendingByDefault` (approachable concurrency) makes it disappear.
  @Test func theSwift62NoteAboutSendingTheServiceHolds() async throws {
    let snippet = try #require(
      RealCourse.snippets.first { $0.expectedError?.contains("sending 'self.service'") == true },
      "lesson 2 quotes the error in an expect-error block")
    try await OffThePool.run {
      try SwiftCompiler.compilesCleanly(snippet, extra: ["-enable-upcoming-feature", "NonisolatedNonsendingByDefault"])
    }
  }

  /// Each kind of checked block is used somewhere, so none of the checks above is idle.
  @Test func theCourseUsesEveryKindOfCheckedBlock() {
    #expect(RealCourse.snippets.contains { $0.expectedError != nil }, "no expect-error block")
    #expect(RealCourse.snippets.contains { $0.isTestSuite }, "no Swift Testing (`tests`) block")
    #expect(RealCourse.snippets.contains { $0.expectedOutput != nil }, "no block with an output")
    #expect(RealCourse.snippets.contains { $0.usesDIKit && $0.expectedOutput != nil }, "no `dikit` block that runs")
  }
}
