import Foundation

/// The tutorial's conversation: a line in, a document out. It serves the interactive REPL and
/// scripts piped into ditutor alike, and knows nothing about terminals.
///
/// Every collaborator arrives through `init`: the course (already loaded), the store that keeps
/// the learner's place, the checker that runs exercises, and the file system and clock that
/// `reset`, `solution` and `watch` need.
public actor Session {
  public static let longestLine = 4096

  let course: Course
  let progress: ProgressStore
  let checker: any ExerciseChecker
  let examples: any ExampleRunning
  let fileSystem: any FileSystem
  let clock: WallClock
  let root: String
  let catalog: CommandCatalog
  /// How often `watch` looks at the exercise's files.
  let watchInterval: Duration
  /// How often a running check's status line is refreshed.
  let statusInterval: Duration
  var state: LearnerState
  private var startupWarning: String?
  /// False when `.ditutor/` could not be written at start: the session then keeps the learner's
  /// progress in memory only (the opening warning said so once) and never reads it back.
  let canSave: Bool
  /// Where the learner is: a lesson and a stop in it (its pages, then its exercises).
  var position: LearnerState.Position
  /// The quiz under way, if any: while it lasts, lines are answers.
  var quiz: QuizRun?
  /// Makes the container sandbox (nil: this build has none).
  let makeSandbox: (@Sendable () -> any ContainerSandbox)?
  /// The sandbox the learner is in, if any: while it lasts, lines are its commands.
  var sandbox: (any ContainerSandbox)?
  /// Builds started when an exercise was opened, so its first check is quick.
  var warming: [String: Task<Void, Never>] = [:]
  /// The exercise the learner opened last in this session: `check` and `hint` act on it while
  /// the learner reads a page, and on nothing before one was opened.
  var lastExercise: String?

  public init(
    course: Course, progress: ProgressStore, checker: any ExerciseChecker, examples: any ExampleRunning,
    fileSystem: any FileSystem, clock: WallClock, root: String, catalog: CommandCatalog = CommandCatalog(),
    watchInterval: Duration = .milliseconds(300), statusInterval: Duration = .seconds(1),
    sandbox makeSandbox: (@Sendable () -> any ContainerSandbox)? = nil
  ) throws {
    self.makeSandbox = makeSandbox
    self.course = course
    self.progress = progress
    self.checker = checker
    self.examples = examples
    self.fileSystem = fileSystem
    self.clock = clock
    self.root = root
    self.catalog = catalog
    self.watchInterval = watchInterval
    self.statusInterval = statusInterval
    try? progress.removeAbandonedSaves()
    let opened = try progress.open()
    self.state = opened.state
    self.startupWarning = opened.warning
    self.canSave = opened.canSave
    self.position = Self.valid(opened.state.position, in: course)
  }

  // MARK: - What the REPL asks between commands

  /// The prompt: which lesson and page (or exercise) the learner is on.
  public var prompt: String {
    if let quiz { return "quiz [\(quiz.lesson.order) \(quiz.lesson.id) \(quiz.index + 1)/\(quiz.lesson.quiz.count)]> " }
    if sandbox != nil { return "sandbox> " }
    guard let lesson = currentLesson else { return "ditutor> " }
    switch stop(position.page, of: lesson) {
    case .page(let index):
      return "ditutor [\(lesson.order) \(lesson.id) \(index + 1)/\(lesson.pages.count)]> "
    case .exercise(let exercise):
      return "ditutor [\(lesson.order) \(lesson.id) · \(exercise.id)]> "
    }
  }

  /// The numbers `page` takes in the current lesson: its pages, then its exercises, as `pages`
  /// lists them.
  public var pageCount: Int { currentLesson.map(stopCount) ?? 0 }

  /// Whether `line` ends the session (`quit` and its aliases): the REPL keeps it out of history.
  public nonisolated func isQuit(_ line: String) -> Bool {
    TypedLine(line).command.flatMap { catalog.spec(named: $0) }?.id == .quit
  }

  /// Names `run` takes in the current lesson.
  public var exampleNames: [String] { currentLesson?.examples.map(\.name) ?? [] }

  /// False while a quiz waits for an answer or the sandbox is open: then a line is not a
  /// tutorial command.
  public var takesCommands: Bool { quiz == nil && sandbox == nil }

  /// The sandbox the learner is in, for Tab completion (nil outside it).
  public var openSandbox: (any ContainerSandbox)? { sandbox }

  /// A problem found while loading the learner's state (a progress file moved aside), once.
  public func takeStartupWarning() -> Document? {
    defer { startupWarning = nil }
    return startupWarning.map { Document([.notice(.warning, [.text($0)])]) }
  }

  /// The welcome text and the page the learner was on.
  public func start() -> Document {
    var blocks = takeStartupWarning()?.blocks ?? []
    guard let lesson = currentLesson else { return Document(blocks) }
    if state.position == nil {
      blocks.append(
        .notice(.info, [
          .text("Welcome to ditutor: dependency injection in Swift, learned by doing. Read a page (when it is taller than your screen, Enter shows the rest), type "),
          .code("next"), .text(" to turn it, "), .code("lessons"), .text(" to see the course, "),
          .code("help"), .text(" for everything else."),
        ]))
    } else {
      let place: String
      switch stop(position.page, of: lesson) {
      case .page(let index): place = "page \(index + 1) of lesson \(lesson.order), “\(lesson.title)”"
      case .exercise(let exercise): place = "exercise \(exercise.id) of lesson \(lesson.order), “\(lesson.title)”"
      }
      blocks.append(.notice(.info, [.text("Welcome back. You were on \(place).")]))
    }
    return Document(blocks) + show(position.page, of: lesson).document
  }

  /// The opening answer: ``start()`` as a response, so the page it shows is counted as read
  /// only once the learner has seen all of it.
  public func opening() -> Response {
    let document = start()
    guard let lesson = currentLesson, case .page(let page) = stop(position.page, of: lesson) else {
      return Response(document)
    }
    return Response(document, reading: .init(lesson: lesson.id, page: page))
  }

  /// Records that the learner has seen all of a page.
  public func markRead(_ reading: Response.Reading) {
    guard let lesson = course.lesson(id: reading.lesson), reading.page < lesson.pages.count else { return }
    _ = save { $0.lessons[reading.lesson, default: .init()].pagesSeen.insert(reading.page) }
  }

  /// Picks up what another ditutor on the same checkout saved since this one last looked, so
  /// two terminals never work from stale memory (a hint shown twice, a pass forgotten).
  private func reloadState() {
    guard canSave else { return }
    if let (fresh, _) = try? progress.load() { state = fresh }
  }

  // MARK: - Commands

  /// Answers one line. Long-running commands (`check`, `watch`) report progress through `emit`
  /// before their final answer, and keep `status` (one line a terminal rewrites in place: what
  /// runs, for how long, how to stop it) up to date while they wait; `nil` clears it.
  public func handle(
    _ line: String, emit: @Sendable (Document) -> Void = { _ in },
    status: @escaping @Sendable (String?) -> Void = { _ in }
  ) async -> Response {
    guard line.count <= Self.longestLine else {
      return .failure([
        .text("That line is \(line.count) characters long; commands are short (at most \(Self.longestLine)). Nothing was run.")
      ])
    }
    if quiz != nil { return answerQuiz(line) }
    if let sandbox {
      let answer = sandbox.handle(line)
      if answer.leaves { self.sandbox = nil }
      return Response(answer.document, outcome: answer.failed ? .failed : .succeeded, clearsScreen: answer.clearsScreen)
    }
    let typed = TypedLine(line)
    guard let word = typed.command else { return Response(Document()) }
    reloadState()
    guard let spec = catalog.spec(named: word) else { return unknownCommand(word) }

    let parsed: ParsedArguments
    switch ParsedArguments.parse(typed.arguments, spec: spec) {
    case .success(let arguments): parsed = arguments
    case .failure(let problem): return usageError(spec, problem.text)
    }
    let arguments = parsed.positional
    switch spec.id {
    case .lessons: return listLessons()
    case .open: return open(arguments[0])
    case .pages: return listPages()
    case .page: return goToPage(arguments.first)
    case .next: return next()
    case .back: return back()
    case .exercises: return listExercises()
    case .exercise: return openExercise(arguments[0])
    case .check: return await check(arguments.first, timeout: parsed.timeout, emit: emit, status: status)
    case .watch: return await watch(arguments.first, timeout: parsed.timeout, emit: emit, status: status)
    case .hint: return hint(arguments.first)
    case .solution: return solution(arguments.first, confirmed: parsed.flags.contains("yes"))
    case .reset: return reset(arguments.first, confirmed: parsed.flags.contains("yes"))
    case .progress: return showProgress()
    case .quiz: return startQuiz(arguments.first)
    case .sandbox:
      guard let makeSandbox else { return .failure([.text("This ditutor has no container sandbox.")]) }
      let opened = makeSandbox()
      sandbox = opened
      return Response(opened.welcome)
    case .run: return await runExample(arguments.first, emit: emit)
    case .clear: return Response(Document(), clearsScreen: true)
    case .help: return help(arguments.first)
    case .quit: return Response(Document(), shouldExit: true)
    }
  }

  private func unknownCommand(_ word: String) -> Response {
    if ["y", "yes", "n", "no"].contains(word.lowercased()) {
      return .failure([
        .text("There is no question waiting for an answer, so '\(displayable(word))' does nothing. Type "),
        .code("help"), .text(" to see the commands."),
      ])
    }
    var message: [Inline] = [.text("Unknown command '\(displayable(word))'.")]
    if let suggestion = Suggestions.closest(to: word, in: catalog.allWords) {
      let name = catalog.spec(named: suggestion)?.name ?? suggestion
      message.append(.text(" Did you mean '\(name)'?"))
    } else {
      message += [.text(" Type "), .code("help"), .text(" to see the commands.")]
    }
    return .failure(message)
  }

  private func usageError(_ spec: CommandSpec, _ problem: String) -> Response {
    .failure(
      MarkdownParser().parseInlines("\(problem) Usage: `\(spec.usage)`")
        + [.text(" (e.g. "), .code(spec.examples.first ?? spec.name), .text(").")])
  }

  // MARK: Where the learner is

  /// A place in a lesson: one of its pages, or (after the pages) one of its exercises.
  enum Stop: Equatable {
    case page(Int)
    case exercise(Exercise)
  }

  var currentLesson: Lesson? {
    course.lesson(id: position.lesson) ?? course.firstLesson
  }

  nonisolated func stopCount(of lesson: Lesson) -> Int {
    lesson.pages.count + course.exercises(of: lesson).count
  }

  nonisolated func stop(_ index: Int, of lesson: Lesson) -> Stop {
    if index < lesson.pages.count { return .page(index) }
    let exercises = course.exercises(of: lesson)
    return .exercise(exercises[min(index - lesson.pages.count, exercises.count - 1)])
  }

  nonisolated func stopIndex(of exercise: Exercise) -> (lesson: Lesson, index: Int)? {
    guard let lesson = course.lesson(id: exercise.lessonID),
      let offset = course.exercises(of: lesson).firstIndex(where: { $0.id == exercise.id })
    else { return nil }
    return (lesson, lesson.pages.count + offset)
  }

  /// A saved place that still exists, else the start of the course.
  private static func valid(_ saved: LearnerState.Position?, in course: Course) -> LearnerState.Position {
    if let saved, let lesson = course.lesson(id: saved.lesson) {
      let stops = lesson.pages.count + course.exercises(of: lesson).count
      return LearnerState.Position(lesson: lesson.id, page: min(max(saved.page, 0), stops - 1))
    }
    return LearnerState.Position(lesson: course.firstLesson?.id ?? "", page: 0)
  }

  // MARK: Navigation

  private func listLessons() -> Response {
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

  private func listPages() -> Response {
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

  private func open(_ query: String) -> Response {
    guard let lesson = course.lesson(matching: query) else {
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

  private func goToPage(_ argument: String?) -> Response {
    guard let lesson = currentLesson else { return .failure([.text("There are no lessons.")]) }
    guard let argument else { return show(position.page, of: lesson) }
    // `pages` numbers the lesson's exercises after its pages; `page` takes those numbers too.
    let stops = stopCount(of: lesson)
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

  /// The stop after the current one. From an exercise that passes, exercises already passed
  /// are skipped: `next` goes to the next thing left to do.
  func following(from lesson: Lesson, _ index: Int) -> (Lesson, Int)? {
    var lesson = lesson
    var index = index
    let skipPassed: Bool = {
      if case .exercise(let exercise) = stop(index, of: lesson) { return state.status(of: exercise.id) == .passed }
      return false
    }()
    while true {
      if index + 1 < stopCount(of: lesson) {
        index += 1
      } else if let next = course.lesson(after: lesson) {
        lesson = next
        index = 0
      } else {
        return nil
      }
      if skipPassed, case .exercise(let exercise) = stop(index, of: lesson), state.status(of: exercise.id) == .passed {
        continue
      }
      return (lesson, index)
    }
  }

  private func next() -> Response {
    guard let lesson = currentLesson else { return .failure([.text("There are no lessons.")]) }
    guard let (target, index) = following(from: lesson, position.page) else { return Response(Document(endOfCourse())) }
    // Moving on from an exercise that does not pass yet is allowed; say how to come back.
    var note: [Block] = []
    if case .exercise(let exercise) = stop(position.page, of: lesson), state.status(of: exercise.id) != .passed {
      note.append(.paragraph([.faint([.code(exercise.id), .text(" is not passed yet; "), .code("exercise \(exercise.id)"), .text(" brings you back.")])]))
    }
    let page = show(index, of: target)
    guard target.id != lesson.id else { return page.prepending(note) }
    let left = whatIsLeft(of: lesson)
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
  func endOfCourse() -> [Block] {
    let open = course.lessons.map { ($0, whatIsLeft(of: $0)) }.filter { !$0.1.isEmpty }
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

  /// A lesson's pages not read and exercises not passed: it is finished when both are empty.
  struct LessonLeft {
    var unreadPages: [Int]
    var openExercises: [Exercise]

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

  func whatIsLeft(of lesson: Lesson) -> LessonLeft {
    let seen = state.lessons[lesson.id]?.pagesSeen ?? []
    return LessonLeft(
      unreadPages: lesson.pages.indices.filter { !seen.contains($0) },
      openExercises: course.exercises(of: lesson).filter { state.status(of: $0.id) != .passed })
  }

  private func back() -> Response {
    guard let lesson = currentLesson else { return .failure([.text("There are no lessons.")]) }
    if position.page > 0 {
      return show(position.page - 1, of: lesson)
    }
    guard let previous = course.lesson(before: lesson) else {
      return .failure([.text("This is the first page of the course; there is nothing before it.")])
    }
    return show(stopCount(of: previous) - 1, of: previous)
  }

  /// Moves to a stop, records it (so a restart reopens here) and renders it.
  func show(_ index: Int, of lesson: Lesson) -> Response {
    position = LearnerState.Position(lesson: lesson.id, page: index)
    var blocks: [Block] = []
    let position = self.position
    let stop = stop(index, of: lesson)
    // The place is saved now; the page counts as read once all of it was on screen (markRead).
    if let warning = save({ state in state.position = position }) {
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
      blocks += exercisePage(exercise, in: lesson)
      startWarming(exercise)
    }
    blocks.append(.rule)
    blocks.append(.paragraph([.faint(footer(for: lesson, stop: index))]))
    return Response(Document(blocks), reading: reading)
  }

  /// Applies a change to the saved state; a warning block if it could not be written.
  func save(_ change: (inout LearnerState) -> Void) -> Block? {
    guard canSave else {
      change(&state)
      return nil
    }
    do {
      state = try progress.update(change).state
      return nil
    } catch {
      change(&state)
      return .notice(.warning, [.text("Your progress could not be saved: \(error)")])
    }
  }

  private func footer(for lesson: Lesson, stop index: Int) -> [Inline] {
    var parts: [Inline] = []
    if let (target, next) = following(from: lesson, index) {
      let description: String
      switch stop(next, of: target) {
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
    if case .exercise = stop(index, of: lesson) {
      parts += [.text(" · "), .code("check"), .text(" · "), .code("hint")]
    }
    parts += [.text(" · "), .code("pages"), .text(" · "), .code("help")]
    return parts
  }

  // MARK: Leaving

  /// Stops what the session started in the background (a warming build), so nothing outlives
  /// ditutor. The REPL calls it on its way out.
  public func shutdown() async {
    let tasks = warming.values
    warming = [:]
    for task in tasks { task.cancel() }
    for task in tasks { await task.value }
  }

  // MARK: Help

  private func help(_ topic: String?) -> Response {
    if let topic {
      guard let spec = catalog.spec(named: topic) else {
        var message: [Inline] = [.text("There is no command '\(displayable(topic))'.")]
        if let close = Suggestions.closest(to: topic, in: catalog.allWords) {
          message.append(.text(" Did you mean '\(catalog.spec(named: close)?.name ?? close)'?"))
        }
        return .failure(message)
      }
      var blocks: [Block] = [
        .heading(level: 2, [.code(spec.usage)]),
        .paragraph(MarkdownParser().parseInlines(spec.summary + " " + spec.discussion)),
      ]
      if !spec.options.isEmpty {
        blocks.append(
          .list(ListBlock(ordered: false, items: spec.options.map { option in
            ListItem(blocks: [.paragraph([.code("--" + option.name + (option.valueName.map { " <\($0)>" } ?? "")), .text(": " + option.summary)])])
          })))
      }
      if !spec.aliases.isEmpty {
        blocks.append(.paragraph([.text("Also: ")] + spec.aliases.flatMap { [Inline.code($0), .text(" ")] }))
      }
      blocks.append(.paragraph([.text("Examples:")]))
      blocks.append(
        .list(ListBlock(ordered: false, items: spec.examples.map { ListItem(blocks: [.paragraph([.code($0)])]) })))
      return Response(Document(blocks))
    }
    let rows = catalog.commands.map { spec -> [[Inline]] in
      [[.code(spec.usage)], MarkdownParser().parseInlines(spec.summary)]
    }
    return Response(
      Document([
        .table(Table(header: [[.text("Command")], [.text("What it does")]], alignments: [.left, .left], rows: rows)),
        .paragraph([
          .faint([
            .code("help <command>"),
            .text(" explains one. When an answer is taller than the screen, Enter on an empty line shows the rest and "),
            .code("q"), .text(" skips it. Tab completes commands, lesson and exercise ids; ↑ recalls earlier lines; Ctrl-C clears the line or stops a check; Ctrl-D leaves."),
          ])
        ]),
      ]))
  }
}
