/// A place in a lesson: one of its pages, or (after the pages) one of its exercises. `pages`
/// numbers them in that order, and `page` takes those numbers.
enum LessonStop: Equatable {
  case page(Int)
  case exercise(Exercise)
}

/// How a course's lessons divide into stops. Pure functions of the course: they read no
/// progress, so any room may ask them.
extension Course {
  /// How many stops a lesson has: its pages, then its exercises.
  func stopCount(of lesson: Lesson) -> Int {
    lesson.pages.count + exercises(of: lesson).count
  }

  /// The stop at `index` of `lesson` (an index past the end is its last exercise).
  func stop(_ index: Int, of lesson: Lesson) -> LessonStop {
    if index < lesson.pages.count { return .page(index) }
    let exercises = exercises(of: lesson)
    return .exercise(exercises[min(index - lesson.pages.count, exercises.count - 1)])
  }

  /// The lesson an exercise belongs to and the index of its stop there.
  func stopIndex(of exercise: Exercise) -> (lesson: Lesson, index: Int)? {
    guard let lesson = lesson(id: exercise.lessonID),
      let offset = exercises(of: lesson).firstIndex(where: { $0.id == exercise.id })
    else { return nil }
    return (lesson, lesson.pages.count + offset)
  }

  /// A saved place that still exists, else the start of the course.
  func validPosition(_ saved: LearnerState.Position?) -> LearnerState.Position {
    if let saved, let lesson = lesson(id: saved.lesson) {
      return LearnerState.Position(lesson: lesson.id, page: min(max(saved.page, 0), stopCount(of: lesson) - 1))
    }
    return LearnerState.Position(lesson: firstLesson?.id ?? "", page: 0)
  }
}

/// A lesson's pages not read and exercises not passed: it is finished when both are empty.
struct LessonLeft {
  var unreadPages: [Int]
  var openExercises: [Exercise]

  init(of lesson: Lesson, in course: Course, state: LearnerState) {
    let seen = state.lessons[lesson.id]?.pagesSeen ?? []
    unreadPages = lesson.pages.indices.filter { !seen.contains($0) }
    openExercises = course.exercises(of: lesson).filter { state.status(of: $0.id) != .passed }
  }

  var isEmpty: Bool { unreadPages.isEmpty && openExercises.isEmpty }

  /// "12 of its 13 pages not read yet and 2 of its 3 exercises not passed".
  func description(of lesson: Lesson, in course: Course) -> String {
    var parts: [String] = []
    if !unreadPages.isEmpty {
      parts.append("\(unreadPages.count) of its \(lesson.pages.count) pages not read yet")
    }
    if !openExercises.isEmpty {
      let total = course.exercises(of: lesson).count
      parts.append(total == 1 ? "its exercise not passed" : "\(openExercises.count) of its \(total) exercises not passed")
    }
    return parts.joined(separator: " and ")
  }
}
