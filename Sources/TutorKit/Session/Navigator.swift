/// Where the learner is in the course, and the commands that move them: `lessons`, `pages`,
/// `open`, `page`, `next`, `back` and `exercise`; also the page a session opens on, the footer
/// under every stop, and what `next` says where the course ends.
///
/// It owns the position (a lesson and a stop in it: its pages, then its exercises, see
/// ``LessonStop``) and the exercise opened last, and saves the position through the
/// ``LearnerProgress`` it shares with the other rooms. What an exercise's stop shows comes from
/// ``ExercisePage``, and opening one starts its build with ``BuildWarmer``: all three arrive
/// through `init`. Owned by the session actor (not `Sendable`).
final class Navigator {
  private let course: Course
  private let progress: LearnerProgress
  private let exercisePage: ExercisePage
  private let warmer: BuildWarmer
  /// Where the learner is.
  private(set) var position: LearnerState.Position
  /// The exercise the learner opened last in this session: `check` and `hint` act on it while
  /// the learner reads a page, and on nothing before one was opened.
  private(set) var lastExercise: String?

  init(course: Course, progress: LearnerProgress, exercisePage: ExercisePage, warmer: BuildWarmer) {
    self.course = course
    self.progress = progress
    self.exercisePage = exercisePage
    self.warmer = warmer
    self.position = course.validPosition(progress.state.position)
  }

  private var state: LearnerState { progress.state }

  var currentLesson: Lesson? {
    course.lesson(id: position.lesson) ?? course.firstLesson
  }

  /// How many stops the current lesson has: the numbers `page` takes.
  var stopsInLesson: Int { currentLesson.map(course.stopCount) ?? 0 }

  /// The prompt outside a quiz or the sandbox: which lesson and page (or exercise).
  var prompt: String {
    guard let lesson = currentLesson else { return "ditutor> " }
    switch course.stop(position.page, of: lesson) {
    case .page(let index):
      return "ditutor [\(lesson.order) \(lesson.id) \(index + 1)/\(lesson.pages.count)]> "
    case .exercise(let exercise):
      return "ditutor [\(lesson.order) \(lesson.id) · \(exercise.id)]> "
    }
  }

  // MARK: Opening

  /// The welcome and the page the learner was on.
  func resume() -> Document {
    guard let lesson = currentLesson else { return Document() }
    let greeting: Block
    if state.position == nil {
      greeting = .notice(.info, [
        .text("Welcome to ditutor: dependency injection in Swift, learned by doing. Read a page (when it is taller than your screen, Enter shows the rest), type "),
        .code("next"), .text(" to turn it, "), .code("lessons"), .text(" to see the course, "),
        .code("help"), .text(" for everything else."),
      ])
    } else {
      let place: String
      switch course.stop(position.page, of: lesson) {
      case .page(let index): place = "page \(index + 1) of lesson \(lesson.order), “\(lesson.title)”"
      case .exercise(let exercise): place = "exercise \(exercise.id) of lesson \(lesson.order), “\(lesson.title)”"
      }
      greeting = .notice(.info, [.text("Welcome back. You were on \(place).")])
    }
    return Document([greeting]) + show(position.page, of: lesson).document
  }

  /// The lesson page the learner is on, if they are on a page (not an exercise).
  var pageOnScreen: Response.Reading? {
    guard let lesson = currentLesson, case .page(let page) = course.stop(position.page, of: lesson) else { return nil }
    return .init(lesson: lesson.id, page: page)
  }

  /// Records that the learner has seen all of a page.
  func markRead(_ reading: Response.Reading) {
    guard let lesson = course.lesson(id: reading.lesson), reading.page < lesson.pages.count else { return }
    _ = progress.save { $0.lessons[reading.lesson, default: .init()].pagesSeen.insert(reading.page) }
  }

  // MARK: Lists

  func listLessons() -> Response {
    var rows: [[[Inline]]] = []
    for lesson in course.lessons {
      let seen = state.pagesRead(of: lesson)
      let exercises = course.exercises(of: lesson)
      let passed = exercises.filter { state.status(of: $0.id) == .passed }.count
      let marker = lesson.id == position.lesson ? "▸ " : ""
      rows.append([
        [.text(marker + String(lesson.order))],
        [.strong([.text(lesson.title)])],
        [.code(lesson.id)],
        [.text("\(seen)/\(lesson.pages.count)")],
        [.text(exercises.isEmpty ? "–" : "\(passed)/\(exercises.count)")],
      ])
    }
    let table = Table(
      header: [[.text("#")], [.text("Lesson")], [.text("Id")], [.text("Pages read")], [.text("Exercises")]],
      alignments: [.right, .left, .left, .right, .right], rows: rows)
    return Response(
      Document([
        .table(table),
        .paragraph([.faint([.text("Open one with "), .code("open <number or id>"), .text(".")])]),
      ]))
  }

