import Foundation

/// The exercise commands: `exercises`, `check`, `watch`, `hint`, `solution`, `reset` and
/// `progress`. It records what they change (checks, hints, resets) in the learner's progress
/// and words every status through ``ExerciseStanding``.
///
/// Everything arrives through `init`: the ``Navigator`` (which exercise a command is about, and
/// where `next` goes after a pass), the ``LearnerProgress`` shared with the other rooms, the
/// ``BuildWarmer`` whose build a first check takes over, the ``CheckRun`` that runs checks, the
/// ``ExerciseWorkspace`` that moves and reads the learner's files, and the ``VerdictReport``
/// that words a verdict. Owned by the session actor (not `Sendable`); its two long commands run
/// on the actor (`nonisolated(nonsending)`) and leave the waiting to ``CheckRun``.
final class ExerciseDesk {
  let course: Course
  let progress: LearnerProgress
  let navigator: Navigator
  let warmer: BuildWarmer
  let checks: CheckRun
  private let workspace: ExerciseWorkspace
  let report: VerdictReport

  init(
    course: Course, progress: LearnerProgress, navigator: Navigator, warmer: BuildWarmer, checks: CheckRun,
    workspace: ExerciseWorkspace, report: VerdictReport
  ) {
    self.course = course
    self.progress = progress
    self.navigator = navigator
    self.warmer = warmer
    self.checks = checks
    self.workspace = workspace
    self.report = report
  }

  var state: LearnerState { progress.state }

  // MARK: exercises, progress

  func listExercises() -> Response {
    guard !course.exercises.isEmpty else { return Response(Document([.paragraph([.text("This course has no exercises yet.")])])) }
    let rows = course.exercises.enumerated().map { index, exercise -> [[Inline]] in
      let status = state.standing(of: exercise).mark
      return [
        [.text(String(index + 1))], [.code(exercise.id)], [.text(exercise.title)],
        [.text(course.lesson(id: exercise.lessonID).map { String($0.order) } ?? "")], [.text(status)],
      ]
    }
    return Response(
      Document([
        .table(
          Table(
            header: ["#", "Exercise", "Title", "Lesson", "Status"].map { [.text($0)] },
            alignments: [.right, .left, .left, .right, .left], rows: rows)),
        .paragraph([.faint([.code("exercise <n>"), .text(" opens one; "), .code("check"), .text(" runs its tests.")])]),
      ]))
  }

  func showProgress() -> Response {
    var blocks: [Block] = []
    var rows: [[[Inline]]] = []
    for lesson in course.lessons {
      let seen = state.pagesRead(of: lesson)
      let quiz = state.quizzes[lesson.id].map { " · quiz best \($0.bestScore)/\($0.questions)" }
        ?? (lesson.quiz.isEmpty ? "" : " · quiz not taken")
      rows.append([
        [.strong([.text("\(lesson.order). \(lesson.title)")])], [.text("\(seen)/\(lesson.pages.count) pages" + quiz)],
        [], [],
      ])
      for exercise in course.exercises(of: lesson) {
        let standing = state.standing(of: exercise)
        rows.append([
          [.text("   "), .code(exercise.id)], [.text(standing.markWithHistory)], [.text(standing.checksCount)],
          [.text(standing.hintsCount)],
        ])
      }
    }
    let passed = course.exercises.filter { state.status(of: $0.id) == .passed }.count
    let pagesRead = course.lessons.reduce(0) { $0 + state.pagesRead(of: $1) }
    let pagesTotal = course.lessons.reduce(0) { $0 + $1.pages.count }
    blocks.append(.paragraph([.strong([.text("\(passed) of \(course.exercises.count) exercises passed · \(pagesRead) of \(pagesTotal) pages read")])]))
    blocks.append(.table(Table(header: ["Lesson / exercise", "Status", "Checks", "Hints"].map { [.text($0)] }, alignments: [.left, .left, .right, .right], rows: rows)))
    return Response(Document(blocks))
  }

  // MARK: hint, solution, reset

