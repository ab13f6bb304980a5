import Foundation

/// Everything a learner can study: the lessons in order (and, through them, the exercises).
public struct Course: Sendable, Equatable {
  public var lessons: [Lesson]
  /// In course order: by lesson, then in the order each lesson lists them.
  public var exercises: [Exercise]

  public init(lessons: [Lesson], exercises: [Exercise] = []) {
    self.lessons = lessons.sorted { $0.order < $1.order }
    let order = self.lessons.flatMap(\.exerciseIDs)
    self.exercises = exercises.sorted {
      (order.firstIndex(of: $0.id) ?? .max) < (order.firstIndex(of: $1.id) ?? .max)
    }
  }

  public func exercise(id: String) -> Exercise? {
    exercises.first { $0.id == id }
  }

  /// Finds an exercise by its number in the course (`1`), its id, or an unambiguous prefix.
  public func exercise(matching query: String) -> Exercise? {
    Self.exerciseID(matching: query, among: exercises.map(\.id)).flatMap(exercise(id:))
  }

  /// Which of `ids` (in course order) `query` names: a number in the course (`1`), an id, or
  /// an unambiguous prefix of one.
  public static func exerciseID(matching query: String, among ids: [String]) -> String? {
    let query = query.trimmingCharacters(in: .whitespaces).lowercased()
    guard !query.isEmpty else { return nil }
    if let number = Int(query) {
      return ids.indices.contains(number - 1) ? ids[number - 1] : nil
    }
    if ids.contains(query) { return query }
    let candidates = ids.filter { $0.hasPrefix(query) }
    return candidates.count == 1 ? candidates[0] : nil
  }

  public func exercises(of lesson: Lesson) -> [Exercise] {
    lesson.exerciseIDs.compactMap(exercise(id:))
  }

  /// The exercise's position in the course, from 1.
  public func number(of exercise: Exercise) -> Int {
    (exercises.firstIndex { $0.id == exercise.id } ?? 0) + 1
  }

  public var firstLesson: Lesson? { lessons.first }

  /// Finds a lesson by its number in the course (`1`), its id (`why-di`), or an unambiguous
  /// prefix of its id or file name (`why`).
  public func lesson(matching query: String) -> Lesson? {
    let query = query.trimmingCharacters(in: .whitespaces).lowercased()
    guard !query.isEmpty else { return nil }
    if let number = Int(query) {
      return lessons.first { $0.order == number }
    }
    if let exact = lessons.first(where: { $0.id == query }) {
      return exact
    }
    let candidates = lessons.filter { lesson in
      lesson.id.hasPrefix(query) || lesson.fileSlug.hasPrefix(query)
        || lesson.title.lowercased().hasPrefix(query)
    }
    return candidates.count == 1 ? candidates[0] : nil
  }

  public func lesson(id: String) -> Lesson? {
    lessons.first { $0.id == id }
  }

  public func lesson(after lesson: Lesson) -> Lesson? {
    guard let index = lessons.firstIndex(where: { $0.id == lesson.id }) else { return nil }
    return lessons.indices.contains(index + 1) ? lessons[index + 1] : nil
  }

  public func lesson(before lesson: Lesson) -> Lesson? {
    guard let index = lessons.firstIndex(where: { $0.id == lesson.id }) else { return nil }
    return lessons.indices.contains(index - 1) ? lessons[index - 1] : nil
  }
}

extension Lesson {
  /// The file name without its number and extension: `why-dependency-injection`.
  var fileSlug: String {
    let name = path.split(separator: "/").last.map(String.init) ?? ""
    let stem = name.hasSuffix(".md") ? String(name.dropLast(3)) : name
    return String(stem.drop { $0.isNumber }.drop { $0 == "-" })
  }
}
