import Synchronization
import Testing
@testable import TutorKit

/// Plays back a script of inputs and records what the REPL did with them.
struct ScriptedReader: LineReader {
  var inputs: [LineInput]
  var prompts: [String] = []
  var remembered: [String] = []
  var completions: [Completer.Completion] = []
  /// Text to "press Tab" on before each read.
  var tabOn: String?
  /// Where reads, remembered lines and discarded type-ahead are written down in order.
  var log: EventLog?

  mutating func read(prompt: String, complete: (String) -> Completer.Completion) -> LineInput {
    prompts.append(prompt)
    if let tabOn { completions.append(complete(tabOn)) }
    log?.append("read \(prompt)")
    return inputs.isEmpty ? .endOfInput : inputs.removeFirst()
  }

  mutating func remember(_ line: String) {
    remembered.append(line)
    log?.append("remember \(line)")
  }

  mutating func discardTypeAhead() {
    log?.append("discard type-ahead")
  }

  func hideTypeAhead(_ hidden: Bool) {
    log?.append(hidden ? "hide type-ahead" : "show type-ahead")
  }
}

/// What happened, in order, across the fakes of one test.
final class EventLog: Sendable {
  private let events = Mutex<[String]>([])
  func append(_ event: String) { events.withLock { $0.append(event) } }
  var all: [String] { events.withLock { $0 } }
}

/// A screen `blocksPerScreen` blocks tall: `present` shows that many blocks of an answer and
/// keeps the rest for `showMore`, as the terminal does with lines.
final class PagingDisplay: Display {
  private let state = Mutex<(shown: [String], held: [Block], dropped: Int)>(([], [], 0))
  let blocksPerScreen: Int

  init(blocksPerScreen: Int) { self.blocksPerScreen = blocksPerScreen }

  func show(_ document: Document) { state.withLock { $0.shown.append(document.text) } }
  func clear() {}
  func showFailure(_ document: Document) { show(document) }
  func present(_ document: Document) {
    state.withLock { $0.held = document.blocks }
    showMore()
  }
  var hasMore: Bool { state.withLock { !$0.held.isEmpty } }
  func showMore() {
    state.withLock { state in
      let screen = state.held.prefix(blocksPerScreen)
      state.held.removeFirst(screen.count)
      state.shown.append(Document(Array(screen)).text)
    }
  }
  func dropMore(announce: Bool) {
    state.withLock { state in
      if announce { state.dropped += state.held.count }
      state.held = []
    }
  }

  var shown: [String] { state.withLock { $0.shown } }
  var announcedDrops: Int { state.withLock { $0.dropped } }
}

final class RecordingDisplay: Display {
  private let shown = Mutex<[(failure: Bool, document: Document)]>([])

  func show(_ document: Document) { shown.withLock { $0.append((false, document)) } }
  func clear() { shown.withLock { $0.append((false, Document([.rule]))) } }
  func showFailure(_ document: Document) { shown.withLock { $0.append((true, document)) } }

  var documents: [(failure: Bool, document: Document)] { shown.withLock { $0 } }
}

@Suite struct REPLTests {
  let fileSystem = CourseFixtures.twoLessons()

  func run(_ inputs: [LineInput], mode: REPL<ScriptedReader>.Mode, tabOn: String? = nil) async throws
    -> (status: Int32, reader: ScriptedReader, display: RecordingDisplay)
  {
    let course = try CourseFixtures.course(fileSystem)
    let display = RecordingDisplay()
    var repl = REPL(
      reader: ScriptedReader(inputs: inputs, tabOn: tabOn), display: display,
      session: try CourseFixtures.session(fileSystem), completer: Completer(catalog: CommandCatalog(), course: course),
      interruptions: DirectInterruptions(), mode: mode)
    let status = await repl.run()
    return (status, repl.readerForTesting, display)
  }

  /// Runs an interactive REPL on `inputs`, its reader writing what it does into the log.
  func logged(_ inputs: [LineInput]) async throws -> (log: EventLog, display: RecordingDisplay) {
    let log = EventLog()
    let display = RecordingDisplay()
    var repl = REPL(
      reader: ScriptedReader(inputs: inputs, log: log), display: display,
      session: try CourseFixtures.session(fileSystem),
      completer: Completer(catalog: CommandCatalog(), course: try CourseFixtures.course(fileSystem)),
      interruptions: DirectInterruptions(), mode: .interactive)
    _ = await repl.run()
    return (log, display)
  }

