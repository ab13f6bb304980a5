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

  mutating func read(prompt: String, complete: (String) -> Completer.Completion) -> LineInput {
    prompts.append(prompt)
    if let tabOn { completions.append(complete(tabOn)) }
    return inputs.isEmpty ? .endOfInput : inputs.removeFirst()
  }

  mutating func remember(_ line: String) {
    remembered.append(line)
  }
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
