import Foundation

/// `check` and `watch`: the desk starts a ``CheckRun``, then records and words its outcome.
extension ExerciseDesk {
  nonisolated(nonsending) func check(
    _ argument: String?, timeout: Duration, emit: @Sendable (Document) -> Void, status: @escaping @Sendable (String?) -> Void
  ) async -> Response {
    guard let exercise = navigator.exercise(argument) else { return navigator.unknownExercise(argument) }
    let firstTime: [Inline] =
      warmer.isWarming(exercise)
      ? [.text(" Finishing the build that started when you opened it.")]
      : checks.checker.hasBuilt(exercise) ? [] : [.text(" The first check compiles it from scratch: give it a few seconds.")]
    emit(
      Document([
        .paragraph([.faint([.text("Checking "), .code(exercise.id), .text(" against "), .code(exercise.sourcesFolder + "/"), .text(" …")] + firstTime)])
      ]))
    let outcome = await checks.run(exercise, after: warmer.take(exercise), timeout: timeout, status: status)
    return answer(outcome, for: exercise)
  }

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
      let response = answer(outcome, for: exercise)
      if Task.isCancelled { return stopped }
      if response.outcome == .succeeded { return response }
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
  private func answer(_ outcome: CheckOutcome, for exercise: Exercise) -> Response {
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
