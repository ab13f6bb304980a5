/// Every REPL command, with what `help` says about it and what its arguments complete to.
///
/// Adding a command is adding a case here: the compiler then asks for its description below and
/// its routing in ``Session``, which hands it to the room (navigation, the exercise desk, …) that answers it.
public enum CommandID: String, CaseIterable, Sendable {
  case lessons, open, pages, page, next, back
  case exercises, exercise, check, watch, review, hint, solution, reset, progress
  case quiz, run, sandbox
  case clear, help, quit
}

public struct CommandSpec: Sendable {
  public enum ArgumentKind: Sendable, Equatable {
    case lesson, pageNumber, command, exercise, example
  }

  /// A `--name` word: a flag (`--yes`) or an option with a value (`--timeout 10`).
  public struct Option: Sendable {
    public var name: String
    public var valueName: String?
    public var summary: String
  }

  public struct Argument: Sendable {
    public var name: String
    public var kind: ArgumentKind
    public var optional: Bool
  }

  public var id: CommandID
  public var aliases: [String]
  public var arguments: [Argument]
  public var options: [Option] = []
  public var summary: String
  public var discussion: String
  public var examples: [String]

  public var name: String { id.rawValue }

  public var usage: String {
    ([name] + arguments.map { $0.optional ? "[<\($0.name)>]" : "<\($0.name)>" }
      + options.map { "[--\($0.name)\($0.valueName.map { " <\($0)>" } ?? "")]" }).joined(separator: " ")
  }

  public var requiredArgumentCount: Int { arguments.filter { !$0.optional }.count }
}

public struct CommandCatalog: Sendable {
  public let commands: [CommandSpec]

  public init() {
    commands = CommandID.allCases.map(Self.spec)
  }

  /// What to say when `ditutor <word>` was typed in the shell and `word` is one of the
  /// tutorial's commands (`ditutor sandbox`) rather than the program's: where that command is.
  /// Nil when `word` is no command of the tutorial.
  public func outsideTheTutorial(_ word: String) -> String? {
    guard let spec = spec(named: word) else { return nil }
    return "`\(displayable(word))` is a command of the tutorial, not of the ditutor program: run `ditutor`, then type `\(spec.name)` at its prompt. `ditutor --help` lists the program's own commands."
  }

  public func spec(named word: String) -> CommandSpec? {
    let word = word.lowercased()
    return commands.first { $0.name == word || $0.aliases.contains(word) }
  }

  public subscript(id: CommandID) -> CommandSpec {
    commands.first { $0.id == id }!
  }

  /// Every word that runs a command: names first, then aliases.
  public var allWords: [String] {
    commands.map(\.name) + commands.flatMap(\.aliases)
  }

