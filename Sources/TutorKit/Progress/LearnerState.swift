/// Everything ditutor remembers about one learner in one checkout, stored as
/// `.ditutor/progress.json`. The `version` lets a later ditutor read an older file.
public struct LearnerState: Codable, Sendable, Equatable {
  public static let currentVersion = 1

  public var version: Int
  /// Where the learner was reading; ditutor reopens there.
  public var position: Position?
  public var lessons: [String: LessonProgress]
  public var exercises: [String: ExerciseProgress]
  public var quizzes: [String: QuizProgress]

  public init(
    version: Int = LearnerState.currentVersion, position: Position? = nil, lessons: [String: LessonProgress] = [:],
    exercises: [String: ExerciseProgress] = [:], quizzes: [String: QuizProgress] = [:]
  ) {
    self.version = version
    self.position = position
    self.lessons = lessons
    self.exercises = exercises
    self.quizzes = quizzes
  }

  /// A lesson's quiz: the latest and the best score, out of `questions`.
  public struct QuizProgress: Codable, Sendable, Equatable {
    public var lastScore: Int
    public var bestScore: Int
    public var questions: Int
    public var attempts: Int

    public init(lastScore: Int = 0, bestScore: Int = 0, questions: Int = 0, attempts: Int = 0) {
      self.lastScore = lastScore
      self.bestScore = bestScore
      self.questions = questions
      self.attempts = attempts
    }
  }

  public struct ExerciseProgress: Codable, Sendable, Equatable {
    /// The result of the latest check.
    public var status: ExerciseStatus
    public var attempts: Int
    public var hintsShown: Int
    /// Passed at least once: the solution may then be shown without asking.
    public var passedOnce: Bool

    public init(status: ExerciseStatus = .notStarted, attempts: Int = 0, hintsShown: Int = 0, passedOnce: Bool = false) {
      self.status = status
      self.attempts = attempts
      self.hintsShown = hintsShown
      self.passedOnce = passedOnce
    }
  }

  public func status(of exerciseID: String) -> ExerciseStatus {
    exercises[exerciseID]?.status ?? .notStarted
  }

  public struct Position: Codable, Sendable, Equatable {
    public var lesson: String
    /// Zero-based page index.
    public var page: Int

    public init(lesson: String, page: Int) {
      self.lesson = lesson
      self.page = page
    }
  }

  public struct LessonProgress: Codable, Sendable, Equatable {
    /// Zero-based indexes of pages the learner has seen.
    public var pagesSeen: Set<Int>

    public init(pagesSeen: Set<Int> = []) {
      self.pagesSeen = pagesSeen
    }

    private enum CodingKeys: String, CodingKey {
      case pagesSeen
    }

    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      pagesSeen = Set(try container.decodeIfPresent([Int].self, forKey: .pagesSeen) ?? [])
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(pagesSeen.sorted(), forKey: .pagesSeen)  // stable, diff-friendly
    }
  }

  private enum CodingKeys: String, CodingKey {
    case version, position, lessons, exercises, quizzes
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    version = try container.decode(Int.self, forKey: .version)
    position = try container.decodeIfPresent(Position.self, forKey: .position)
    lessons = try container.decodeIfPresent([String: LessonProgress].self, forKey: .lessons) ?? [:]
    exercises = try container.decodeIfPresent([String: ExerciseProgress].self, forKey: .exercises) ?? [:]
    quizzes = try container.decodeIfPresent([String: QuizProgress].self, forKey: .quizzes) ?? [:]
  }
}
