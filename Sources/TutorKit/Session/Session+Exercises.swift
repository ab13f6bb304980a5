import Foundation

/// The exercise commands: open, check, watch, hint, solution, reset, progress.
extension Session {
  // MARK: Which exercise

  /// The exercise a command is about: the one named, else the one on screen, else the one the
  /// learner opened last. Nil when none matches, or when no exercise was opened yet: a command
  /// typed on a lesson page never spends a hint or a check on an exercise not reached.
  func exercise(_ argument: String?) -> Exercise? {
    if let argument { return course.exercise(matching: argument) }
    if let lesson = currentLesson, case .exercise(let exercise) = stop(position.page, of: lesson) {
      return exercise
    }
    return lastExercise.flatMap { id in course.exercises.first { $0.id == id } }
  }

  /// The exercise the learner would meet next: the first not passed in this lesson, else in the
  /// course.
  private var upcomingExercise: Exercise? {
    let inLesson = currentLesson.map { course.exercises(of: $0) } ?? []
    return (inLesson + course.exercises).first { state.status(of: $0.id) != .passed } ?? inLesson.first
      ?? course.exercises.first
  }

  /// Why ``exercise(_:)`` found nothing, with the nearest id when there is one.
  func unknownExercise(_ argument: String?) -> Response {
    guard let argument else {
      guard let upcoming = upcomingExercise else { return .failure([.text("This course has no exercises yet.")]) }
      return .failure([
        .text("No exercise is open: you are reading a lesson page. "), .code("exercise \(upcoming.id)"),
        .text(" opens the next one, “\(upcoming.title)”; or name one, as in "), .code("check \(upcoming.id)"), .text("."),
      ])
    }
    var message: [Inline] = [.text("There is no exercise '\(displayable(argument))'.")]
    if let close = Suggestions.closest(to: argument, in: course.exercises.map(\.id)) {
      message.append(.text(" Did you mean '\(close)'?"))
    }
    message += [.text(" "), .code("exercises"), .text(" lists them.")]
    return .failure(message)
  }

  func exercisePage(_ exercise: Exercise, in lesson: Lesson) -> [Block] {
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
    blocks.append(.paragraph([.text("Status: ")] + statusLine(exercise)))
    return blocks
  }

  func standing(of exercise: Exercise) -> ExerciseStanding {
    ExerciseStanding(state.exercises[exercise.id] ?? .init(), hints: exercise.hints.count)
  }

  func statusLine(_ exercise: Exercise) -> [Inline] {
    [.text(standing(of: exercise).sentence)]
  }