  private static func spec(_ id: CommandID) -> CommandSpec {
    switch id {
    case .lessons:
      CommandSpec(
        id: id, aliases: ["ls"], arguments: [],
        summary: "List the lessons and where you are.",
        discussion: "Shows every lesson with its number, id and how many pages you have read.",
        examples: ["lessons"])
    case .open:
      CommandSpec(
        id: id, aliases: ["o"], arguments: [.init(name: "lesson", kind: .lesson, optional: false)],
        summary: "Open a lesson at its first page.",
        discussion:
          "Name the lesson by its number, its id, or the start of its id. Tab completes lesson ids.",
        examples: ["open 1", "open why-di"])
    case .pages:
      CommandSpec(
        id: id, aliases: ["toc", "contents"], arguments: [],
        summary: "List the pages of the current lesson.",
        discussion: "Marks the page you are on and the pages you have already read.",
        examples: ["pages"])
    case .page:
      CommandSpec(
        id: id, aliases: ["p"], arguments: [.init(name: "n", kind: .pageNumber, optional: true)],
        summary: "Go to page n of this lesson, or show the current page again.",
        discussion: "Pages are numbered from 1 as `pages` lists them; the numbers after the last page open the lesson's exercises.",
        examples: ["page 3", "page"])
    case .next:
      CommandSpec(
        id: id, aliases: ["n"], arguments: [],
        summary: "Turn to the next page: after a lesson's pages come its exercises, then the next lesson.",
        discussion:
          "From an exercise you have passed, `next` skips exercises already passed. Enter on an empty line does not turn the page: it shows the rest of one taller than your screen.",
        examples: ["next", "n"])
    case .back:
      CommandSpec(
        id: id, aliases: ["b", "prev", "previous"], arguments: [],
        summary: "Turn back one page.",
        discussion: "On a lesson's first page, goes to the last page of the lesson before.",
        examples: ["back"])
    case .exercises:
      CommandSpec(
        id: id, aliases: ["exs"], arguments: [],
        summary: "List the exercises and how you are doing in each.",
        discussion: "Each exercise belongs to a lesson; `exercise <n>` opens one.",
        examples: ["exercises"])
    case .exercise:
      CommandSpec(
        id: id, aliases: ["ex"], arguments: [.init(name: "exercise", kind: .exercise, optional: false)],
        summary: "Open an exercise: its task, the file to edit, and your status.",
        discussion: "Name it by its number in the course, its id, or the start of its id.",
        examples: ["exercise 1", "exercise greeting-clock"])
    case .check:
      CommandSpec(
        id: id, aliases: ["c", "test"], arguments: [.init(name: "exercise", kind: .exercise, optional: true)],
        options: [.init(name: "timeout", valueName: "seconds", summary: "how long the tests may run (default 60)")],
        summary: "Run an exercise's tests against your code (the exercise you opened, by default).",
        discussion:
          "Shows the first failure first, with its expectation and where it is; a compile error with your line. Ctrl-C cancels a check and leaves the REPL running.",
        examples: ["check", "check 2", "check --timeout 10"])
    case .watch:
      CommandSpec(
        id: id, aliases: ["w"], arguments: [.init(name: "exercise", kind: .exercise, optional: true)],
        options: [.init(name: "timeout", valueName: "seconds", summary: "how long the tests may run (default 60)")],
        summary: "Check the exercise again every time you save one of its files.",
        discussion: "Stops when the exercise passes, or when you press Ctrl-C.",
        examples: ["watch"])
    case .hint:
      CommandSpec(
        id: id, aliases: [], arguments: [.init(name: "exercise", kind: .exercise, optional: true)],
        summary: "Show the next hint: a nudge first, nearly the answer last.",
        discussion: "ditutor remembers how many hints you have seen.",
        examples: ["hint"])
    case .review:
      CommandSpec(
        id: id, aliases: [], arguments: [.init(name: "exercise", kind: .exercise, optional: true)],
        options: [.init(name: "rules", valueName: nil, summary: "list what the review looks for")],
        summary: "Read how you injected: a reviewer's notes on your code, beside what the tests say.",
        discussion:
          "Each note names the line, the lesson page that explains it, and a fix. The first review builds the reviewer (a minute or two); after that a passing check lists its notes too.",
        examples: ["review", "review greeting-clock", "review --rules"])
    case .solution:
      CommandSpec(
        id: id, aliases: ["answer"], arguments: [.init(name: "exercise", kind: .exercise, optional: true)],
        options: [.init(name: "yes", valueName: nil, summary: "do not ask first")],
        summary: "Show the reference solution as a diff against your file.",
        discussion:
          "Free once the exercise passes; before that it asks first. It never changes your file.",
        examples: ["solution", "solution --yes"])
    case .reset:
      CommandSpec(
        id: id, aliases: [], arguments: [.init(name: "exercise", kind: .exercise, optional: true)],
        options: [.init(name: "yes", valueName: nil, summary: "do not ask first")],
        summary: "Put the starter code back, after moving your files to a backup.",
        discussion: "Asks first. Everything in the exercise's Sources/ folder (subfolders too) moves to a new .ditutor/backups/<exercise>-<time>/ folder before the starter is copied in; `progress` keeps that you passed it before.",
        examples: ["reset", "reset greeting-clock"])
    case .progress:
      CommandSpec(
        id: id, aliases: ["status"], arguments: [],
        summary: "Show every lesson and exercise with how far you are.",
        discussion: "Pages read, exercises passed, attempts and hints used.",
        examples: ["progress"])
    case .quiz:
      CommandSpec(
        id: id, aliases: [], arguments: [.init(name: "lesson", kind: .lesson, optional: true)],
        summary: "Take the lesson's quiz: questions of judgement, each answer explained.",
        discussion:
          "Answer with a letter (several when more than one is right) or a word; `skip` passes, `stop` ends the quiz. Your best score is kept.",
        examples: ["quiz", "quiz 2"])
    case .run:
      CommandSpec(
        id: id, aliases: [], arguments: [.init(name: "example", kind: .example, optional: true)],
        summary: "Compile and run one of this lesson's examples (without a name: list them).",
        discussion: "Lessons pair a `before` (doing the side effect no test can stop) with an `after` (driven by a double).",
        examples: ["run", "run before", "run after"])
    case .sandbox:
      CommandSpec(
        id: id, aliases: [], arguments: [],
        summary: "Open the container sandbox: register toy services, resolve them, see lifetimes, scopes and cycles.",
        discussion:
          "A real DIKit container over toy services (Database, UserRepository, …): `register UserRepository transient needs Database`, `resolve UserRepository`, `scope begin`, `graph`, `validate`. `exit` comes back.",
        examples: ["sandbox"])
    case .clear:
      CommandSpec(
        id: id, aliases: ["cls"], arguments: [],
        summary: "Clear the screen.",
        discussion: "Does nothing when the output is not a terminal (or with NO_COLOR / TERM=dumb).",
        examples: ["clear"])
    case .help:
      CommandSpec(
        id: id, aliases: ["?", "h"], arguments: [.init(name: "command", kind: .command, optional: true)],
        summary: "List the commands, or explain one.",
        discussion: "Tab completes command names and their arguments.",
        examples: ["help", "help open"])
    case .quit:
      CommandSpec(
        id: id, aliases: ["exit", "q"], arguments: [],
        summary: "Save your place and leave (Ctrl-D does the same).",
        discussion: "ditutor remembers the lesson and page; the next `ditutor` reopens there.",
        examples: ["quit"])
    }
  }
}
