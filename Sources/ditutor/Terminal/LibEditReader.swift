import CLineEditor
import TerminalUI
import TutorKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The interactive line editor: libedit, with emacs keys (or the learner's `~/.editrc`), history
/// kept in `.ditutor/history`, Tab completion, and Ctrl-C that abandons the line.
final class LibEditReader: LineReader {
  private let editor: OpaquePointer
  private let historyPath: String
  private let probe: TerminalProbe
  /// The completion function of the read in progress; libedit calls back into it on Tab.
  fileprivate var complete: ((String) -> Completer.Completion)?

  init?(historyPath: String, probe: TerminalProbe) {
    guard let editor = ditutor_line_editor_open("ditutor", STDIN_FILENO, STDOUT_FILENO, 1000) else {
      return nil
    }
    self.editor = editor
    self.historyPath = historyPath
    self.probe = probe
    ditutor_line_editor_history_load(editor, historyPath)
    Self.compactHistory(editor: editor, path: historyPath)
    ditutor_line_editor_set_completion(editor, { context, editor, beforeCursor in
      guard let context, let editor, let beforeCursor else { return }
      let reader = Unmanaged<LibEditReader>.fromOpaque(context).takeUnretainedValue()
      reader.answerTab(editor: editor, beforeCursor: String(cString: beforeCursor))
    }, Unmanaged.passUnretained(self).toOpaque())
  }

  deinit {
    ditutor_line_editor_close(editor)
  }

  func read(prompt: String, complete: (String) -> Completer.Completion) -> LineInput {
    withoutActuallyEscaping(complete) { complete in
      self.complete = complete
      defer { self.complete = nil }
      var line: UnsafeMutablePointer<CChar>?
      let status = ditutor_line_editor_read(editor, prompt, &line)
      defer { free(line) }
      switch status {
      case DITUTOR_READ_LINE:
        return .line(line.map { String(cString: $0) } ?? "")
      case DITUTOR_READ_INTERRUPTED:
        return .interrupted
      default:
        print("")  // leave the cursor on a fresh line after Ctrl-D
        return .endOfInput
      }
    }
  }

  /// Adds the line to ↑ and appends it to the history file at once: a session killed a moment
  /// later (or a crash in the command the line runs) still leaves it there for the next one.
  func remember(_ line: String) {
    if ditutor_line_editor_history_last(editor).map({ String(cString: $0) }) == line { return }
    ditutor_line_editor_history_add(editor, line)
    ditutor_line_editor_history_append(historyPath, line)
  }

  func discardTypeAhead() {
    ditutor_line_editor_discard_typeahead(editor)
  }

  /// The terminal's settings while echo is off for a command, to put back after it.
  private var echoing: termios?

  func hideTypeAhead(_ hidden: Bool) {
    if hidden {
      var settings = termios()
      guard echoing == nil, tcgetattr(STDIN_FILENO, &settings) == 0 else { return }
      echoing = settings
      // Only the echo: the keys stay in the queue for the next prompt, and Ctrl-C still signals.
      settings.c_lflag &= ~tcflag_t(ECHO)
      tcsetattr(STDIN_FILENO, TCSANOW, &settings)
    } else if var settings = echoing {
      echoing = nil
      tcsetattr(STDIN_FILENO, TCSANOW, &settings)
    }
  }

  /// Appending grows the file without end; once it holds far more than ↑ keeps, it is written
  /// anew with the entries libedit loaded (a new file renamed over the old one).
  private static func compactHistory(editor: OpaquePointer, path: String) {
    var info = stat()
    guard stat(path, &info) == 0, info.st_size > 256 * 1024 else { return }
    let temporary = path + ".\(getpid()).tmp"
    if ditutor_line_editor_history_save(editor, temporary) >= 0 {
      rename(temporary, path)
    } else {
      unlink(temporary)
    }
  }

  fileprivate func answerTab(editor: OpaquePointer, beforeCursor: String) {
    guard let complete else { return }
    let completion = complete(beforeCursor)
    if !completion.insertion.isEmpty {
      ditutor_line_editor_insert(editor, completion.insertion)
    } else if !completion.candidates.isEmpty {
      ditutor_line_editor_show(editor, columns(completion.candidates, width: probe.width))
    }
  }

  /// Candidates in columns, like a shell lists files.
  private func columns(_ words: [String], width: Int) -> String {
    let cell = (words.map(\.count).max() ?? 0) + 2
    let perLine = max(1, width / cell)
    var text = ""
    for (index, word) in words.enumerated() {
      text += word.padding(toLength: cell, withPad: " ", startingAt: 0)
      if (index + 1) % perLine == 0 || index == words.count - 1 {
        text = String(text.reversed().drop { $0 == " " }.reversed()) + "\n"
      }
    }
    return text
  }
}
