/// What an exercise's stop shows: its number in the lesson, its task, which files are the
/// learner's, and its status (worded by ``ExerciseStanding``).
///
/// It reads the course and the learner's progress, both given to `init`, and changes nothing.
struct ExercisePage {
  private let course: Course
  private let progress: LearnerProgress

  init(course: Course, progress: LearnerProgress) {
    self.course = course
    self.progress = progress
  }

  func blocks(for exercise: Exercise, in lesson: Lesson) -> [Block] {
    let exercises = course.exercises(of: lesson)
    let number = (exercises.firstIndex { $0.id == exercise.id } ?? 0) + 1
    var blocks: [Block] = [
      .paragraph([.faint([.text("Exercise \(number) of \(exercises.count) in this lesson · "), .code(exercise.id)])]),
      .heading(level: 2, [.text(exercise.title)]),
    ]
    blocks += exercise.task.blocks
    let files = exercise.files.map { "\(exercise.sourcesFolder)/\($0)" }
    switch exercise.kind {
    case .tests:
      blocks.append(
        .paragraph([
          .text("You write the tests. "), .code("check"),
          .text(" runs them on the code in "), .code(exercise.subjectFolder + "/"),
          .text(", where they must pass, and on \(exercise.mutants.count) copies of it with a bug planted in each, where each must be caught by a failing test."),
        ]))
    case .seam:
      blocks.append(
        .paragraph([
          .text("The tests are written against the API you are about to create, so the first "), .code("check"),
          .text(" does not compile: its errors say what the tests expect."),
        ]))
    case .code:
      break
    }
    let label = exercise.kind == .tests ? (files.count == 1 ? "Your tests: " : "Your test files: ") : (files.count == 1 ? "Your file: " : "Your files: ")
    blocks.append(.paragraph([.strong([.text(label)])] + files.flatMap { [Inline.code($0), .text(" ")] }))
    blocks.append(.paragraph([.text("Status: "), .text(progress.state.standing(of: exercise).sentence)]))
    return blocks
  }
}

extension LearnerState {
  /// Where the learner stands on `exercise`, for every word about its status.
  func standing(of exercise: Exercise) -> ExerciseStanding {
    ExerciseStanding(exercises[exercise.id] ?? .init(), hints: exercise.hints.count)
  }
}
