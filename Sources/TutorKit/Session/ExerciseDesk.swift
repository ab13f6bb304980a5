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
  private let course: Course
  private let progress: LearnerProgress
  private let navigator: Navigator
  private let warmer: BuildWarmer
  private let checks: CheckRun
  private let workspace: ExerciseWorkspace
  private let report: VerdictReport
  /// The reviewer's notes (`review`, and after a pass); nil where there is none.
  private let review: ReviewExercise?

  init(
    course: Course, progress: LearnerProgress, navigator: Navigator, warmer: BuildWarmer, checks: CheckRun,
    workspace: ExerciseWorkspace, report: VerdictReport, review: ReviewExercise? = nil
  ) {
    self.review = review
    self.course = course
    self.progress = progress
    self.navigator = navigator
    self.warmer = warmer
    self.checks = checks
    self.workspace = workspace
    self.report = report
  }

  private var state: LearnerState { progress.state }

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

  // MARK: check, watch

  // The checks themselves run in a ``CheckRun``; the desk records and words their outcome.

  /// `check`: one check of the exercise, recorded, then what to do next.
  nonisolated(nonsending) func check(
    _ argument: String?, timeout: Duration, emit: @Sendable (Document) -> Void, status: @escaping @Sendable (String?) -> Void
  ) async -> Response {
    guard let exercise = navigator.exercise(argument) else { return navigator.unknownExercise(argument) }
    let firstTime: [Inline] =
      warmer.isWarming(exercise)
      ? [.text(" Finishing the build that started when you opened it.")]
      : checks.hasBuilt(exercise) ? [] : [.text(" The first check compiles it from scratch: give it a few seconds.")]
    emit(
      Document([
        .paragraph([.faint([.text("Checking "), .code(exercise.id), .text(" against "), .code(exercise.sourcesFolder + "/"), .text(" …")] + firstTime)])
      ]))
    let outcome = await checks.run(exercise, after: warmer.take(exercise), timeout: timeout, status: status)
    return answer(outcome, for: exercise, notes: await notes(after: outcome, on: exercise))
  }

  /// A passing check's review notes, when the reviewer is built (a check never builds it), or
  /// a line saying `review` is there.
  nonisolated(nonsending) private func notes(after outcome: CheckOutcome, on exercise: Exercise) async -> [Block] {
    guard outcome.passed, let review else { return [] }
    return await review.afterAPass(on: exercise, course: course, building: warmer.reviewerBuild != nil)
  }

  /// `review`: the reviewer's notes on the exercise (the one opened, by default), or its rules.
  nonisolated(nonsending) func review(_ argument: String?, listingRules: Bool, emit: @Sendable (Document) -> Void) async -> Response {
    guard let review else { return .failure([.text("This ditutor has no reviewer.")]) }
    if listingRules {
      do {
        return Response(try review.rules().document(course: course))
      } catch {
        return .failure([.text("\(error)")])
      }
    }
    guard let exercise = navigator.exercise(argument) else { return navigator.unknownExercise(argument) }
    do {
      // The progress line is said during the review, never after it.
      let remarks = try await withoutActuallyEscaping(emit) { emit in
        try await review.notes(on: exercise) { line in emit(Document([.paragraph([.faint([.text(line)])])])) }
      }
      return Response(ReviewExercise.document(remarks, on: exercise, rules: try review.rules(), course: course, root: review.root))
    } catch is CancellationError {
      return .failure([.text("Review cancelled.")])
    } catch let failure as CommandFailure {
      return .failure([.text(failure.message)])
    } catch {
      return .failure([.text("\(error)")])
    }
  }

  /// `watch`: checks the exercise again after every save until it passes or Ctrl-C stops it.
  nonisolated(nonsending) func watch(
    _ argument: String?, timeout: Duration, emit: @Sendable (Document) -> Void, status: @escaping @Sendable (String?) -> Void
  ) async -> Response {
    guard let exercise = navigator.exercise(argument) else { return navigator.unknownExercise(argument) }
    emit(
      Document([
        .notice(.info, [
          .text("Watching "), .code(exercise.sourcesFolder + "/"), .text(": every save re-checks "), .code(exercise.id),
          .text(". Ctrl-C stops watching."),
        ])
      ]))
    let stopped = Response(Document([.notice(.info, [.text("Stopped watching.")])]))
    while true {
      var seen = checks.fingerprint(of: exercise)
      let ending = await checks.untilSaved(
        exercise, since: seen, after: warmer.take(exercise), timeout: timeout, status: status)
      let outcome: CheckOutcome
      switch ending {
      case .saved(let late):
        // A check that gave a verdict on its way out still counts, as any check does.
        if let late { _ = record(late, for: exercise) }
        if Task.isCancelled { return stopped }
        // A fix saved while a check ran (one that hangs, say): that check is out of date.
        emit(Document([.paragraph([.faint([.text("You saved a file: checking again.")])])]))
        continue
      case .finished(let finished):
        outcome = finished
      }
      let response = answer(outcome, for: exercise, notes: await notes(after: outcome, on: exercise))
      if Task.isCancelled { return stopped }
      if outcome.passed { return response }
      emit(response.document)
      emit(Document([.paragraph([.faint([.text("Waiting for you to save a file in "), .code(exercise.sourcesFolder + "/"), .text(" …")])])]))
      // Wait for a change. A save that lands mid-check counts: `seen` was taken before it.
      while checks.fingerprint(of: exercise) == seen {
        do {
          try await Task.sleep(for: checks.watchInterval)
        } catch {
          return stopped
        }
      }
      seen = checks.fingerprint(of: exercise)
    }
  }

  /// Records a check's verdict (a cancelled one is not a check); a warning if it could not be saved.
  private func record(_ outcome: CheckOutcome, for exercise: Exercise) -> Block? {
    guard case .verdict(let verdict, _) = outcome, verdict.status != .cancelled else { return nil }
    return progress.save { state in
      var record = state.exercises[exercise.id] ?? .init()
      record.attempts += 1
      record.status = verdict.status == .passed ? .passed : .failed
      record.passedOnce = record.passedOnce || verdict.status == .passed
      state.exercises[exercise.id] = record
    }
  }

  /// Records the outcome and words it: the verdict, then what to do now.
  private func answer(_ outcome: CheckOutcome, for exercise: Exercise, notes: [Block] = []) -> Response {
    let verdict: Verdict
    let rebuilt: Bool
    switch outcome {
    case .error(let text): return .failure([.text(text)])
    case .verdict(let given, let rebuiltCheckout): (verdict, rebuilt) = (given, rebuiltCheckout)
    }
    var blocks: [Block] = []
    if rebuilt {
      blocks.append(.paragraph([.faint([.text("This checkout was moved or copied since its last build, so its build folder was made afresh; nothing you wrote changed.")])]))
    }
    if let warning = record(outcome, for: exercise) { blocks.append(warning) }
    blocks += report.document(for: verdict).blocks
    blocks += notes
    blocks += advice(after: verdict, for: exercise)
    return Response(Document(blocks), outcome: verdict.status == .passed ? .succeeded : .failed)
  }

  /// What to do now: after a pass, where `next` goes; after a failure, the next hint.
  private func advice(after verdict: Verdict, for exercise: Exercise) -> [Block] {
    switch verdict.status {
    case .passed:
      guard let (lesson, index) = course.stopIndex(of: exercise) else { return [] }
      let upNext: [Inline]
      if navigator.position != LearnerState.Position(lesson: lesson.id, page: index) {
        // Checked from somewhere else: `next` goes on from where the learner is, not from it.
        upNext = elsewhere(after: exercise)
      } else if let (target, next) = navigator.following(from: lesson, index) {
        switch course.stop(next, of: target) {
        case .exercise(let following):
          upNext = [.text("Next: exercise "), .code(following.id), .text(", “\(following.title)”. Type "), .code("next"), .text(".")]
        case .page where target.id != lesson.id:
          upNext = [.text("That was the last exercise of lesson \(lesson.order). Type "), .code("next"), .text(" for lesson \(target.order), “\(target.title)”.")]
        case .page:
          upNext = [.text("Type "), .code("next"), .text(" to read on.")]
        }
      } else if course.lessons.allSatisfy({ LessonLeft(of: $0, in: course, state: state).isEmpty }) {
        upNext = [.text("That was the last exercise of the course, and you have done all of it. "), .code("progress"), .text(" shows everything you did.")]
      } else {
        upNext = [.text("That was the last exercise of the course, but not all of it is done yet: "), .code("progress"), .text(" shows what is left.")]
      }
      let record = state.exercises[exercise.id] ?? .init()
      let tip: [Inline] = record.hintsShown < exercise.hints.count
        ? [.text(" Curious how the reference does it? "), .code("solution"), .text(" shows it as a diff.")] : []
      return [.paragraph(upNext + tip)]
    case .failed, .crashed, .timedOut, .compileError:
      let shown = state.exercises[exercise.id]?.hintsShown ?? 0
      if shown < exercise.hints.count {
        return [.paragraph([.faint([.text("Stuck? "), .code("hint"), .text(" gives a nudge (\(shown + 1) of \(exercise.hints.count)).")])])]
      }
      return [.paragraph([.faint([.text("You have seen every hint; "), .code("solution"), .text(" shows the reference as a diff.")])])]
    case .cancelled:
      return []
    }
  }

  /// After a pass of an exercise that is not on screen: where the learner is (where `next`
  /// goes on from) and how to reach the exercise after the one that passed.
  private func elsewhere(after exercise: Exercise) -> [Inline] {
    var text: [Inline] = []
    if let here = navigator.currentLesson {
      let place: String
      switch course.stop(navigator.position.page, of: here) {
      case .page(let page): place = "page \(page + 1) of lesson \(here.order), “\(here.title)”"
      case .exercise(let open): place = "exercise \(open.id) of lesson \(here.order)"
      }
      text += [.text("You are on \(place): "), .code("next"), .text(" goes on from there.")]
    }
    let after = course.exercises.drop { $0.id != exercise.id }.dropFirst().first { state.status(of: $0.id) != .passed }
    if let after {
      text += [.text(" The next exercise to do after it: "), .code("exercise \(after.id)"), .text(", “\(after.title)”.")]
    }
    return text
  }
}
