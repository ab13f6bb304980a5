/// Spans into lines of a given width: prose wraps at spaces, code is cut where the line is full.
extension Renderer {
  /// Fills lines up to `width` columns, breaking at spaces; a word longer than a line is split.
  func wrap(_ spans: [Span], width: Int) -> [[Span]] {
    // Leading spaces are an indent (a nested row in a table), not a gap between words.
    let indent = spans.map(\.text).joined().prefix { $0 == " " }.count
    guard indent == 0 || indent >= width else {
      var lines = wrapWords(spans, width: width - indent)
      lines[0].insert(Span(String(repeating: " ", count: indent)), at: 0)
      return lines
    }
    return wrapWords(spans, width: width)
  }

  private func wrapWords(_ spans: [Span], width: Int) -> [[Span]] {
    // Words are runs of non-space characters; one word may mix styles (`next`, or "code,"). A
    // no-break space (`0.4 s`) joins its neighbours into one word and is shown as a plain space.
    var words: [[Span]] = []
    var current: [Span] = []
    for span in spans {
      var piece = ""
      for character in span.text {
        if character == " " || character == "\n" {
          if !piece.isEmpty { current.append(Span(piece, span.style)) }
          piece = ""
          if !current.isEmpty { words.append(current) }
          current = []
        } else {
          piece.append(character == Self.noBreakSpace ? " " : character)
        }
      }
      if !piece.isEmpty { current.append(Span(piece, span.style)) }
    }
    if !current.isEmpty { words.append(current) }

    var lines: [[Span]] = []
    var line: [Span] = []
    var lineWidth = 0
    for word in words {
      let wordWidth = word.displayWidth
      if lineWidth > 0 && lineWidth + 1 + wordWidth > width {
        lines.append(line)
        line = []
        lineWidth = 0
      }
      if wordWidth > width {
        // A long word (a URL, a path) is cut rather than pushed off the screen.
        for piece in hardWrap(word, width: width, continuation: "") {
          if lineWidth > 0 {
            lines.append(line)
            line = []
            lineWidth = 0
          }
          line = piece
          lineWidth = piece.displayWidth
        }
        continue
      }
      if lineWidth > 0 {
        line.append(Span(" ", line.last?.style.underline == true ? line.last!.style : .plain))
        lineWidth += 1
      }
      line += word
      lineWidth += wordWidth
    }
    if !line.isEmpty { lines.append(line) }
    return lines.isEmpty ? [[]] : lines
  }

  static let noBreakSpace: Character = "\u{00A0}"

  /// Cuts one line into pieces of at most `width` columns, without looking for spaces: for code,
  /// where re-flowing would change meaning. Continuation lines start with `continuation`.
  func hardWrap(_ line: [Span], width: Int, continuation: String) -> [[Span]] {
    guard line.displayWidth > width else { return [line] }
    var lines: [[Span]] = []
    var current: [Span] = []
    var currentWidth = 0
    for span in line {
      var piece = ""
      for character in span.text {
        if currentWidth + character.displayWidth > width {
          if !piece.isEmpty { current.append(Span(piece, span.style)) }
          lines.append(current)
          current = continuation.isEmpty ? [] : [Span(continuation, Style(faint: true))]
          currentWidth = continuation.displayWidth
          piece = ""
        }
        piece.append(character)
        currentWidth += character.displayWidth
      }
      if !piece.isEmpty { current.append(Span(piece, span.style)) }
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }

  /// The spans without the blank ones at the end, so no line ends in padding.
  func trimTrailingSpaces(_ spans: [Span]) -> [Span] {
    var spans = spans
    while let last = spans.last, last.text.allSatisfy({ $0 == " " }) { spans.removeLast() }
    return spans
  }
}
