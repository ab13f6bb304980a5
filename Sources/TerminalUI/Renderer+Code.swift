import TutorKit

/// Code blocks: a caption when the block is not meant to be copied, Swift highlighted and
/// `diff` or `output` coloured by line, and lines too wide for the screen folded.
extension Renderer {
  func renderCode(_ code: CodeBlock, width: Int) -> [[Span]] {
    let indent = "    "
    var lines: [[Span]] = []
    let caption = Style(faint: true, foreground: .gray)
    if let reason = code.notCompiledReason {
      lines += wrap([Span("(Not compiled on Linux: \(reason))", caption)], width: width)
    } else if let error = code.expectedError {
      // Said before the code, so nobody copies it as an example to follow.
      lines += wrap([Span("This does not compile:", Style(foreground: .red)), Span(" error: \(error)", caption)], width: width)
    } else if code.language == "output" {
      lines.append([Span("Output:", caption)])
    }
    let text = code.text
    let highlighted: [[Span]] =
      code.language == "swift"
      ? highlighter.highlight(text)
      : text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
        [Span(String(line), lineStyle(String(line), language: code.language))]
      }
    for line in highlighted {
      // Blank lines stay blank: no indentation left dangling at the end of a line.
      lines += line.isEmpty ? [[]] : wrapCode([Span(indent)] + line, width: width, continuation: indent + "  ")
    }
    return lines
  }

  /// Folds a line of code that is wider than the screen at its last space that fits, so names
  /// stay whole; only a run with no space in it is cut. Continuation lines are indented further,
  /// which no Swift line starts with, so the fold cannot be mistaken for code.
  func wrapCode(_ line: [Span], width: Int, continuation: String) -> [[Span]] {
    guard line.displayWidth > width, width > continuation.count + 10 else {
      return hardWrap(line, width: width, continuation: continuation)
    }
    var characters: [(Character, Style)] = line.flatMap { span in span.text.map { ($0, span.style) } }
    let leading = characters.prefix { $0.0 == " " }.count
    var lines: [[Span]] = []
    var limit = width
    while true {
      var columns = 0
      var fits = 0
      for (character, _) in characters {
        guard columns + character.displayWidth <= limit else { break }
        columns += character.displayWidth
        fits += 1
      }
      if fits >= characters.count {
        lines.append(Self.spans(characters))
        break
      }
      // The last space that fits, past the indent; none: cut where the line is full.
      let floor = lines.isEmpty ? leading : 0
      let space = characters[floor..<fits].lastIndex { $0.0 == " " }
      let end = space ?? fits
      lines.append(Self.spans(Array(characters[..<end].reversed().drop { $0.0 == " " }.reversed())))
      characters = Array(characters[end...].drop { $0.0 == " " })
      if characters.isEmpty { break }
      limit = width - continuation.displayWidth
    }
    return lines.enumerated().map { index, spans in
      index == 0 ? trimTrailingSpaces(spans) : [Span(continuation)] + trimTrailingSpaces(spans)
    }
  }

  private static func spans(_ characters: [(Character, Style)]) -> [Span] {
    var spans: [Span] = []
    for (character, style) in characters {
      if let last = spans.last, last.style == style {
        spans[spans.count - 1].text.append(character)
      } else {
        spans.append(Span(String(character), style))
      }
    }
    return spans
  }

  private func lineStyle(_ line: String, language: String) -> Style {
    switch language {
    case "output": return Style(foreground: .yellow)
    case "diff":
      if line.hasPrefix("+") { return Style(foreground: .green) }
      if line.hasPrefix("-") { return Style(foreground: .red) }
      if line.hasPrefix("@@") { return Style(faint: true, foreground: .cyan) }
      return .plain
    default: return .plain
    }
  }
}
