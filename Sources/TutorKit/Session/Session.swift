import Foundation

/// The tutorial's conversation: a line in, a document out. It serves the interactive REPL and
/// scripts piped into ditutor alike, and knows nothing about terminals.
///
/// The session routes; rooms answer. It parses a line with the ``CommandCatalog`` and hands the
/// command to the room that owns it: ``Navigator`` (where the learner is and how they move),
/// ``ExerciseDesk`` (checks, hints, solutions, resets, progress), ``QuizRoom``, ``ExampleRoom``
/// and ``CommandHelp``. It keeps one ``Mode``: plain commands, a quiz or the sandbox, never two.
///
/// Every collaborator arrives through `init`: the course (already loaded), the store that keeps
/// the learner's place, the checker that runs exercises, and the file system and clock that
/// `reset`, `solution` and `watch` need. `init` is where the rooms are made and wired to them.
/// The rooms are not `Sendable`: they belong to this actor, and the one ``LearnerProgress`` they
/// share is handed to each through its `init`, so they all read and record one state.
public actor Session {
  public static let longestLine = 4096

  /// What a line typed now is: a tutorial command, an answer to the quiz, or a sandbox command.
  /// One value, so a quiz and the sandbox can never both be on.
  enum Mode {
    case commands
    /// While the quiz lasts, lines are its answers.
    case quiz(QuizRun)
    /// While the sandbox is open, lines are its commands.
    case sandbox(any ContainerSandbox)
    // Room for more: a presenter stepping through a demo, or a `review` of past answers, would
    // each be a case here, with the room that answers its lines.
  }

  private let catalog: CommandCatalog
  private let help: CommandHelp
  private let progress: LearnerProgress
  private let navigator: Navigator
  private let desk: ExerciseDesk
  private let quizzes: QuizRoom
  private let examples: ExampleRoom
  private let warmer: BuildWarmer
  /// Makes the container sandbox (nil: this build has none).
  private let makeSandbox: (@Sendable () -> any ContainerSandbox)?
  private var mode: Mode = .commands
  private var startupWarning: String?

  public init(
    course: Course, progress store: ProgressStore, checker: any ExerciseChecker, examples: any ExampleRunning,
    fileSystem: any FileSystem, clock: WallClock, root: String, catalog: CommandCatalog = CommandCatalog(),
    watchInterval: Duration = .milliseconds(300), statusInterval: Duration = .seconds(1),
    sandbox makeSandbox: (@Sendable () -> any ContainerSandbox)? = nil, reviewer: (any CodeReviewer)? = nil,
    buildsReviewerInTheBackground: Bool = false
  ) throws {
    try? store.removeAbandonedSaves()
    let opened = try store.open()
    let progress = LearnerProgress(store: store, opened: opened)
    // An interactive session builds the reviewer while the learner reads and edits; a script
    // or a demo would only start a build its end throws away.
    let warmer = BuildWarmer(checker: checker, reviewer: buildsReviewerInTheBackground ? reviewer : nil)
    let navigator = Navigator(
      course: course, progress: progress, exercisePage: ExercisePage(course: course, progress: progress), warmer: warmer)
    let workspace = ExerciseWorkspace(fileSystem: fileSystem, clock: clock, root: root, progressDirectory: store.directory)
    self.desk = ExerciseDesk(
      course: course, progress: progress, navigator: navigator, warmer: warmer,
      checks: CheckRun(checker: checker, workspace: workspace, watchInterval: watchInterval, statusInterval: statusInterval),
      workspace: workspace, report: VerdictReport(fileSystem: fileSystem, root: root),
      review: reviewer.map { ReviewExercise(root: root, fileSystem: fileSystem, reviewer: $0) })
    self.quizzes = QuizRoom(course: course, progress: progress)
    self.examples = ExampleRoom(examples: examples)
    self.help = CommandHelp(catalog: catalog)
    self.catalog = catalog
    self.makeSandbox = makeSandbox
    self.progress = progress
    self.navigator = navigator
    self.warmer = warmer
    self.startupWarning = opened.warning
  }

  // MARK: - What the REPL asks between commands

  /// The prompt: which lesson and page (or exercise) the learner is on.
  public var prompt: String {
    switch mode {
    case .quiz(let quiz): "quiz [\(quiz.lesson.order) \(quiz.lesson.id) \(quiz.index + 1)/\(quiz.lesson.quiz.count)]> "
    case .sandbox: "sandbox> "
    case .commands: navigator.prompt
    }
  }

  /// The numbers `page` takes in the current lesson: its pages, then its exercises, as `pages`
  /// lists them.
  public var pageCount: Int { navigator.stopsInLesson }

  /// Whether `line` ends the session (`quit` and its aliases): the REPL keeps it out of history.
  public nonisolated func isQuit(_ line: String) -> Bool {
    TypedLine(line).command.flatMap { catalog.spec(named: $0) }?.id == .quit
  }

  /// Names `run` takes in the current lesson.
  public var exampleNames: [String] { navigator.currentLesson?.examples.map(\.name) ?? [] }

  /// False while a quiz waits for an answer or the sandbox is open: then a line is not a
  /// tutorial command.
  public var takesCommands: Bool {
    if case .commands = mode { return true }
    return false
  }

  /// The sandbox the learner is in, for Tab completion (nil outside it).
  public var openSandbox: (any ContainerSandbox)? {
    if case .sandbox(let sandbox) = mode { return sandbox }
    return nil
  }

  /// The background builds under way, by exercise id (for tests: `shutdown` empties it).
  var warming: [String: Task<Void, Never>] { warmer.running }
  var reviewerBuild: Task<Void, Never>? { warmer.reviewerBuild }

  /// A problem found while loading the learner's state (a progress file moved aside), once.
  public func takeStartupWarning() -> Document? {
    defer { startupWarning = nil }
    return startupWarning.map { Document([.notice(.warning, [.text($0)])]) }
  }

  /// The welcome text and the page the learner was on.
  public func start() -> Document {
    let warning = takeStartupWarning() ?? Document()
    return warning + navigator.resume()
  }

  /// The opening answer: ``start()`` as a response, so the page it shows is counted as read
  /// only once the learner has seen all of it.
  public func opening() -> Response {
    let document = start()
    return Response(document, reading: navigator.pageOnScreen)
  }

  /// Records that the learner has seen all of a page.
  public func markRead(_ reading: Response.Reading) {
    navigator.markRead(reading)
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
    switch mode {
    case .quiz(let run):
      let step = quizzes.answer(line, in: run)
      mode = step.run.map(Mode.quiz) ?? .commands
      return step.response
    case .sandbox(let sandbox):
      let answer = sandbox.handle(line)
      if answer.leaves { mode = .commands }
      return Response(answer.document, outcome: answer.failed ? .failed : .succeeded, clearsScreen: answer.clearsScreen)
    case .commands:
      return await command(line, emit: emit, status: status)
    }
  }

  /// Parses a tutorial command and hands it to the room that owns it.
  private func command(
    _ line: String, emit: @Sendable (Document) -> Void, status: @escaping @Sendable (String?) -> Void
  ) async -> Response {
    let typed = TypedLine(line)
    guard let word = typed.command else { return Response(Document()) }
    progress.reload()
    guard let spec = catalog.spec(named: word) else { return help.unknownCommand(word) }

    let parsed: ParsedArguments
    switch ParsedArguments.parse(typed.arguments, spec: spec) {
    case .success(let arguments): parsed = arguments
    case .failure(let problem): return help.usageError(spec, problem.text)
    }
    let arguments = parsed.positional
    switch spec.id {
    case .lessons: return navigator.listLessons()
    case .open: return navigator.open(arguments[0])
    case .pages: return navigator.listPages()
    case .page: return navigator.goToPage(arguments.first)
    case .next: return navigator.next()
    case .back: return navigator.back()
    case .exercise: return navigator.openExercise(arguments[0])
    case .exercises: return desk.listExercises()
    case .check: return await desk.check(arguments.first, timeout: parsed.timeout, emit: emit, status: status)
    case .watch: return await desk.watch(arguments.first, timeout: parsed.timeout, emit: emit, status: status)
    case .review: return await desk.review(arguments.first, listingRules: parsed.flags.contains("rules"), emit: emit)
    case .hint: return desk.hint(arguments.first)
    case .solution: return desk.solution(arguments.first, confirmed: parsed.flags.contains("yes"))
    case .reset: return desk.reset(arguments.first, confirmed: parsed.flags.contains("yes"))
    case .progress: return desk.showProgress()
    case .quiz:
      let step = quizzes.start(arguments.first, current: navigator.currentLesson)
      if let run = step.run { mode = .quiz(run) }
      return step.response
    case .sandbox:
      guard let makeSandbox else { return .failure([.text("This ditutor has no container sandbox.")]) }
      let opened = makeSandbox()
      mode = .sandbox(opened)
      return Response(opened.welcome)
    case .run: return await examples.run(arguments.first, in: navigator.currentLesson, emit: emit)
    case .clear: return Response(Document(), clearsScreen: true)
    case .help: return help.help(arguments.first)
    case .quit: return Response(Document(), shouldExit: true)
    }
  }

  // MARK: Leaving

  /// Stops what the session started in the background (a warming build), so nothing outlives
  /// ditutor. The REPL calls it on its way out.
  public func shutdown() async {
    await warmer.shutdown()
  }
}
