import Foundation

/// What the learner typed at the prompt.
public enum LineInput: Sendable, Equatable {
  case line(String)
  /// Ctrl-C at the prompt: the line is abandoned, the REPL goes on.
  case interrupted
  /// Ctrl-D, or the end of a piped script.
  case endOfInput
}

/// Where lines come from: libedit on a terminal, standard input in a script, a list in a test.
public protocol LineReader {
  /// Reads one line. `complete` answers Tab with the text before the cursor.
  mutating func read(prompt: String, complete: (String) -> Completer.Completion) -> LineInput
  /// Adds a line to the history that ↑ recalls (and that outlives the session).
  mutating func remember(_ line: String)
  /// Throws away keys typed while a command ran, so they cannot answer the question asked next.
  mutating func discardTypeAhead()
  /// While a command runs, keys typed ahead are kept for the next prompt but not echoed: the
  /// terminal would print them into the status line. Called with true before, false after.
  func hideTypeAhead(_ hidden: Bool)
}

extension LineReader {
  public mutating func discardTypeAhead() {}
  public func hideTypeAhead(_ hidden: Bool) {}
}

/// Where documents go: the terminal renderer in the executable, a recorder in a test.
public protocol Display: Sendable {
  func show(_ document: Document)
  /// Clears the screen, where there is one to clear.
  func clear()
  /// A failed command's answer; a script's standard error, the terminal's usual output otherwise.
  func showFailure(_ document: Document)
  /// A command's answer. On a screen, one taller than the screen shows as much as fits, ends in
  /// a line that says how to see the rest, and keeps the rest for ``showMore()``.
  func present(_ document: Document)
  /// Whether `present` kept part of the last answer back.
  var hasMore: Bool { get }
  /// Shows the next screenful of what `present` kept back.
  func showMore()
  /// Forgets what `present` kept back (the learner moved on); `announce` says so on screen.
  func dropMore(announce: Bool)
  /// Shows `line` in place of the last status line (on a terminal, rewritten where it stands);
  /// nil removes it. Nothing at all where the output is not a terminal.
  func status(_ line: String?)
}

extension Display {
  public func present(_ document: Document) { show(document) }
  public var hasMore: Bool { false }
  public func showMore() {}
  public func dropMore(announce: Bool) {}
  public func status(_ line: String?) {}
}

/// The read–answer loop shared by the interactive tutorial and piped scripts.
public struct REPL<Reader: LineReader> {
  public enum Mode: Sendable {
    /// A person at a terminal: welcome and current page first; exit status 0 on quit.
    case interactive
    /// Commands from a pipe or file: only the commands' answers; exit status 1 if any failed.
    case script
  }

  private var reader: Reader
  private let display: any Display
  private let session: Session
  private let completer: Completer
  private let interruptions: any Interruptions
  private let mode: Mode
  /// A page shown in part: it is marked read when the learner reaches its end.
  private var unfinishedReading: Response.Reading?

  public init(
    reader: Reader, display: any Display, session: Session, completer: Completer, interruptions: any Interruptions,
    mode: Mode
  ) {
    self.reader = reader
    self.display = display
    self.session = session
    self.completer = completer
    self.interruptions = interruptions
    self.mode = mode
  }

  /// The reader, for tests that check what was remembered or prompted.
  var readerForTesting: Reader { reader }

  /// Runs until `quit`, Ctrl-D or the end of the input; returns the process exit status.
  public mutating func run() async -> Int32 {
    let status = await converse()
    await session.shutdown()
    return status
  }

  private mutating func converse() async -> Int32 {
    switch mode {
    case .interactive:
      await show(await session.opening())
    case .script:
      // A script wants answers only, but a warning (a progress file moved aside) still matters.
      if let warning = await session.takeStartupWarning() { display.showFailure(warning) }
    }

    var anyFailed = false
    while true {
      let prompt = mode == .interactive ? await session.prompt : ""
      let pageCount = await session.pageCount
      let examples = await session.exampleNames
      let takesCommands = await session.takesCommands
      let sandbox = await session.openSandbox
      let completer = self.completer
      let input = reader.read(prompt: prompt) { line in
        if let sandbox { return Completer.complete(line, among: sandbox.completions(after: line)) }
        return takesCommands ? completer.complete(line, pageCount: pageCount, examples: examples) : Completer.Completion()
      }
      switch input {
      case .endOfInput:
        return mode == .script && anyFailed ? 1 : 0
      case .interrupted:
        continue
      case .line(let text):
        if display.hasMore {
          // The rest of a long answer: Enter shows more, `q` skips it, a command moves on.
          let word = text.trimmingCharacters(in: .whitespaces).lowercased()
          if word.isEmpty {
            display.showMore()
            if !display.hasMore, let reading = unfinishedReading {
              await session.markRead(reading)
              unfinishedReading = nil
            }
            continue
          }
          display.dropMore(announce: word == "q" && takesCommands)
          unfinishedReading = nil
          if word == "q" && takesCommands { continue }
        }
        // Remembered before it runs, and appended to the history file at once: a session that
        // is killed mid-command still keeps the line.
        if belongsInHistory(text) {
          reader.remember(text.trimmingCharacters(in: .whitespaces))
        }
        var response = await answer(text)
        await show(response)
        if let confirmation = response.confirmation {
          response = await confirm(confirmation)
          await show(response)
        }
        if response.outcome == .failed { anyFailed = true }
        if response.shouldExit {
          return mode == .script && anyFailed ? 1 : 0
        }
      }
    }
  }

  /// Runs one line so that Ctrl-C cancels it (a check, a watch) and not the REPL.
  private func answer(_ text: String) async -> Response {
    reader.hideTypeAhead(true)
    defer { reader.hideTypeAhead(false) }
    let session = self.session
    let display = self.display
    let response = try? await interruptions.cancellable {
      await session.handle(text, emit: { display.show($0) }, status: { display.status($0) })
    }
    return response ?? Response(Document([.notice(.warning, [.text("Cancelled.")])]), outcome: .failed)
  }

  private mutating func show(_ response: Response) async {
    if response.clearsScreen { display.clear() }
    if response.outcome == .failed {
      display.showFailure(response.document)
    } else if !response.document.isEmpty {
      display.present(response.document)
    }
    // A page counts as read once all of it has been on screen.
    guard let reading = response.reading else { return }
    if display.hasMore {
      unfinishedReading = reading
    } else {
      await session.markRead(reading)
    }
  }

  /// Asks a yes/no question; anything but `y`/`yes` leaves everything as it was.
  private mutating func confirm(_ confirmation: Response.Confirmation) async -> Response {
    let prompt = mode == .interactive ? "\(confirmation.question) [y/N] " : ""
    // Keys pressed while the command ran were meant for something else, not for this question.
    if mode == .interactive { reader.discardTypeAhead() }
    if case .line(let answer) = reader.read(prompt: prompt, complete: { _ in Completer.Completion() }),
      ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    {
      return await self.answer(confirmation.command)
    }
    return Response(Document([.paragraph(MarkdownParser().parseInlines(confirmation.declined))]))
  }

  /// ↑ recalls what is worth running again: not blank lines, and not `quit` (↑ then Enter
  /// would end the next session by surprise).
  func belongsInHistory(_ text: String) -> Bool {
    !text.allSatisfy(\.isWhitespace) && !session.isQuit(text)
  }
}
