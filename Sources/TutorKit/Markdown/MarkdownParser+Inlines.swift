import Foundation

/// Inline text: code spans, `*emphasis*`, `**strong**`, links and backslash escapes, read by
/// `InlineScanner` one character at a time.
extension MarkdownParser {
  public func parseInlines(_ text: String) -> [Inline] {
    var scanner = InlineScanner(Array(text))
    return scanner.parse(until: nil).inlines
  }
}

/// Reads inline text left to right; emphasis and links parse their insides with a copy of it.
private struct InlineScanner {
  let characters: [Character]
  var position = 0

  init(_ characters: [Character]) {
    self.characters = characters
  }

  struct Result {
    var inlines: [Inline]
    var closed: Bool
  }

  mutating func parse(until closer: String?) -> Result {
    var inlines: [Inline] = []
    var text = ""
    func flush() {
      if !text.isEmpty { inlines.append(.text(text)) }
      text = ""
    }
    while position < characters.count {
      // `*` closes emphasis, but `**` inside it opens strong text.
      if let closer, matches(closer), !(closer.count == 1 && matches(closer + closer)) {
        position += closer.count
        flush()
        return Result(inlines: inlines, closed: true)
      }
      let character = characters[position]
      switch character {
      case "\\" where position + 1 < characters.count && characters[position + 1].isEscapable:
        text.append(characters[position + 1])
        position += 2
      case "`":
        if let code = scanCodeSpan() {
          flush()
          inlines.append(.code(code))
        } else {
          let run = characters[position...].prefix { $0 == "`" }.count
          text += String(repeating: "`", count: run)
          position += run
        }
      case "*", "_":
        if let styled = scanEmphasis(character) {
          flush()
          inlines.append(styled)
        } else {
          text.append(character)
          position += 1
        }
      case "[":
        if let link = scanLink() {
          flush()
          inlines.append(link)
        } else {
          text.append(character)
          position += 1
        }
      default:
        text.append(character)
        position += 1
      }
    }
    flush()
    return Result(inlines: inlines, closed: closer == nil)
  }

  private func matches(_ string: String) -> Bool {
    var index = position
    for character in string {
      guard index < characters.count, characters[index] == character else { return false }
      index += 1
    }
    return true
  }

  private mutating func scanCodeSpan() -> String? {
    let run = characters[position...].prefix { $0 == "`" }.count
    var index = position + run
    while index < characters.count {
      if characters[index] == "`" {
        let closing = characters[index...].prefix { $0 == "`" }.count
        if closing == run {
          var code = String(characters[(position + run)..<index])
          if code.hasPrefix(" ") && code.hasSuffix(" ") && code.count > 1 {
            code = String(code.dropFirst().dropLast())
          }
          position = index + run
          return code
        }
        index += closing
      } else {
        index += 1
      }
    }
    return nil
  }

  private mutating func scanEmphasis(_ marker: Character) -> Inline? {
    let strong = position + 1 < characters.count && characters[position + 1] == marker
    let width = strong ? 2 : 1
    let before: Character? = position > 0 ? characters[position - 1] : nil
    let after: Character? = position + width < characters.count ? characters[position + width] : nil
    guard let after, !after.isWhitespace else { return nil }
    if marker == "_", let before, before.isLetter || before.isNumber { return nil }
    let closer = String(repeating: String(marker), count: width)
    // Only open if a closer exists later on the line.
    guard String(characters[(position + width)...]).contains(closer) else { return nil }
    var inner = self
    inner.position = position + width
    let result = inner.parse(until: closer)
    guard result.closed, !result.inlines.isEmpty else { return nil }
    position = inner.position
    return strong ? .strong(result.inlines) : .emphasis(result.inlines)
  }

  private mutating func scanLink() -> Inline? {
    var depth = 0
    var index = position
    var closeBracket: Int?
    while index < characters.count {
      if characters[index] == "[" { depth += 1 }
      if characters[index] == "]" {
        depth -= 1
        if depth == 0 {
          closeBracket = index
          break
        }
      }
      index += 1
    }
    guard let closeBracket, closeBracket + 1 < characters.count,
      characters[closeBracket + 1] == "(",
      let closeParen = characters[(closeBracket + 1)...].firstIndex(of: ")")
    else { return nil }
    let label = InlineScanner(Array(characters[(position + 1)..<closeBracket])).parseAll()
    let destination = String(characters[(closeBracket + 2)..<closeParen])
    position = closeParen + 1
    return .link(text: label, destination: destination)
  }

  private func parseAll() -> [Inline] {
    var copy = self
    return copy.parse(until: nil).inlines
  }
}

extension Character {
  /// ASCII punctuation, which a backslash turns into plain text.
  fileprivate var isEscapable: Bool {
    isASCII && (isPunctuation || isSymbol)
  }
}
