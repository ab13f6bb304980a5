import Foundation
import Synchronization

/// Reads the course from a package checkout: every `Lessons/NN-slug.md` file, in order.
///
/// Nothing lists the lessons in code; adding a file adds a lesson. Every problem in every file is
/// collected, so an author sees them all at once rather than one per run.
public struct CourseLoader: Sendable {
  public static let lessonsFolder = "Lessons"
  public static let exercisesFolder = "Exercises"

  private let fileSystem: any FileStore
  private let parser = MarkdownParser()

  public init(fileSystem: any FileStore) {
    self.fileSystem = fileSystem
  }

  public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
    public var problems: [CourseProblem]

    public var description: String {
      "The course has \(problems.count == 1 ? "a problem" : "\(problems.count) problems"):\n"
        + problems.map { "  \($0)" }.joined(separator: "\n")
    }
  }

  /// How much of each lesson to read: everything, or only what exercises need (the front matter),
  /// which is all a one-shot `ditutor check` uses and saves parsing every lesson's Markdown.
  public enum Depth: Sendable {
    case full, exercisesOnly
  }

  public func load(root: String, depth: Depth = .full) throws(Failure) -> Course {
    var problems: [CourseProblem] = []
    let lessons = readLessons(root: root, depth: depth, problems: &problems)
    let exercises = loadExercises(root: root, lessons: lessons, problems: &problems)
    guard problems.isEmpty else { throw Failure(problems: problems) }
    return Course(lessons: lessons, exercises: exercises)
  }

  /// The one exercise `query` names (its number in the course, its id, or an unambiguous
  /// prefix), read with nothing else but the lessons' front matter: what a one-shot `ditutor
  /// check` needs, at a cost that does not grow with the course. Nil when nothing matches.
  public func exercise(matching query: String, root: String) throws(Failure) -> Exercise? {
    var problems: [CourseProblem] = []
    let lessons = readLessons(root: root, depth: .exercisesOnly, problems: &problems)
    guard problems.isEmpty else { throw Failure(problems: problems) }
    let ids = Course(lessons: lessons).lessons.flatMap(\.exerciseIDs)
    guard let id = Course.exerciseID(matching: query, among: ids),
      let lesson = lessons.first(where: { $0.exerciseIDs.contains(id) })
    else { return nil }
    do {
      return try loadExercise(id: id, lesson: lesson, root: root)
    } catch let problem as CourseProblem {
      throw Failure(problems: [problem])
    } catch {
      throw Failure(problems: [CourseProblem(file: "Exercises/\(id)", reason: .unreadable(String(describing: error)))])
    }
  }

  /// Every `Lessons/NN-slug.md`, with each problem found on the way.
  private func readLessons(root: String, depth: Depth, problems: inout [CourseProblem]) -> [Lesson] {
    let directory = FilePath.join(root, Self.lessonsFolder)
    let names: [String]
    do {
      names = try fileSystem.contentsOfDirectory(at: directory)
    } catch {
      problems.append(CourseProblem(file: Self.lessonsFolder, reason: .unreadable(String(describing: error))))
      return []
    }

    let files = names.compactMap { name in Self.lessonNumber(fileName: name).map { (name: name, prefix: $0) } }
    // Parsed side by side: hundreds of kilobytes of Markdown, which the REPL reads before its
    // first page. The checks between lessons follow in the files' order.
    let parsed = Self.sideBySide(files) { file in
      Result { () throws -> Lesson in
        let text = try fileSystem.readText(at: FilePath.join(directory, file.name))
        return try parseLesson(text, path: FilePath.join(Self.lessonsFolder, file.name), filePrefix: file.prefix, depth: depth)
      }
    }
    var lessons: [Lesson] = []
    for (file, result) in zip(files, parsed) {
      let relativePath = FilePath.join(Self.lessonsFolder, file.name)
      do {
        let lesson = try result.get()
        if let other = lessons.first(where: { $0.id == lesson.id }) {
          problems.append(CourseProblem(file: relativePath, reason: .duplicateID(lesson.id, otherFile: other.path)))
        } else if let other = lessons.first(where: { $0.order == lesson.order }) {
          problems.append(CourseProblem(file: relativePath, reason: .duplicateOrder(lesson.order, otherFile: other.path)))
        } else {
          lessons.append(lesson)
        }
      } catch let problem as CourseProblem {
        problems.append(problem)
      } catch {
        problems.append(CourseProblem(file: relativePath, reason: .unreadable(String(describing: error))))
      }
    }
    if lessons.isEmpty && problems.isEmpty {
      problems.append(CourseProblem(file: Self.lessonsFolder, reason: .noLessons(directory: Self.lessonsFolder)))
    }
    return lessons
  }

  // MARK: Exercises

  private func loadExercises(root: String, lessons: [Lesson], problems: inout [CourseProblem]) -> [Exercise] {
    var listed: [(id: String, lesson: Lesson)] = []
    var listedBy: [String: Lesson] = [:]
    for lesson in lessons {
      for id in lesson.exerciseIDs {
        if let other = listedBy[id] {
          problems.append(CourseProblem(file: "Exercises/\(id)", reason: .exerciseListedTwice(otherLesson: other.path)))
          continue
        }
        listedBy[id] = lesson
        listed.append((id, lesson))
      }
    }
    var exercises: [Exercise] = []
    let loaded = Self.sideBySide(listed) { exercise in Result { try loadExercise(id: exercise.id, lesson: exercise.lesson, root: root) } }
    for (exercise, result) in zip(listed, loaded) {
      do {
        exercises.append(try result.get())
      } catch let problem as CourseProblem {
        problems.append(problem)
      } catch {
        problems.append(CourseProblem(file: "Exercises/\(exercise.id)", reason: .unreadable(String(describing: error))))
      }
    }
    let folders = (try? fileSystem.contentsOfDirectory(at: FilePath.join(root, Self.exercisesFolder))) ?? []
    for folder in folders where listedBy[folder] == nil
      && fileSystem.fileExists(at: FilePath.join(root, Self.exercisesFolder, folder, "README.md"))
    {
      problems.append(CourseProblem(file: "Exercises/\(folder)", reason: .exerciseNotListed))
    }
    return exercises
  }

  private func loadExercise(id: String, lesson: Lesson, root: String) throws -> Exercise {
    let folder = FilePath.join(root, Self.exercisesFolder, id)
    let readme = FilePath.join(folder, "README.md")
    guard fileSystem.fileExists(at: readme) else {
      throw CourseProblem(file: lesson.path, reason: .missingExercise(id))
    }
    let path = "Exercises/\(id)/README.md"
    let frontMatter: FrontMatter
    do {
      frontMatter = try FrontMatter.split(try fileSystem.readText(at: readme))
    } catch let reason as CourseProblem.Reason {
      throw CourseProblem(file: path, reason: reason)
    }
    guard let title = frontMatter.values["title"], !title.isEmpty else {
      throw CourseProblem(file: path, reason: .missingKey("title"))
    }
    let kindName = frontMatter.values["kind"] ?? Exercise.Kind.code.rawValue
    guard let kind = Exercise.Kind(rawValue: kindName) else {
      throw CourseProblem(file: path, reason: .invalidKind(kindName))
    }
    let required = kind == .tests ? ["Sources", "Starter", "Solution", "Subject", "Mutants"] : ["Sources", "Starter", "Solution", "Tests"]
    for name in required where !fileSystem.directoryExists(at: FilePath.join(folder, name)) {
      throw CourseProblem(file: "Exercises/\(id)", reason: .missingFolder(name, kind: kind.rawValue))
    }
    let swiftFiles = { (name: String) in
      ((try? fileSystem.contentsOfDirectory(at: FilePath.join(folder, name))) ?? []).filter { $0.hasSuffix(".swift") }
    }
    let starter = swiftFiles("Starter")
    let solution = swiftFiles("Solution")
    guard starter == solution else {
      throw CourseProblem(file: "Exercises/\(id)", reason: .filesDiffer(starter: starter, solution: solution))
    }
    let shortcuts = try variants(in: "Shortcuts", of: id, folder: folder, sameFilesAs: starter)
    let mutants = kind == .tests ? try variants(in: "Mutants", of: id, folder: folder, sameFilesAs: swiftFiles("Subject")) : []
    if kind == .tests && mutants.isEmpty {
      throw CourseProblem(file: "Exercises/\(id)/Mutants", reason: .noMutants)
    }
    for shortcut in shortcuts {
      for name in shortcut.misses ?? [] where !mutants.contains(where: { $0.name == name }) {
        throw CourseProblem(
          file: "Exercises/\(id)/Shortcuts/\(shortcut.name)/README.md", reason: .unknownMissedBug(name, known: mutants.map(\.name)))
      }
    }

    // The task is everything before "## Hints" (the "#" title aside); each "###" below it is a hint.
    var task: [Block] = []
    var hints: [[Block]] = []
    var inHints = false
    for block in parser.parse(frontMatter.body).blocks {
      if case .heading(let level, let inlines) = block {
        if level == 1 && task.isEmpty && !inHints { continue }
        if level == 2 {
          inHints = inlines.plainText.trimmingCharacters(in: .whitespaces).lowercased() == "hints"
          if inHints { continue }
        }
        if level == 3 && inHints {
          hints.append([])
          continue
        }
      }
      if inHints {
        if !hints.isEmpty { hints[hints.count - 1].append(block) }
      } else {
        task.append(block)
      }
    }
    guard !hints.isEmpty else { throw CourseProblem(file: path, reason: .noHints) }
    return Exercise(
      id: id, title: title, difficulty: frontMatter.values["difficulty"].flatMap(Int.init) ?? 1, kind: kind,
      lessonID: lesson.id, task: Document(task), hints: hints.map(Document.init), files: starter,
      shortcuts: shortcuts, mutants: mutants, subjectModule: kind == .tests ? frontMatter.values["subject"] : nil)
  }

  /// The folders of `Shortcuts/` or `Mutants/`: each holds the same Swift files as the code it
  /// stands in for, and a README.md whose first line says what it gets wrong.
  private func variants(in group: String, of id: String, folder: String, sameFilesAs expected: [String]) throws -> [Exercise.Variant] {
    let directory = FilePath.join(folder, group)
    guard fileSystem.directoryExists(at: directory) else { return [] }
    return try fileSystem.contentsOfDirectory(at: directory).compactMap { name -> Exercise.Variant? in
      let variant = FilePath.join(directory, name)
      guard fileSystem.directoryExists(at: variant) else { return nil }
      let file = "Exercises/\(id)/\(group)/\(name)"
      let lines = (try? fileSystem.readText(at: FilePath.join(variant, "README.md")))?
        .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) } ?? []
      guard let summary = lines.first(where: { !$0.isEmpty && !$0.hasPrefix("#") }) else {
        throw CourseProblem(file: file, reason: .variantWithoutSummary)
      }
      let files = ((try? fileSystem.contentsOfDirectory(at: variant)) ?? []).filter { $0.hasSuffix(".swift") }
      guard files == expected else { throw CourseProblem(file: file, reason: .variantFilesDiffer(files, expected: expected)) }
      return Exercise.Variant(name: name, summary: summary, misses: lines.lazy.compactMap(Self.missedBugs(in:)).first)
    }
  }

  /// The planted bugs a weak suite's README names on its `Misses:` line (`Misses:
  /// \`keeps-the-first-day\`, \`sorts-by-film\`.`; `Misses: none`, and any words after it, for
  /// one that fails on the subject itself); nil for any other line.
  static func missedBugs(in line: String) -> [String]? {
    guard line.hasPrefix("Misses:") else { return nil }
    let rest = line.dropFirst("Misses:".count).trimmingCharacters(in: .whitespaces)
    if rest.hasPrefix("none") { return [] }
    return rest.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " `.")) }.filter { !$0.isEmpty }
  }

  /// `transform` of each of `items`, in their order, computed side by side on every core.
  static func sideBySide<Item: Sendable, Output: Sendable>(_ items: [Item], _ transform: @Sendable (Item) -> Output) -> [Output] {
    let outputs = Mutex([Output?](repeating: nil, count: items.count))
    DispatchQueue.concurrentPerform(iterations: items.count) { index in
      let output = transform(items[index])
      outputs.withLock { $0[index] = output }
    }
    return outputs.withLock { $0.map { $0! } }
  }

  /// `12` for `12-containers.md`; nil for files that are not lessons (`README.md`).
  static func lessonNumber(fileName: String) -> Int? {
    guard fileName.hasSuffix(".md") else { return nil }
    let digits = fileName.prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty, fileName.dropFirst(digits.count).first == "-" else { return nil }
    return Int(digits)
  }

  func parseLesson(_ text: String, path: String, filePrefix: Int, depth: Depth = .full) throws -> Lesson {
    func problem(_ reason: CourseProblem.Reason) -> CourseProblem {
      CourseProblem(file: path, reason: reason)
    }
    let frontMatter: FrontMatter
    do {
      frontMatter = try FrontMatter.split(text)
    } catch {
      throw problem(error)
    }
    guard let id = frontMatter.values["id"], !id.isEmpty else { throw problem(.missingKey("id")) }
    guard id.allSatisfy({ ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "-" }) else {
      throw problem(.invalidID(id))
    }
    guard let title = frontMatter.values["title"], !title.isEmpty else { throw problem(.missingKey("title")) }
    guard let orderText = frontMatter.values["order"] else { throw problem(.missingKey("order")) }
    guard let order = Int(orderText), order > 0 else { throw problem(.invalidOrder(orderText)) }
    guard order == filePrefix else {
      throw problem(.orderDoesNotMatchFileName(order: order, prefix: filePrefix))
    }

    guard depth == .full else {
      return Lesson(
        id: id, title: title, order: order, summary: frontMatter.values["summary"] ?? "",
        exerciseIDs: frontMatter.lists["exercises"] ?? [], pages: [], path: path)
    }
    let document = parser.parse(frontMatter.body)
    let (pages, quizBlocks) = split(document.blocks, lessonTitle: title)
    guard !pages.isEmpty else { throw problem(.noPages) }
    let quiz: [QuizQuestion]
    do {
      quiz = try QuizReader().read(quizBlocks)
    } catch let error as QuizReader.Problem {
      throw problem(.quiz(question: error.question, problem: error.message))
    }
    var lesson = Lesson(
      id: id, title: title, order: order, summary: frontMatter.values["summary"] ?? "",
      exerciseIDs: frontMatter.lists["exercises"] ?? [], pages: pages, quiz: quiz, path: path)
    lesson.examples = LessonSnippets.collect(markdown: text, path: path).snippets.compactMap { snippet in
      snippet.exampleName.map {
        LessonExample(name: $0, code: snippet.code, location: "\(path):\(snippet.line)", usesDIKit: snippet.usesDIKit)
      }
    }
    return lesson
  }

  /// Pages start at each `##` heading; what comes before the first one is the opening page.
  /// The `## Quiz` section is set aside.
  private func split(_ blocks: [Block], lessonTitle: String) -> (pages: [Page], quiz: [Block]) {
    var pages: [Page] = []
    var quiz: [Block] = []
    var current: (title: String, blocks: [Block])? = (lessonTitle, [])
    var inQuiz = false

    func finish() {
      if let page = current, !page.blocks.isEmpty {
        pages.append(Page(title: page.title, content: Document(page.blocks)))
      }
      current = nil
    }

    for block in blocks {
      if case .heading(let level, let inlines) = block, level <= 2 {
        if level == 1 && pages.isEmpty && current?.blocks.isEmpty == true && !inQuiz {
          continue  // the lesson's own title: the page header already shows it
        }
        finish()
        let title = inlines.plainText
        inQuiz = level == 2 && title.trimmingCharacters(in: .whitespaces).lowercased() == "quiz"
        if !inQuiz { current = (title, [block]) }
        continue
      }
      if inQuiz {
        quiz.append(block)
      } else {
        current?.blocks.append(block)
      }
    }
    finish()
    return (pages, quiz)
  }
}
