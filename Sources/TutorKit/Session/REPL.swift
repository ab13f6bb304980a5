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
}

/// Where documents go: the terminal renderer in the executable, a recorder in a test.
public protocol Display {
  func show(_ document: Document)
  /// A failed command's answer; a script's standard error, the terminal's usual output otherwise.
  func showFailure(_ document: Document)
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
  private let mode: Mode

  public init(reader: Reader, display: any Display, session: Session, completer: Completer, mode: Mode) {
    self.reader = reader
    self.display = display
    self.session = session
    self.completer = completer
    self.mode = mode
  }

  /// The reader, for tests that check what was remembered or prompted.
  var readerForTesting: Reader { reader }

  /// Runs until `quit`, Ctrl-D or the end of the input; returns the process exit status.
  public mutating func run() async -> Int32 {
    switch mode {
    case .interactive:
      display.show(await session.start())
    case .script:
      // A script wants answers only, but a warning (a progress file moved aside) still matters.
      if let warning = await session.takeStartupWarning() { display.showFailure(warning) }
    }

    var anyFailed = false
    while true {
      let prompt = mode == .interactive ? await session.prompt : ""
      let pageCount = await session.pageCount
      let completer = self.completer
      let input = reader.read(prompt: prompt) { completer.complete($0, pageCount: pageCount) }
      switch input {
      case .endOfInput:
        return mode == .script && anyFailed ? 1 : 0
      case .interrupted:
        continue
      case .line(let text):
        let response = await session.handle(text)
        if Self.belongsInHistory(text, response) {
          reader.remember(text.trimmingCharacters(in: .whitespaces))
        }
        if response.outcome == .failed {
          anyFailed = true
          display.showFailure(response.document)
        } else if !response.document.isEmpty {
          display.show(response.document)
        }
        if response.shouldExit {
          return mode == .script && anyFailed ? 1 : 0
        }
      }
    }
  }

  /// ↑ recalls what is worth running again: not blank lines, and not `quit` (↑ then Enter
  /// would end the next session by surprise).
  static func belongsInHistory(_ text: String, _ response: Response) -> Bool {
    !text.allSatisfy(\.isWhitespace) && !response.shouldExit
  }
}
