import Foundation
import Synchronization
import TutorKit

/// `grade`'s progress on standard error, on one line rewritten in place: learners done of the
/// total, who is being graded, and the time left. Plain carriage returns and spaces, no escape
/// codes, so a dumb terminal shows it as well; cut to the terminal's width so it never wraps.
final class ProgressLine: Sendable {
  private let width: Int
  /// The length of what the line shows now, to blank out the rest when it gets shorter.
  private let shown = Mutex(0)

  init(width: Int) {
    self.width = max(width, 20)
  }

  static func text(_ state: GradingProgress) -> String {
    let filled = 12 * state.done / max(state.total, 1)
    var parts = [
      "Grading " + String(repeating: "█", count: filled) + String(repeating: "░", count: 12 - filled) + " \(state.done)/\(state.total)"
    ]
    if !state.current.isEmpty { parts.append(state.current.joined(separator: ", ")) }
    if let left = state.secondsLeft, state.done < state.total { parts.append(GradingProgress.describe(secondsLeft: left)) }
    return parts.joined(separator: " · ")
  }

  func show(_ state: GradingProgress) {
    var text = Self.text(state)
    if text.count > width - 1 { text = String(text.prefix(width - 2)) + "…" }
    let length = text.count
    let padding = shown.withLock { previous in
      defer { previous = length }
      return max(previous - length, 0)
    }
    FileHandle.standardError.write(Data(("\r" + text + String(repeating: " ", count: padding)).utf8))
  }

  func finish() {
    if shown.withLock({ $0 }) > 0 { FileHandle.standardError.write(Data("\n".utf8)) }
  }
}
