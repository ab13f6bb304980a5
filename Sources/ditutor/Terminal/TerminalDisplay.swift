import Foundation
import TerminalUI
import TutorKit

/// Shows documents on standard output, rendered for whatever is there (terminal or pipe).
struct TerminalDisplay: Display {
  let probe: TerminalProbe
  /// In a script, failures go to standard error so they can be told apart from answers.
  let failuresToStandardError: Bool
  /// For documents taller than the screen; nil in scripts and when paging is turned off.
  var pager: Pager? = nil

  func show(_ document: Document) {
    let text = Renderer(traits: probe.traits()).render(document)
    // Room for the prompt below: a page that fits is simply printed.
    if let pager, text.reduce(0, { $1 == "\n" ? $0 + 1 : $0 }) > probe.height - 2, pager.page(text) {
      return
    }
    write(text, to: FileHandle.standardOutput)
  }

  func clear() {
    // Cursor control is as much an escape code as colour: only where colour is allowed.
    guard probe.traits().colors else { return }
    write("\u{1B}[H\u{1B}[2J", to: FileHandle.standardOutput)
  }

  func showFailure(_ document: Document) {
    if failuresToStandardError {
      write(Renderer(traits: probe.traits(forStandardError: true)).render(document), to: FileHandle.standardError)
    } else {
      show(document)
    }
  }

  private func write(_ text: String, to handle: FileHandle) {
    handle.write(Data(text.utf8))
  }
}
