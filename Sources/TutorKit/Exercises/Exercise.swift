/// One exercise: a folder in `Exercises/` with the learner's files, a test suite, a starter and a
/// reference solution. Its task and hints are in the folder's `README.md`.
///
/// ```text
/// Exercises/greeting-clock/
///   README.md      front matter (title, difficulty), the task, then "## Hints" (one "###" each)
///   Sources/       the learner's files: they edit these
///   Starter/       the files as shipped; `reset` copies them back, `verify` checks they fail
///   Solution/      the reference, with the same file names as Starter/
///   Tests/         the Swift Testing suite, compiled against Sources/ (or Solution/)
/// ```
public struct Exercise: Sendable, Equatable, Identifiable {
  public var id: String
  public var title: String
  public var difficulty: Int
  /// The id of the lesson that lists this exercise.
  public var lessonID: String
  public var task: Document
  /// From a gentle nudge to nearly the answer.
  public var hints: [Document]
  /// Names of the learner's files, relative to `Sources/`.
  public var files: [String]

  public init(
    id: String, title: String, difficulty: Int = 1, lessonID: String, task: Document,
    hints: [Document], files: [String]
  ) {
    self.id = id
    self.title = title
    self.difficulty = difficulty
    self.lessonID = lessonID
    self.task = task
    self.hints = hints
    self.files = files
  }

  /// The Swift module the exercise compiles to: `greeting-clock` → `GreetingClock`.
  public var moduleName: String { Self.moduleName(for: id) }
  public var testModuleName: String { moduleName + "Tests" }

  public var folder: String { "Exercises/\(id)" }
  public var sourcesFolder: String { "\(folder)/Sources" }
  public var starterFolder: String { "\(folder)/Starter" }
  public var solutionFolder: String { "\(folder)/Solution" }
  public var testsFolder: String { "\(folder)/Tests" }

  public static func moduleName(for id: String) -> String {
    id.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
      .map { $0.prefix(1).uppercased() + $0.dropFirst() }
      .joined()
  }
}

/// The learner's state of one exercise, as `progress` and `list --format json` show it.
public enum ExerciseStatus: String, Codable, Sendable, Equatable {
  case notStarted = "not-started"
  case failed
  case passed
}
