import TutorKit

/// Reads commands from a pipe or file, one per line: no prompt, no editing, no history.
struct StandardInputReader: LineReader {
  mutating func read(prompt: String, complete: (String) -> Completer.Completion) -> LineInput {
    guard let line = readLine(strippingNewline: true) else { return .endOfInput }
    return .line(line)
  }

  mutating func remember(_ line: String) {}
}