  func listExercises() -> Response {
    guard !course.exercises.isEmpty else { return Response(Document([.paragraph([.text("This course has no exercises yet.")])])) }
    let rows = course.exercises.enumerated().map { index, exercise -> [[Inline]] in
      let status = standing(of: exercise).mark
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

  func openExercise(_ argument: String) -> Response {
    guard let exercise = exercise(argument) else { return unknownExercise(argument) }
    guard let (lesson, index) = stopIndex(of: exercise) else { return .failure([.text("That exercise belongs to no lesson.")]) }
    return show(index, of: lesson)
  }

  // MARK: check and watch

  func check(
    _ argument: String?, timeout: Duration, emit: @Sendable (Document) -> Void, status: @escaping @Sendable (String?) -> Void
  ) async -> Response {
    guard let exercise = exercise(argument) else { return unknownExercise(argument) }
    let firstTime: [Inline] =
      warming[exercise.id] != nil
      ? [.text(" Finishing the build that started when you opened it.")]
      : checker.hasBuilt(exercise) ? [] : [.text(" The first check compiles it from scratch: give it a few seconds.")]
    emit(
      Document([
        .paragraph([.faint([.text("Checking "), .code(exercise.id), .text(" against "), .code(exercise.sourcesFolder + "/"), .text(" …")] + firstTime)])
      ]))
    return await runCheck(exercise, timeout: timeout, status: status)
  }

  /// Starts building an exercise nobody has built yet, in the background.
  func startWarming(_ exercise: Exercise) {
    guard warming[exercise.id] == nil, checker.needsWarming(exercise) else { return }
    let checker = self.checker
    warming[exercise.id] = Task { await checker.prepare(exercise) }
  }

  /// Waits for the exercise's warming build, if one is running; Ctrl-C stops it too.
  private func finishWarming(_ exercise: Exercise) async {
    guard let task = warming.removeValue(forKey: exercise.id) else { return }
    await withTaskCancellationHandler {
      await task.value
    } onCancel: {
      task.cancel()
    }
  }

  private func runCheck(_ exercise: Exercise, timeout: Duration, status: @escaping @Sendable (String?) -> Void) async -> Response {
    let line = StatusLine(timeout: timeout, interval: statusInterval, report: status)
    let ticker = Task.detached { await line.tick() }
    defer {
      ticker.cancel()
      status(nil)
    }
    await finishWarming(exercise)
    let verdict: Verdict
    do {
      verdict = try await checker.check(exercise, timeout: timeout) { phase in line.enter(phase) }
    } catch {
      return .failure([.text(String(describing: error))])
    }
    var blocks: [Block] = []
    if line.rebuilt {
      blocks.append(.paragraph([.faint([.text("This checkout was moved or copied since its last build, so its build folder was made afresh; nothing you wrote changed.")])]))
    }
    if verdict.status != .cancelled, let warning = save({ state in
      var record = state.exercises[exercise.id] ?? .init()
      record.attempts += 1
      record.status = verdict.status == .passed ? .passed : .failed
      record.passedOnce = record.passedOnce || verdict.status == .passed
      state.exercises[exercise.id] = record
    }) {
      blocks.append(warning)
    }
    blocks += VerdictReport(fileSystem: fileSystem, root: root).document(for: verdict).blocks
    blocks += advice(after: verdict, for: exercise)
    return Response(Document(blocks), outcome: verdict.status == .passed ? .succeeded : .failed)
  }

  /// What to do now: after a pass, where `next` goes; after a failure, the next hint.
  private func advice(after verdict: Verdict, for exercise: Exercise) -> [Block] {
    switch verdict.status {
    case .passed:
      guard let (lesson, index) = stopIndex(of: exercise) else { return [] }
      let upNext: [Inline]
      if position != LearnerState.Position(lesson: lesson.id, page: index) {
        // Checked from somewhere else: `next` goes on from where the learner is, not from it.
        upNext = elsewhere(after: exercise, in: lesson, at: index)
      } else if let (target, next) = following(from: lesson, index) {
        switch stop(next, of: target) {
        case .exercise(let following):
          upNext = [.text("Next: exercise "), .code(following.id), .text(", “\(following.title)”. Type "), .code("next"), .text(".")]
        case .page where target.id != lesson.id:
          upNext = [.text("That was the last exercise of lesson \(lesson.order). Type "), .code("next"), .text(" for lesson \(target.order), “\(target.title)”.")]
        case .page:
          upNext = [.text("Type "), .code("next"), .text(" to read on.")]
        }
      } else if course.lessons.allSatisfy({ whatIsLeft(of: $0).isEmpty }) {
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
  private func elsewhere(after exercise: Exercise, in lesson: Lesson, at index: Int) -> [Inline] {
    var text: [Inline] = []
    if let here = currentLesson {
      let place: String
      switch stop(position.page, of: here) {
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

  func watch(
    _ argument: String?, timeout: Duration, emit: @Sendable (Document) -> Void, status: @escaping @Sendable (String?) -> Void
  ) async -> Response {
    guard let exercise = exercise(argument) else { return unknownExercise(argument) }
    emit(
      Document([
        .notice(.info, [
          .text("Watching "), .code(exercise.sourcesFolder + "/"), .text(": every save re-checks "), .code(exercise.id),
          .text(". Ctrl-C stops watching."),
        ])
      ]))
    let stopped = Response(Document([.notice(.info, [.text("Stopped watching.")])]))
    while true {
      var seen = fingerprint(of: exercise)
      let ending = await checkUntilSaved(exercise, since: seen, timeout: timeout, status: status)
      if Task.isCancelled { return stopped }
      guard case .checked(let response) = ending else {
        // A fix saved while a check ran (one that hangs, say): that check is out of date.
        emit(Document([.paragraph([.faint([.text("You saved a file: checking again.")])])]))
        continue
      }
      if response.outcome == .succeeded { return response }
      emit(response.document)
      emit(Document([.paragraph([.faint([.text("Waiting for you to save a file in "), .code(exercise.sourcesFolder + "/"), .text(" …")])])]))
      // Wait for a change. A save that lands mid-check counts: `seen` was taken before it.
      while fingerprint(of: exercise) == seen {
        do {
          try await Task.sleep(for: watchInterval)
        } catch {
          return stopped
        }
      }
      seen = fingerprint(of: exercise)
    }
  }

  private enum WatchedCheck: Sendable {
    case checked(Response)
    case saved
  }

  /// Checks the exercise, unless a file is saved first: then the check is cancelled (with all
  /// it started) and `.saved` says why.
  private func checkUntilSaved(
    _ exercise: Exercise, since seen: [String: Data], timeout: Duration, status: @escaping @Sendable (String?) -> Void
  ) async -> WatchedCheck {
    await withTaskGroup(of: WatchedCheck?.self) { group in
      group.addTask { await .checked(self.runCheck(exercise, timeout: timeout, status: status)) }
      group.addTask {
        while (try? await Task.sleep(for: self.watchInterval)) != nil {
          if await self.fingerprint(of: exercise) != seen { return .saved }
        }
        return nil  // cancelled: the check ended first, or Ctrl-C
      }
      var ending: WatchedCheck = .saved
      while let next = await group.next() {
        guard let next else { continue }
        ending = next
        group.cancelAll()
        break
      }
      // The check's own answer, once it has stopped, is not wanted after a save.
      while await group.next() != nil {}
      return ending
    }
  }

  /// The learner's files as they are now: a different value means something was saved. Contents,
  /// not change times: two saves within the file system's clock tick share a time.
  private func fingerprint(of exercise: Exercise) -> [String: Data] {
    let folder = FilePath.join(root, exercise.sourcesFolder)
    let names = (try? fileSystem.contentsOfDirectory(at: folder)) ?? []
    var result: [String: Data] = [:]
    for name in names { result[name] = (try? fileSystem.readFile(at: FilePath.join(folder, name))) ?? Data() }
    return result
  }

  // MARK: hint, solution, reset

  func hint(_ argument: String?) -> Response {
    guard let exercise = exercise(argument) else { return unknownExercise(argument) }
    // Counted against the state on disk at this moment: another terminal may have shown one.
    var shown = state.exercises[exercise.id]?.hintsShown ?? 0
    var blocks: [Block] = []
    if let warning = save({ state in
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
    guard let exercise = exercise(argument) else { return unknownExercise(argument) }
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
      let mine = (try? fileSystem.readText(at: FilePath.join(root, exercise.sourcesFolder, file))) ?? ""
      let reference = (try? fileSystem.readText(at: FilePath.join(root, exercise.solutionFolder, file))) ?? ""
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
    guard let exercise = exercise(argument) else { return unknownExercise(argument) }
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
    let sources = FilePath.join(root, exercise.sourcesFolder)
    let backupName: String
    do {
      backupName = try makeBackupFolder(for: exercise)
    } catch {
      return .failure([.text("Reset stopped before anything changed: \(error).")])
    }
    let backup = FilePath.join(progress.directory, "backups", backupName)
    let relativeBackup = "\(ProgressStore.folderName)/backups/\(backupName)/"
    var moved: [String] = []
    do {
      // Move, not copy and delete: each file and folder is renamed into the backup whole, so at
      // every instant the learner's work is in Sources/ or in the backup, never nowhere.
      for name in (try? fileSystem.contentsOfDirectory(at: sources)) ?? [] {
        try fileSystem.moveItem(from: FilePath.join(sources, name), to: FilePath.join(backup, name))
        moved.append(fileSystem.directoryExists(at: FilePath.join(backup, name)) ? name + "/" : name)
      }
      if !fileSystem.directoryExists(at: sources) { try fileSystem.createDirectory(at: sources) }
      for file in exercise.files {
        try fileSystem.copyItem(from: FilePath.join(root, exercise.starterFolder, file), to: FilePath.join(sources, file))
      }
    } catch {
      return .failure([
        .text("Reset stopped: \(error). What was moved so far is in "), .code(relativeBackup),
        .text("; the rest is still in "), .code(exercise.sourcesFolder + "/"), .text("."),
      ])
    }
    var blocks: [Block] = [
      .notice(.success, [
        .text("Restored the starter of "), .code(exercise.id), .text(". Your files are in "), .code(relativeBackup),
        .text(moved.isEmpty ? " (there were none)." : " (\(moved.joined(separator: ", ")))."),
      ])
    ]
    // Back to the start, but a pass is history: `passedOnce` stays.
    if let warning = save({ $0.exercises[exercise.id, default: .init()].status = .notStarted }) { blocks.append(warning) }
    return Response(Document(blocks))
  }

  /// A backup folder no other reset has, even one in the same second or in another terminal:
  /// `<id>-<time>`, then `<id>-<time>-2`, … Creating it is what claims the name.
  private func makeBackupFolder(for exercise: Exercise) throws -> String {
    let backups = FilePath.join(progress.directory, "backups")
    if !fileSystem.directoryExists(at: backups) { try fileSystem.createDirectory(at: backups) }
    let stamp = "\(exercise.id)-\(clock.timestamp())"
    for attempt in 1...1000 {
      let name = attempt == 1 ? stamp : "\(stamp)-\(attempt)"
      do {
        try fileSystem.createNewDirectory(at: FilePath.join(backups, name))
        return name
      } catch FileSystemError.alreadyExists {
        continue
      }
    }
    throw FileSystemError.alreadyExists(FilePath.join(backups, stamp))
  }

  // MARK: progress

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
        let standing = standing(of: exercise)
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
}
