import Foundation
import TutorKit

/// Small courses written in the tests, so each test shows exactly what it depends on.
enum CourseFixtures {
  static let root = "/course"

  static func lesson(
    order: Int, id: String, title: String, pages: Int, quiz: String = "", exercises: String = "[]"
  ) -> String {
    var text = """
      ---
      id: \(id)
      title: \(title)
      order: \(order)
      summary: About \(title.lowercased()).
      exercises: \(exercises)
      ---

      # \(title)

      Opening of \(title).

      """
    for page in 2...max(pages, 2) where page <= pages {
      text += "\n## \(title) page \(page)\n\nText of page \(page).\n"
    }
    if !quiz.isEmpty { text += "\n## Quiz\n\n" + quiz }
    return text
  }

  /// Two lessons: "Why" (3 pages) and "Constructor injection" (2 pages).
  static func twoLessons() -> InMemoryFileSystem {
    InMemoryFileSystem(files: [
      "/course/Lessons/01-why.md": lesson(order: 1, id: "why", title: "Why", pages: 3),
      "/course/Lessons/02-constructor.md": lesson(order: 2, id: "constructor", title: "Constructor injection", pages: 2),
      "/course/Lessons/README.md": "# Not a lesson",
      "/course/Exercises/README.md": "",
    ])
  }

  /// An exercise folder with a task, `hints` hints, and one file in each code folder.
  static func addExercise(_ id: String, to fileSystem: InMemoryFileSystem, hints: Int = 3, file: String = "Code.swift") {
    var readme = "---\ntitle: Exercise \(id)\ndifficulty: 2\n---\n\n# Exercise \(id)\n\nDo the \(id) thing.\n\n## Hints\n"
    for hint in 0..<hints { readme += "\n### Hint \(hint + 1)\n\nHint \(hint + 1) of \(id).\n" }
    fileSystem.add("/course/Exercises/\(id)/README.md", readme)
    fileSystem.add("/course/Exercises/\(id)/Sources/\(file)", "// learner's \(id)\n")
    fileSystem.add("/course/Exercises/\(id)/Starter/\(file)", "// starter of \(id)\n")
    fileSystem.add("/course/Exercises/\(id)/Solution/\(file)", "// solution of \(id)\n")
    fileSystem.add("/course/Exercises/\(id)/Tests/\(id)Tests.swift", "// tests of \(id)\n")
  }

  static func course(_ fileSystem: InMemoryFileSystem) throws -> Course {
    try CourseLoader(fileSystem: fileSystem).load(root: root)
  }

  static let clock = WallClock.fixed(Date(timeIntervalSince1970: 1_795_000_000))

  static func session(
    _ fileSystem: InMemoryFileSystem, checker: any ExerciseChecker = ScriptedChecker(), watchInterval: Duration = .milliseconds(5)
  ) throws -> Session {
    try Session(
      course: course(fileSystem), progress: store(fileSystem), checker: checker, examples: EchoExamples(),
      fileSystem: fileSystem, clock: clock,
      root: root, watchInterval: watchInterval, statusInterval: .milliseconds(20))
  }

  static func store(_ fileSystem: InMemoryFileSystem) -> ProgressStore {
    ProgressStore(fileSystem: fileSystem, clock: clock, root: root)
  }
}

extension Document {
  /// The document's text without styling, for assertions.
  var text: String {
    blocks.map(\.text).joined(separator: "\n")
  }
}

extension Block {
  var text: String {
    switch self {
    case .heading(_, let inlines), .paragraph(let inlines), .notice(_, let inlines):
      inlines.plainText
    case .list(let list):
      list.items.map { ($0.marker.map { $0 + " " } ?? "") + $0.blocks.map(\.text).joined(separator: "\n") }.joined(separator: "\n")
    case .quote(let blocks):
      blocks.map(\.text).joined(separator: "\n")
    case .code(let code):
      code.text
    case .diagram(let diagram):
      diagram.source
    case .table(let table):
      ([table.header] + table.rows).map { $0.map(\.plainText).joined(separator: " | ") }.joined(separator: "\n")
    case .rule:
      "---"
    }
  }
}
