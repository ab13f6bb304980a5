/// One lesson: a Markdown file in `Lessons/`, split into pages at its `##` headings.
public struct Lesson: Sendable, Equatable, Identifiable {
  public var id: String
  public var title: String
  public var order: Int
  public var summary: String
  /// Ids of the exercises that belong to this lesson, in the order the learner meets them.
  public var exerciseIDs: [String]
  public var pages: [Page]
  public var quiz: [QuizQuestion]
  /// The programs `run` can start: the lesson's ` ```swift example: <name> ` blocks.
  public var examples: [LessonExample] = []
  /// Path relative to the course root, for messages (`Lessons/01-why-dependency-injection.md`).
  public var path: String

  public init(
    id: String, title: String, order: Int, summary: String = "", exerciseIDs: [String] = [],
    pages: [Page], quiz: [QuizQuestion] = [], path: String = ""
  ) {
    self.id = id
    self.title = title
    self.order = order
    self.summary = summary
    self.exerciseIDs = exerciseIDs
    self.pages = pages
    self.quiz = quiz
    self.path = path
  }
}

public struct Page: Sendable, Equatable {
  public var title: String
  public var content: Document

  public init(title: String, content: Document) {
    self.title = title
    self.content = content
  }
}

/// A quiz question from a lesson's `## Quiz` section.
public struct QuizQuestion: Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    case multipleChoice([Option])
    /// Accepted answers, compared case-insensitively, and why.
    case shortAnswer(accepted: [String], explanation: String)
  }

  public struct Option: Sendable, Equatable {
    public var text: [Inline]
    public var isCorrect: Bool
    public var explanation: [Inline]

    public init(text: [Inline], isCorrect: Bool, explanation: [Inline]) {
      self.text = text
      self.isCorrect = isCorrect
      self.explanation = explanation
    }
  }

  public var prompt: [Inline]
  /// Code or prose shown between the question and its options.
  public var details: [Block]
  public var kind: Kind

  public init(prompt: [Inline], details: [Block] = [], kind: Kind) {
    self.prompt = prompt
    self.details = details
    self.kind = kind
  }
}
