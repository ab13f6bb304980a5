import Foundation

/// The tutorial's conversation: a line in, a document out. It serves the interactive REPL and
/// scripts piped into ditutor alike, and knows nothing about terminals.
///
/// Its collaborators arrive through `init`: the course (already loaded) and the store that keeps
/// the learner's place.
public actor Session {
  public static let longestLine = 4096

  private let course: Course
  private let progress: ProgressStore
  private let catalog: CommandCatalog
  private var state: LearnerState
  private var startupWarning: String?
  /// Where the learner is: always a valid lesson and page once the session has started.
  private var position: LearnerState.Position

  public init(course: Course, progress: ProgressStore, catalog: CommandCatalog = CommandCatalog()) throws {
    self.course = course
    self.progress = progress
    self.catalog = catalog
    let (state, warning) = try progress.load()
    self.state = state
    self.startupWarning = warning
    self.position = Self.valid(state.position, in: course)
  }

  // MARK: - What the REPL asks between commands

  /// The prompt: which lesson and page the learner is on.
  public var prompt: String {
    guard let lesson = currentLesson else { return "ditutor> " }
    return "ditutor [\(lesson.order) \(lesson.id) \(position.page + 1)/\(lesson.pages.count)]> "
  }

  public var pageCount: Int { currentLesson?.pages.count ?? 0 }

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
          .text("Welcome to ditutor: dependency injection in Swift, learned by doing. Read a page, type "),
          .code("next"), .text(" to turn it, "), .code("lessons"), .text(" to see the course, "),
          .code("help"), .text(" for everything else."),
        ]))
    } else {
      blocks.append(
        .notice(.info, [
          .text("Welcome back. You were on page \(position.page + 1) of lesson \(lesson.order), “\(lesson.title)”.")
        ]))
    }
    return Document(blocks) + show(page: position.page, of: lesson).document
  }

  // MARK: - Commands

  public func handle(_ line: String) -> Response {
    guard line.count <= Self.longestLine else {
      return .failure([
        .text("That line is \(line.count) characters long; commands are short (at most \(Self.longestLine)). Nothing was run.")
      ])
    }
    let typed = TypedLine(line)
    guard let word = typed.command else { return Response(Document()) }
    guard let spec = catalog.spec(named: word) else { return unknownCommand(word) }

    let arguments = typed.arguments
    if arguments.count < spec.requiredArgumentCount || arguments.count > spec.arguments.count {
      return usageError(spec, given: arguments.count)
    }
    switch spec.id {
    case .lessons: return listLessons()
    case .open: return open(arguments[0])
    case .pages: return listPages()
    case .page: return goToPage(arguments.first)
    case .next: return next()
    case .back: return back()
    case .help: return help(arguments.first)
    case .quit: return Response(Document(), shouldExit: true)
    }
  }

  private func unknownCommand(_ word: String) -> Response {
    var message: [Inline] = [.text("Unknown command '\(displayable(word))'.")]
    if let suggestion = Suggestions.closest(to: word, in: catalog.allWords) {
      let name = catalog.spec(named: suggestion)?.name ?? suggestion
      message.append(.text(" Did you mean '\(name)'?"))
    } else {
      message += [.text(" Type "), .code("help"), .text(" to see the commands.")]
    }
    return .failure(message)
  }

  private func usageError(_ spec: CommandSpec, given: Int) -> Response {
    let expectation: String
    switch (spec.requiredArgumentCount, spec.arguments.count) {
    case (0, 0): expectation = "`\(spec.name)` takes no arguments"
    case (let required, let all) where required == all:
      expectation = "`\(spec.name)` takes \(all == 1 ? "one argument" : "\(all) arguments")"
    default: expectation = "`\(spec.name)` takes at most \(spec.arguments.count)"
    }
    return .failure(
      MarkdownParser().parseInlines("\(expectation), but \(given == 0 ? "none was" : "\(given) were") given. Usage: `\(spec.usage)`")
        + [.text(" (e.g. "), .code(spec.examples.first ?? spec.name), .text(").")])
  }

  // MARK: Navigation

  private var currentLesson: Lesson? {
    course.lesson(id: position.lesson) ?? course.firstLesson
  }

  private func listLessons() -> Response {
    var rows: [[[Inline]]] = []
    for lesson in course.lessons {
      let seen = state.lessons[lesson.id]?.pagesSeen.count ?? 0
      let marker = lesson.id == position.lesson ? "▸ " : ""
      rows.append([
        [.text(marker + String(lesson.order))],
        [.strong([.text(lesson.title)])],
        [.code(lesson.id)],
        [.text("\(min(seen, lesson.pages.count))/\(lesson.pages.count)")],
      ])
    }
    let table = Table(
      header: [[.text("#")], [.text("Lesson")], [.text("Id")], [.text("Pages read")]],
      alignments: [.right, .left, .left, .right], rows: rows)
    return Response(
      Document([
        .table(table),
        .paragraph([.faint([.text("Open one with "), .code("open <number or id>"), .text(".")])]),
      ]))
  }

  private func listPages() -> Response {
    guard let lesson = currentLesson else { return .failure([.text("There are no lessons.")]) }
    let seen = state.lessons[lesson.id]?.pagesSeen ?? []
    let items = lesson.pages.enumerated().map { index, page in
      let marker = index == position.page ? "▸ " : seen.contains(index) ? "✓ " : "  "
      return ListItem(blocks: [.paragraph([.text(marker + page.title)])])
    }
    return Response(
      Document([
        .heading(level: 2, [.text("Lesson \(lesson.order): \(lesson.title)")]),
        .list(ListBlock(ordered: true, items: items)),
        .paragraph([.faint([.code("page <n>"), .text(" jumps to a page; ▸ is where you are, ✓ what you have read.")])]),
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
    return show(page: 0, of: lesson)
  }

  private func goToPage(_ argument: String?) -> Response {
    guard let lesson = currentLesson else { return .failure([.text("There are no lessons.")]) }
    guard let argument else { return show(page: position.page, of: lesson) }
    guard let number = Int(argument), (1...lesson.pages.count).contains(number) else {
      return .failure([
        .text("'\(displayable(argument))' is not a page of this lesson: pick a number from 1 to \(lesson.pages.count), or type "),
        .code("pages"), .text(" to list them."),
      ])
    }
    return show(page: number - 1, of: lesson)
  }

  private func next() -> Response {
    guard let lesson = currentLesson else { return .failure([.text("There are no lessons.")]) }
    if position.page + 1 < lesson.pages.count {
      return show(page: position.page + 1, of: lesson)
    }
    guard let following = course.lesson(after: lesson) else {
      return Response(
        Document([
          .notice(.success, [.text("That was the last page of the course. Well done!")]),
          .paragraph([.faint([.code("lessons"), .text(" lists every lesson to revisit.")])]),
        ]))
    }
    let intro = Document([
      .notice(.success, [.text("You finished lesson \(lesson.order). On to lesson \(following.order).")])
    ])
    let page = show(page: 0, of: following)
    return Response(intro + page.document, outcome: page.outcome)
  }

  private func back() -> Response {
    guard let lesson = currentLesson else { return .failure([.text("There are no lessons.")]) }
    if position.page > 0 {
      return show(page: position.page - 1, of: lesson)
    }
    guard let previous = course.lesson(before: lesson) else {
      return .failure([.text("This is the first page of the course; there is nothing before it.")])
    }
    return show(page: previous.pages.count - 1, of: previous)
  }

  /// Moves to a page, records it (so a restart reopens here) and renders it.
  private func show(page index: Int, of lesson: Lesson) -> Response {
    position = LearnerState.Position(lesson: lesson.id, page: index)
    var blocks: [Block] = []
    do {
      let position = self.position
      state = try progress.update { state in
        state.position = position
        state.lessons[lesson.id, default: .init()].pagesSeen.insert(index)
      }.state
    } catch {
      blocks.append(.notice(.warning, [.text("Your place could not be saved: \(error)")]))
    }
    let page = lesson.pages[index]
    blocks.append(.heading(level: 1, [.text("Lesson \(lesson.order) · \(lesson.title)")]))
    blocks.append(.paragraph([.faint([.text("Page \(index + 1) of \(lesson.pages.count)")])]))
    blocks += page.content.blocks
    blocks.append(.rule)
    blocks.append(.paragraph([.faint(footer(for: lesson, page: index))]))
    return Response(Document(blocks))
  }

  private func footer(for lesson: Lesson, page index: Int) -> [Inline] {
    var parts: [Inline] = []
    if index + 1 < lesson.pages.count {
      parts += [.code("next"), .text(": “\(lesson.pages[index + 1].title)”")]
    } else if let following = course.lesson(after: lesson) {
      parts += [.code("next"), .text(": lesson \(following.order), “\(following.title)”")]
    } else {
      parts += [.text("Last page of the course")]
    }
    if index > 0 || course.lesson(before: lesson) != nil {
      parts += [.text(" · "), .code("back")]
    }
    parts += [.text(" · "), .code("pages"), .text(" · "), .code("help")]
    return parts
  }

  private static func valid(_ position: LearnerState.Position?, in course: Course) -> LearnerState.Position {
    if let position, let lesson = course.lesson(id: position.lesson) {
      return LearnerState.Position(lesson: lesson.id, page: min(max(position.page, 0), lesson.pages.count - 1))
    }
    return LearnerState.Position(lesson: course.firstLesson?.id ?? "", page: 0)
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
      if !spec.aliases.isEmpty {
        blocks.append(.paragraph([.text("Also: ")] + spec.aliases.flatMap { [Inline.code($0), .text(" ")] }))
      }
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
            .text(" explains one. Tab completes commands and lesson ids; ↑ recalls earlier lines; Ctrl-C clears the line; Ctrl-D leaves."),
          ])
        ]),
      ]))
  }
}
