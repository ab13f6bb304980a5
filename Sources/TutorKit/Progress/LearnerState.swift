import Foundation
import Synchronization

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

    private enum CodingKeys: String, CodingKey {
      case status, attempts, hintsShown, passedOnce
    }

    /// A status this ditutor does not know (a hand edit, another tool) counts as not started,
    /// and the rest of the record is kept: the checks and hints it counted still happened.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      let written = try container.decodeIfPresent(String.self, forKey: .status)
      status = written.flatMap(ExerciseStatus.init(rawValue:)) ?? .notStarted
      if let written, ExerciseStatus(rawValue: written) == nil {
        let id = decoder.codingPath.last?.stringValue ?? "?"
        ReadProblems.in(decoder)?.note("exercise \(id) has a status ditutor does not know ('\(displayable(written))'), so it counts as not started")
      }
      attempts = try container.decodeIfPresent(Int.self, forKey: .attempts) ?? 0
      hintsShown = try container.decodeIfPresent(Int.self, forKey: .hintsShown) ?? 0
      passedOnce = try container.decodeIfPresent(Bool.self, forKey: .passedOnce) ?? false
    }
  }

  /// How many of `lesson`'s pages the learner has read. Pages seen beyond the lesson's end (it
  /// was shortened since) do not count: the one count `progress`, `lessons` and the bar share.
  public func pagesRead(of lesson: Lesson) -> Int {
    lessons[lesson.id]?.pagesSeen.filter { $0 < lesson.pages.count }.count ?? 0
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

  /// Reads what can be read: only a file without a version is unreadable as a whole. A place,
  /// a section or an entry that does not read is left out, and the rest kept; what was left out
  /// is told to the ``ReadProblems`` in the decoder's `userInfo`, if there is one.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    version = try container.decode(Int.self, forKey: .version)
    let problems = ReadProblems.in(decoder)
    do {
      position = try container.decodeIfPresent(Position.self, forKey: .position)
    } catch {
      position = nil
      problems?.note("your place in the course could not be read, so ditutor opens at the start")
    }
    lessons = Self.entries(of: .lessons, in: container, named: "lesson", problems: problems)
    exercises = Self.entries(of: .exercises, in: container, named: "exercise", problems: problems)
    quizzes = Self.entries(of: .quizzes, in: container, named: "quiz of lesson", problems: problems)
  }

  private struct EntryKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// One section (`exercises`, …), entry by entry: an entry that does not read is left out.
  private static func entries<Entry: Decodable>(
    of section: CodingKeys, in container: KeyedDecodingContainer<CodingKeys>, named kind: String, problems: ReadProblems?
  ) -> [String: Entry] {
    guard container.contains(section), (try? container.decodeNil(forKey: section)) == false else { return [:] }
    guard let entries = try? container.nestedContainer(keyedBy: EntryKey.self, forKey: section) else {
      problems?.note("the \(section.stringValue) section could not be read")
      return [:]
    }
    var result: [String: Entry] = [:]
    for key in entries.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
      do {
        result[key.stringValue] = try entries.decode(Entry.self, forKey: key)
      } catch {
        problems?.note("\(kind) \(displayable(key.stringValue)) could not be read")
      }
    }
    return result
  }
}

/// What a lenient read of ``LearnerState`` left out or read otherwise than written, one short
/// clause each, for the warning the learner sees. Handed to the decoder in its `userInfo`.
final class ReadProblems: Sendable {
  static let key = CodingUserInfoKey(rawValue: "ditutor.readProblems")!

  private let notes = Mutex<[String]>([])

  var all: [String] { notes.withLock { $0 } }

  func note(_ problem: String) {
    notes.withLock { $0.append(problem) }
  }

  static func `in`(_ decoder: any Decoder) -> ReadProblems? {
    decoder.userInfo[key] as? ReadProblems
  }
}