  func hint(_ argument: String?) -> Response {
    guard let exercise = navigator.exercise(argument) else { return navigator.unknownExercise(argument) }
    // Counted against the state on disk at this moment: another terminal may have shown one.
    var shown = state.exercises[exercise.id]?.hintsShown ?? 0
    var blocks: [Block] = []
    if let warning = progress.save({ state in
      shown = state.exercises[exercise.id]?.hintsShown ?? 0
      if shown < exercise.hints.count { state.exercises[exercise.id, default: .init()].hintsShown = shown + 1 }
    }) {
      blocks.append(warning)
    }
    let index = min(shown, exercise.hints.count - 1)
    blocks.append(.heading(level: 3, [.text("Hint \(index + 1) of \(exercise.hints.count) for "), .code(exercise.id)]))
    blocks += exercise.hints[index].blocks
    if shown >= exercise.hints.count {
      blocks.append(.paragraph([.faint([.text("That was the last hint. "), .code("solution"), .text(" shows the reference as a diff.")])]))
    } else if index + 1 < exercise.hints.count {
      blocks.append(.paragraph([.faint([.code("hint"), .text(" again for a stronger one.")])]))
    }
    return Response(Document(blocks))
  }

  func solution(_ argument: String?, confirmed: Bool) -> Response {
    guard let exercise = navigator.exercise(argument) else { return navigator.unknownExercise(argument) }
    let record = state.exercises[exercise.id] ?? .init()
    guard record.passedOnce || confirmed else {
      return Response(
        Document([
          .notice(.warning, [
            .code(exercise.id), .text(" has not passed yet. Working it out is where the learning happens; "),
            .code("hint"), .text(" helps without giving it away."),
          ])
        ]),
        confirmation: .init(
          question: "Show the solution anyway?", command: "solution \(exercise.id) --yes",
          declined: "The solution stays hidden. `hint` is there when you want a nudge."))
    }
    var blocks: [Block] = [.heading(level: 3, [.text("Solution of "), .code(exercise.id), .text(": what would change in your files")])]
    for file in exercise.files {
      let (mine, reference) = workspace.yoursAndReference(file, of: exercise)
      let diff = LineDiff.unified(
        from: mine, to: reference, oldName: "\(exercise.sourcesFolder)/\(file) (yours)",
        newName: "\(exercise.solutionFolder)/\(file) (reference)")
      if diff.isEmpty {
        blocks.append(.paragraph([.code(file), .text(": yours is the same as the reference.")]))
      } else {
        blocks.append(.code(CodeBlock(language: "diff", text: diff)))
      }
    }
    blocks.append(.paragraph([.faint([.text("Lines with - are yours, + the reference's. Your files were not changed.")])]))
    return Response(Document(blocks))
  }

  func reset(_ argument: String?, confirmed: Bool) -> Response {
    guard let exercise = navigator.exercise(argument) else { return navigator.unknownExercise(argument) }
    let record = state.exercises[exercise.id] ?? .init()
    guard confirmed else {
      var warning: [Inline] = [
        .text("This puts the starter code of "), .code(exercise.id), .text(" back in "), .code(exercise.sourcesFolder + "/"),
        .text(". Everything in that folder, subfolders too, moves to a backup first."),
      ]
      if record.passedOnce {
        warning += [
          .text(" You have passed this exercise: your passing code goes to the backup, and "), .code("progress"),
          .text(" keeps that you passed it once."),
        ]
      }
      return Response(
        Document([.notice(.warning, warning)]),
        confirmation: .init(
          question: "Reset \(exercise.id)?", command: "reset \(exercise.id) --yes",
          declined: "Nothing was reset; your files are as they were."))
    }
    let receipt: ExerciseWorkspace.ResetReceipt
    do {
      receipt = try workspace.reset(exercise)
    } catch {
      switch error {
      case .beforeAnything(let cause):
        return .failure([.text("Reset stopped before anything changed: \(cause).")])
      case .midway(let cause, let backup):
        return .failure([
          .text("Reset stopped: \(cause). What was moved so far is in "), .code(backup),
          .text("; the rest is still in "), .code(exercise.sourcesFolder + "/"), .text("."),
        ])
      }
    }
    var blocks: [Block] = [
      .notice(.success, [
        .text("Restored the starter of "), .code(exercise.id), .text(". Your files are in "), .code(receipt.backup),
        .text(receipt.moved.isEmpty ? " (there were none)." : " (\(receipt.moved.joined(separator: ", ")))."),
      ])
    ]
    // Back to the start, but a pass is history: `passedOnce` stays.
    if let warning = progress.save({ $0.exercises[exercise.id, default: .init()].status = .notStarted }) { blocks.append(warning) }
    return Response(Document(blocks))
  }
}