  func listPages() -> Response {
    guard let lesson = currentLesson else { return .failure([.text("There are no lessons.")]) }
    let seen = state.lessons[lesson.id]?.pagesSeen ?? []
    var items = lesson.pages.enumerated().map { index, page in
      let marker = index == position.page ? "▸ " : seen.contains(index) ? "✓ " : "  "
      return ListItem(blocks: [.paragraph([.text(marker + page.title)])])
    }
    for (offset, exercise) in course.exercises(of: lesson).enumerated() {
      let here = position.page == lesson.pages.count + offset
      let mark = here ? "▸ " : state.status(of: exercise.id) == .passed ? "✓ " : "  "
      items.append(ListItem(blocks: [.paragraph([.text(mark + "Exercise: " + exercise.title + " "), .faint([.code(exercise.id)])])]))
    }
    return Response(
      Document([
        .heading(level: 2, [.text("Lesson \(lesson.order): \(lesson.title)")]),
        .list(ListBlock(ordered: true, items: items)),
        .paragraph([.faint([.code("page <n>"), .text(" jumps to a page; ▸ is where you are, ✓ what you have read or passed.")])]),
      ]))
  }

  // MARK: Moves

  func open(_ query: String) -> Response {
    guard let lesson = course.lesson(matching: query) else {
      // An exercise's id, typed where a lesson goes: say which command opens it.
      if let exercise = course.exercise(id: query.trimmingCharacters(in: .whitespaces).lowercased()) {
        let lesson = course.lesson(id: exercise.lessonID).map { " of lesson \($0.order)" } ?? ""
        return .failure([
          .text("'\(exercise.id)' is an exercise\(lesson), not a lesson: "), .code("exercise \(exercise.id)"), .text(" opens it."),
        ])
      }
      let known = course.lessons.map { "\($0.order) (\($0.id))" }.joined(separator: ", ")
      var message: [Inline] = [.text("There is no lesson '\(displayable(query))'.")]
      if let close = Suggestions.closest(to: query, in: course.lessons.map(\.id)) {
        message.append(.text(" Did you mean '\(close)'?"))
      }
      message.append(.text(" Lessons: \(known)."))
      return .failure(message)
    }
    return show(0, of: lesson)
  }

  func goToPage(_ argument: String?) -> Response {
    guard let lesson = currentLesson else { return .failure([.text("There are no lessons.")]) }
    guard let argument else { return show(position.page, of: lesson) }
    // `pages` numbers the lesson's exercises after its pages; `page` takes those numbers too.
    let stops = course.stopCount(of: lesson)
    guard let number = Int(argument), (1...stops).contains(number) else {
      let exercises = stops - lesson.pages.count
      let range = exercises == 0
        ? "pick a number from 1 to \(stops)"
        : "pick a page from 1 to \(lesson.pages.count), or \(lesson.pages.count + 1)\(exercises > 1 ? " to \(stops)" : "") for \(exercises > 1 ? "its exercises" : "its exercise")"
      return .failure([
        .text("'\(displayable(argument))' is not a page of this lesson: \(range), or type "),
        .code("pages"), .text(" to list them."),
      ])
    }
    return show(number - 1, of: lesson)
  }

  func openExercise(_ argument: String) -> Response {
    guard let exercise = exercise(argument) else { return unknownExercise(argument) }
    guard let (lesson, index) = course.stopIndex(of: exercise) else { return .failure([.text("That exercise belongs to no lesson.")]) }
    return show(index, of: lesson)
  }

  /// The stop after the current one. From an exercise that passes, exercises already passed
  /// are skipped: `next` goes to the next thing left to do.
  func following(from lesson: Lesson, _ index: Int) -> (Lesson, Int)? {
    var lesson = lesson
    var index = index
    let skipPassed: Bool = {
      if case .exercise(let exercise) = course.stop(index, of: lesson) { return state.status(of: exercise.id) == .passed }
      return false
    }()
    while true {
      if index + 1 < course.stopCount(of: lesson) {
        index += 1
      } else if let next = course.lesson(after: lesson) {
        lesson = next
        index = 0
      } else {
        return nil
      }
      if skipPassed, case .exercise(let exercise) = course.stop(index, of: lesson), state.status(of: exercise.id) == .passed {
        continue
      }
      return (lesson, index)
    }
  }

  func next() -> Response {
    guard let lesson = currentLesson else { return .failure([.text("There are no lessons.")]) }
    guard let (target, index) = following(from: lesson, position.page) else { return Response(Document(endOfCourse())) }
    // Moving on from an exercise that does not pass yet is allowed; say how to come back.
    var note: [Block] = []
    if case .exercise(let exercise) = course.stop(position.page, of: lesson), state.status(of: exercise.id) != .passed {
      note.append(.paragraph([.faint([.code(exercise.id), .text(" is not passed yet; "), .code("exercise \(exercise.id)"), .text(" brings you back.")])]))
    }
    let page = show(index, of: target)
    guard target.id != lesson.id else { return page.prepending(note) }
    let left = LessonLeft(of: lesson, in: course, state: state)
    // Finished means every page read and every exercise passed, not merely the last stop reached.
    let crossing: Block =
      left.isEmpty
      ? .notice(.success, [.text("You finished lesson \(lesson.order). On to lesson \(target.order).")])
      : .notice(.info, [
        .text("On to lesson \(target.order). Lesson \(lesson.order) is not finished: \(left.description(of: lesson, in: course)); "),
        .code("progress"), .text(" shows what is left."),
      ])
    return page.prepending(note + [crossing])
  }

