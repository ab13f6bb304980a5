/// Everything ditutor remembers about one learner in one checkout, stored as
/// `.ditutor/progress.json`. The `version` lets a later ditutor read an older file.
public struct LearnerState: Codable, Sendable, Equatable {
  public static let currentVersion = 1

  public var version: Int
  /// Where the learner was reading; ditutor reopens there.
  public var position: Position?
  public var lessons: [String: LessonProgress]

  public init(version: Int = LearnerState.currentVersion, position: Position? = nil, lessons: [String: LessonProgress] = [:]) {
    self.version = version
    self.position = position
    self.lessons = lessons
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
    case version, position, lessons
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    version = try container.decode(Int.self, forKey: .version)
    position = try container.decodeIfPresent(Position.self, forKey: .position)
    lessons = try container.decodeIfPresent([String: LessonProgress].self, forKey: .lessons) ?? [:]
  }
}
