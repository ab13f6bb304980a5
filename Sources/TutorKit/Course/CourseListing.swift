import Foundation

/// The course as `ditutor list --format json` prints it: one entry per lesson, in order.
public struct CourseListing: Encodable, Sendable, Equatable {
  public struct LessonEntry: Encodable, Sendable, Equatable {
    public var id: String
    public var title: String
    public var pages: Int
    public var quizQuestions: Int
    public var exercises: [ExerciseEntry]
  }

  public struct ExerciseEntry: Encodable, Sendable, Equatable {
    public var id: String
    public var title: String
    /// The learner's state of the exercise: `not-started`, `failed` (the latest check did not
    /// pass) or `passed`.
    public var status: String
  }

  public var lessons: [LessonEntry]

  public init(course: Course, state: LearnerState) {
    lessons = course.lessons.map { lesson in
      LessonEntry(
        id: lesson.id, title: lesson.title, pages: lesson.pages.count,
        quizQuestions: lesson.quiz.count,
        exercises: course.exercises(of: lesson).map {
          ExerciseEntry(id: $0.id, title: $0.title, status: state.status(of: $0.id).rawValue)
        })
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(lessons)
  }

  public func json() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(self), as: UTF8.self)
  }

  /// The readable form of `ditutor list`.
  public var document: Document {
    let rows = lessons.enumerated().map { index, lesson -> [[Inline]] in
      [
        [.text(String(index + 1))], [.text(lesson.title)], [.code(lesson.id)],
        [.text(String(lesson.pages))], [.text(String(lesson.quizQuestions))],
        [.text(String(lesson.exercises.count))],
      ]
    }
    return Document([
      .table(
        Table(
          header: ["#", "Lesson", "Id", "Pages", "Quiz", "Exercises"].map { [.text($0)] },
          alignments: [.right, .left, .left, .right, .right, .right], rows: rows)),
      .paragraph([.faint([.text("In the tutorial, "), .code("exercises"), .text(" lists the exercises and how you are doing.")])]),
    ])
  }
}