  /// What `next` says where the course ends: well done only when all of it is done, else what is
  /// left and where it starts.
  private func endOfCourse() -> [Block] {
    let open = course.lessons.map { ($0, LessonLeft(of: $0, in: course, state: state)) }.filter { !$0.1.isEmpty }
    guard let (first, left) = open.first else {
      return [
        .notice(.success, [.text("That was the last stop of the course, and you have done all of it. Well done!")]),
        .paragraph([.faint([.code("progress"), .text(" shows what you did; "), .code("lessons"), .text(" lists every lesson.")])]),
      ]
    }
    let pages = open.map(\.1.unreadPages.count).reduce(0, +)
    let exercises = open.map(\.1.openExercises.count).reduce(0, +)
    var counts: [String] = []
    if exercises > 0 { counts.append("\(exercises) of \(course.exercises.count) exercises not passed") }
    if pages > 0 { counts.append("\(pages) page\(pages == 1 ? "" : "s") not read yet") }
    var firstThing: [Inline]
    if let page = left.unreadPages.first {
      firstThing = [.text("The first thing left is page \(page + 1) of lesson \(first.order), “\(first.title)”: "), .code("open \(first.order)")]
      if page > 0 { firstThing += [.text(", then "), .code("page \(page + 1)")] }
      firstThing.append(.text("."))
    } else {
      let exercise = left.openExercises[0]
      firstThing = [.text("The first thing left is exercise “\(exercise.title)”: "), .code("exercise \(exercise.id)"), .text(".")]
    }
    return [
      .notice(.info, [.text("This is the last stop of the course, but not all of it is done: \(counts.joined(separator: " and ")).")]),
      .paragraph(firstThing + [.text(" "), .code("progress"), .text(" shows everything that is left.")]),
    ]
  }

  func back() -> Response {
    guard let lesson = currentLesson else { return .failure([.text("There are no lessons.")]) }
    if position.page > 0 {
      return show(position.page - 1, of: lesson)
    }
    guard let previous = course.lesson(before: lesson) else {
      return .failure([.text("This is the first page of the course; there is nothing before it.")])
    }
    return show(course.stopCount(of: previous) - 1, of: previous)
  }

  /// Moves to a stop, records it (so a restart reopens here) and renders it.
  func show(_ index: Int, of lesson: Lesson) -> Response {
    position = LearnerState.Position(lesson: lesson.id, page: index)
    var blocks: [Block] = []
    let position = self.position
    let stop = course.stop(index, of: lesson)
    // The place is saved now; the page counts as read once all of it was on screen (markRead).
    if let warning = progress.save({ state in state.position = position }) {
      blocks.append(warning)
    }
    blocks.append(.heading(level: 1, [.text("Lesson \(lesson.order) · \(lesson.title)")]))
    var reading: Response.Reading?
    switch stop {
    case .page(let page):
      blocks.append(.paragraph([.faint([.text("Page \(page + 1) of \(lesson.pages.count)")])]))
      blocks += lesson.pages[page].content.blocks
      reading = .init(lesson: lesson.id, page: page)
    case .exercise(let exercise):
      lastExercise = exercise.id
      blocks += exercisePage.blocks(for: exercise, in: lesson)
      warmer.start(exercise)
    }
    blocks.append(.rule)
    blocks.append(.paragraph([.faint(footer(for: lesson, stop: index))]))
    return Response(Document(blocks), reading: reading)
  }

  private func footer(for lesson: Lesson, stop index: Int) -> [Inline] {
    var parts: [Inline] = []
    if let (target, next) = following(from: lesson, index) {
      let description: String
      switch course.stop(next, of: target) {
      case .page(let page) where target.id == lesson.id: description = "“\(target.pages[page].title)”"
      case .page: description = "lesson \(target.order), “\(target.title)”"
      case .exercise(let exercise): description = "exercise “\(exercise.title)”"
      }
      parts += [.code("next"), .text(": \(description)")]
    } else {
      parts += [.text("Last stop of the course")]
    }
    if index > 0 || course.lesson(before: lesson) != nil {
      parts += [.text(" · "), .code("back")]
    }
    if case .exercise = course.stop(index, of: lesson) {
      parts += [.text(" · "), .code("check"), .text(" · "), .code("hint")]
    }
    parts += [.text(" · "), .code("pages"), .text(" · "), .code("help")]
    return parts
  }

  // MARK: Which exercise a command is about

  /// The exercise a command is about: the one named, else the one on screen, else the one the
  /// learner opened last. Nil when none matches, or when no exercise was opened yet: a command
  /// typed on a lesson page never spends a hint or a check on an exercise not reached.
  func exercise(_ argument: String?) -> Exercise? {
    if let argument { return course.exercise(matching: argument) }
    if let lesson = currentLesson, case .exercise(let exercise) = course.stop(position.page, of: lesson) {
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
}
