import Foundation
import Synchronization
import TerminalUI
import TutorKit

/// Shows documents on standard output, rendered for whatever is there (terminal or pipe).
///
/// On a terminal, an answer taller than the screen is shown a screenful at a time, inside the
/// REPL: the first screen ends in a line that says how much is left and which keys do what, and
/// the prompt stays live, so `next` turns the page whether or not the learner read to the end.
/// (An external pager such as `less` was tried first: a newcomer typed `next` into it, and it
/// outlived a killed ditutor.)
final class TerminalDisplay: Display {
  private struct State {
    /// Rendered lines that `present` kept back.
    var held: [Substring] = []
    /// Columns the status line covers now (0: none on screen).
    var statusWidth = 0
  }

  let probe: TerminalProbe
  /// In a script, failures go to standard error so they can be told apart from answers.
  let failuresToStandardError: Bool
  /// Whether long answers are shown a screenful at a time (the interactive REPL).
  let pagesLongAnswers: Bool
  private let state = Mutex(State())

  init(probe: TerminalProbe, failuresToStandardError: Bool, pagesLongAnswers: Bool = false) {
    self.probe = probe
    self.failuresToStandardError = failuresToStandardError
    self.pagesLongAnswers = pagesLongAnswers
  }

  func show(_ document: Document) {
    status(nil)
    write(renderer().render(document), to: FileHandle.standardOutput)
  }

  func present(_ document: Document) {
    status(nil)
    let text = renderer().render(document)
    guard pagesLongAnswers else {
      write(text, to: FileHandle.standardOutput)
      return
    }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    state.withLock { $0.held = Array(lines) }
    showMore()
  }

  var hasMore: Bool { state.withLock { !$0.held.isEmpty } }

  func showMore() {
    // One row for the prompt; when something is left, one more for the line that says so.
    let height = max(probe.height, 6)
    let (shown, left) = state.withLock { state -> ([Substring], Int) in
      let count = state.held.count <= height - 1 ? state.held.count : height - 2
      let shown = Array(state.held.prefix(count))
      state.held.removeFirst(count)
      return (shown, state.held.count)
    }
    guard !shown.isEmpty else { return }
    var text = shown.joined(separator: "\n") + "\n"
    if left > 0 {
      // One row, whatever the width: the rows above were counted on it.
      let long = "── \(left) more line\(left == 1 ? "" : "s") · Enter: more · q: skip · or type a command"
      let line = long.count < probe.width ? long : "── \(left) more · Enter: more · q: skip"
      text += renderer().render(Document([.paragraph([.faint([.text(line)])])]))
    }
    write(text, to: FileHandle.standardOutput)
  }

  func dropMore(announce: Bool) {
    let dropped = state.withLock { state -> Int in
      defer { state.held = [] }
      return state.held.count
    }
    if announce && dropped > 0 {
      show(Document([.paragraph([.faint([.text("Skipped the last \(dropped) line\(dropped == 1 ? "" : "s").")])])]))
    }
  }

  /// Rewrites one line in place with a carriage return, so it needs no escape codes; nothing
  /// where standard output is not a terminal.
  func status(_ line: String?) {
    guard probe.outputIsTerminal else { return }
    let width = probe.width
    let text = line.map { String($0.prefix(max(width - 1, 10))) } ?? ""
    let previous = state.withLock { state -> Int in
      defer { state.statusWidth = text.count }
      return state.statusWidth
    }
    guard previous > 0 || !text.isEmpty else { return }
    let padding = String(repeating: " ", count: max(previous - text.count, 0))
    write("\r" + text + padding + (line == nil ? "\r" : ""), to: FileHandle.standardOutput)
  }

  func clear() {
    // Cursor control is as much an escape code as colour: only where colour is allowed.
    guard probe.traits().colors else { return }
    state.withLock { $0.held = [] }
    write("\u{1B}[H\u{1B}[2J", to: FileHandle.standardOutput)
  }

  func showFailure(_ document: Document) {
    if failuresToStandardError {
      write(Renderer(traits: probe.traits(forStandardError: true)).render(document), to: FileHandle.standardError)
    } else {
      show(document)
    }
  }

  private func renderer() -> Renderer {
    Renderer(traits: probe.traits())
  }

  private func write(_ text: String, to handle: FileHandle) {
    handle.write(Data(text.utf8))
  }
}