  @Test func aScriptPrintsOnlyAnswersAndExitsZeroWhenAllSucceed() async throws {
    let (status, reader, display) = try await run([.line("lessons"), .line("quit")], mode: .script)
    #expect(status == 0)
    #expect(reader.prompts == ["", ""])
    #expect(display.documents.count == 1)
    #expect(display.documents[0].document.text.contains("Constructor injection"))
  }

  @Test func aScriptWithAFailedCommandExitsOne() async throws {
    let (status, _, display) = try await run([.line("lesons"), .line("lessons")], mode: .script)
    #expect(status == 1)
    #expect(display.documents.map(\.failure) == [true, false])
  }

  @Test func interactiveShowsTheOpeningPageAndExitsZeroEvenAfterAFailure() async throws {
    let (status, reader, display) = try await run([.line("lesons"), .endOfInput], mode: .interactive)
    #expect(status == 0)
    #expect(reader.prompts == ["ditutor [1 why 1/3]> ", "ditutor [1 why 1/3]> "])
    #expect(display.documents.first?.document.text.hasPrefix("Welcome to ditutor") == true)
  }

  @Test func ctrlCAbandonsTheLineAndTheLoopGoesOn() async throws {
    let (status, reader, _) = try await run([.interrupted, .line("next"), .line("quit")], mode: .interactive)
    #expect(status == 0)
    #expect(reader.prompts == ["ditutor [1 why 1/3]> ", "ditutor [1 why 1/3]> ", "ditutor [1 why 2/3]> "])
  }

  @Test func aLineIsRememberedBeforeItsCommandRuns() async throws {
    let (log, _) = try await logged([.line("next"), .line("exit")])
    // `next` is in the history before the prompt of page 2 (its answer) is asked for; `exit`,
    // an alias of quit, is not kept.
    #expect(
      log.all.filter { !$0.hasSuffix("type-ahead") }
        == ["read ditutor [1 why 1/3]> ", "remember next", "read ditutor [1 why 2/3]> "])
  }

  @Test func keysTypedWhileACommandRunsAreNotEchoedIntoItsOutput() async throws {
    let (log, _) = try await logged([.line("next"), .line("back")])
    let commands = log.all.filter { $0.hasSuffix("type-ahead") }
    #expect(commands == ["hide type-ahead", "show type-ahead", "hide type-ahead", "show type-ahead"], "each command, hidden then shown")
    #expect(log.all.last?.hasPrefix("read ") == true, "every prompt reads with echo back on")
  }

  @Test func keysTypedDuringACommandCannotAnswerItsQuestion() async throws {
    CourseFixtures.addExercise("greet", to: fileSystem)
    fileSystem.add("/course/Lessons/01-why.md", CourseFixtures.lesson(order: 1, id: "why", title: "Why", pages: 3, exercises: "[greet]"))
    let (log, display) = try await logged([.line("reset greet"), .line("n")])
    #expect(log.all.contains { $0 == "discard type-ahead" })
    #expect(log.all.firstIndex(of: "discard type-ahead")! < log.all.firstIndex(of: "read Reset greet? [y/N] ")!)
    #expect(display.documents.last?.document.text == "Nothing was reset; your files are as they were.")
  }

  @Test func historyKeepsCommandsTrimmedButNotBlankLinesOrQuit() async throws {
    let (_, reader, _) = try await run([.line("lessons "), .line(""), .line("lesons"), .line("quit")], mode: .interactive)
    #expect(reader.remembered == ["lessons", "lesons"])
  }

  @Test func tabCompletionKnowsTheCurrentLessonsPageCount() async throws {
    let (_, reader, _) = try await run([.line("quit")], mode: .interactive, tabOn: "page ")
    #expect(reader.completions == [.init(candidates: ["1", "2", "3"])])
  }

  @Test func aMovedAsideProgressFileIsReportedEvenToAScript() async throws {
    fileSystem.add("/course/.ditutor/progress.json", "garbage")
    let (_, _, display) = try await run([], mode: .script)
    #expect(display.documents.count == 1)
    #expect(display.documents[0].failure)
    #expect(display.documents[0].document.text.hasPrefix("Your progress file could not be read"))
  }
}

/// Answers taller than the screen, shown a screenful at a time inside the REPL.
@Suite struct LongAnswerTests {
  let fileSystem = CourseFixtures.twoLessons()

  func run(_ inputs: [LineInput], display: PagingDisplay) async throws -> ScriptedReader {
    var repl = REPL(
      reader: ScriptedReader(inputs: inputs), display: display,
      session: try CourseFixtures.session(fileSystem),
      completer: Completer(catalog: CommandCatalog(), course: try CourseFixtures.course(fileSystem)),
      interruptions: DirectInterruptions(), mode: .interactive)
    _ = await repl.run()
    return repl.readerForTesting
  }

  var pagesSeen: Set<Int>? {
    get throws { try CourseFixtures.store(fileSystem).load().state.lessons["why"]?.pagesSeen }
  }

  @Test func enterShowsTheRestAndThePageCountsAsReadAtItsEnd() async throws {
    let display = PagingDisplay(blocksPerScreen: 3)
    // The opening: a welcome, the heading, "Page 1 of 3", the text, a rule, the footer.
    _ = try await run([.line(""), .line("")], display: display)
    #expect(display.shown.count == 2)
    #expect(display.shown[0].hasPrefix("Welcome to ditutor"))
    #expect(display.shown[1].contains("Opening of Why"))
    #expect(try pagesSeen == [0])
  }

  @Test func nextOnACutPageTurnsItAndLeavesItUnread() async throws {
    let display = PagingDisplay(blocksPerScreen: 3)
    let reader = try await run([.line("next")], display: display)
    #expect(reader.prompts == ["ditutor [1 why 1/3]> ", "ditutor [1 why 2/3]> "])
    #expect(display.shown[1].hasPrefix("Lesson 1 · Why\nPage 2 of 3"))
    #expect(try pagesSeen == nil, "neither page was seen to its end")
  }

  @Test func qSkipsTheRestWithoutQuitting() async throws {
    let display = PagingDisplay(blocksPerScreen: 3)
    let reader = try await run([.line("q"), .line("next")], display: display)
    #expect(display.announcedDrops == 3)
    #expect(reader.prompts == ["ditutor [1 why 1/3]> ", "ditutor [1 why 1/3]> ", "ditutor [1 why 2/3]> "])
  }

  @Test func anAnswerThatFitsIsReadAtOnce() async throws {
    let display = PagingDisplay(blocksPerScreen: 20)
    _ = try await run([.line("next")], display: display)
    #expect(try pagesSeen == [0, 1])
  }
}

@Suite struct ScriptModeTests {
  @Test func aScriptDoesNotMarkPagesItNeverShowedAsRead() async throws {
    let fileSystem = CourseFixtures.twoLessons()
    let course = try CourseFixtures.course(fileSystem)
    var repl = REPL(
      reader: ScriptedReader(inputs: [.line("lessons")]), display: RecordingDisplay(),
      session: try CourseFixtures.session(fileSystem), completer: Completer(catalog: CommandCatalog(), course: course),
      interruptions: DirectInterruptions(), mode: .script)
    _ = await repl.run()
    #expect(try CourseFixtures.store(fileSystem).load().state.lessons.isEmpty)
  }
}

@Suite struct ClearTests {
  @Test func clearAsksTheDisplayToWipeTheScreen() async throws {
    let fileSystem = CourseFixtures.twoLessons()
    let display = RecordingDisplay()
    var repl = REPL(
      reader: ScriptedReader(inputs: [.line("clear")]), display: display,
      session: try CourseFixtures.session(fileSystem),
      completer: Completer(catalog: CommandCatalog(), course: try CourseFixtures.course(fileSystem)),
      interruptions: DirectInterruptions(), mode: .script)
    #expect(await repl.run() == 0)
    #expect(display.documents.map(\.document) == [Document([.rule])])
  }
}
