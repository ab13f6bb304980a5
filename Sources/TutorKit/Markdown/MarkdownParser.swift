import Foundation

/// Reads the Markdown subset that lessons use (see `Lessons/README.md`) into a ``Document``.
///
/// Block structure: ATX headings, paragraphs, bullet and numbered lists (nested by indentation,
/// task items `- [x]`), block quotes, pipe tables, fenced code (` ``` ` or `~~~`), thematic breaks,
/// and ` ```mermaid ` diagrams. Inline: code spans, `*emphasis*`, `**strong**`, links, escapes.
/// Anything else is kept as text, so an unusual construct degrades to readable prose.
public struct MarkdownParser: Sendable {
  public init() {}

  public func parse(_ markdown: String) -> Document {
    let lines = markdown.replacingOccurrences(of: "\r\n", with: "\n")
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    return Document(parseBlocks(lines[...]))
  }

  // MARK: - Blocks

  private func parseBlocks(_ lines: ArraySlice<String>) -> [Block] {
    var blocks: [Block] = []
    var index = lines.startIndex
    while index < lines.endIndex {
      let line = lines[index]
      if line.isBlank {
        index += 1
      } else if let fence = Fence(line) {
        let (block, next) = parseFence(fence, lines, from: index + 1)
        blocks.append(block)
        index = next
      } else if let heading = parseHeading(line) {
        blocks.append(heading)
        index += 1
      } else if isThematicBreak(line) {
        blocks.append(.rule)
        index += 1
      } else if line.trimmingLeadingSpaces().hasPrefix(">") {
        var quoted: [String] = []
        while index < lines.endIndex, lines[index].trimmingLeadingSpaces().hasPrefix(">") {
          var content = lines[index].trimmingLeadingSpaces().dropFirst()
          if content.first == " " { content = content.dropFirst() }
          quoted.append(String(content))
          index += 1
        }
        blocks.append(.quote(parseBlocks(quoted[...])))
      } else if index + 1 < lines.endIndex, line.contains("|"),
        let alignments = tableAlignments(lines[index + 1])
      {
        let (table, next) = parseTable(header: line, alignments: alignments, lines, from: index + 2)
        blocks.append(.table(table))
        index = next
      } else if ListMarker(line) != nil {
        let (list, next) = parseList(lines, from: index)
        blocks.append(.list(list))
        index = next
      } else {
        var text: [String] = []
        while index < lines.endIndex, !lines[index].isBlank, !startsBlock(lines[index]) {
          text.append(lines[index].trimmingCharacters(in: .whitespaces))
          index += 1
        }
        blocks.append(.paragraph(parseInlines(text.joined(separator: " "))))
      }
    }
    return blocks
  }

  private func startsBlock(_ line: String) -> Bool {
    Fence(line) != nil || parseHeading(line) != nil || isThematicBreak(line)
      || line.trimmingLeadingSpaces().hasPrefix(">") || ListMarker(line) != nil
  }

  private func parseHeading(_ line: String) -> Block? {
    let trimmed = line.trimmingLeadingSpaces()
    let hashes = trimmed.prefix { $0 == "#" }.count
    guard (1...6).contains(hashes) else { return nil }
    let rest = trimmed.dropFirst(hashes)
    guard rest.isEmpty || rest.first == " " else { return nil }
    var text = rest.trimmingCharacters(in: .whitespaces)
    while text.hasSuffix("#") { text.removeLast() }
    return .heading(level: hashes, parseInlines(text.trimmingCharacters(in: .whitespaces)))
  }

  private func isThematicBreak(_ line: String) -> Bool {
    // Asked of every line: most start with a letter, and are answered at the first one.
    guard let first = line.first(where: { $0 != " " }), first == "-" || first == "*" || first == "_" else { return false }
    return ListMarker.isRule(line[...])
  }

  private struct Fence {
    let marker: Character
    let length: Int
    let indent: Int
    let info: String

    init?(_ line: String) {
      let indent = line.prefix { $0 == " " }.count
      guard indent <= 3 else { return nil }
      let rest = line.dropFirst(indent)
      guard let marker = rest.first, marker == "`" || marker == "~" else { return nil }
      let length = rest.prefix { $0 == marker }.count
      guard length >= 3 else { return nil }
      let info = rest.dropFirst(length).trimmingCharacters(in: .whitespaces)
      if marker == "`" && info.contains("`") { return nil }
      self.marker = marker
      self.length = length
      self.indent = indent
      self.info = info
    }

    func closes(_ line: String) -> Bool {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      return trimmed.count >= length && trimmed.allSatisfy { $0 == marker }
    }
  }

  private func parseFence(_ fence: Fence, _ lines: ArraySlice<String>, from start: Int)
    -> (Block, Int)
  {
    var body: [String] = []
    var index = start
    while index < lines.endIndex, !fence.closes(lines[index]) {
      var line = Substring(lines[index])
      var dropped = 0
      while dropped < fence.indent, line.first == " " {
        line = line.dropFirst()
        dropped += 1
      }
      body.append(String(line))
      index += 1
    }
    let next = min(index + 1, lines.endIndex)
    let words = fence.info.split(separator: " ", maxSplits: 1).map(String.init)
    let language = words.first?.lowercased() ?? ""
    let info = words.count > 1 ? words[1].trimmingCharacters(in: .whitespaces) : ""
    let text = body.joined(separator: "\n")
    if language == "mermaid" {
      return (.diagram(MermaidReader().read(text)), next)
    }
    return (.code(CodeBlock(language: language, info: info, text: text)), next)
  }

  // MARK: Tables

  private func cells(_ line: String) -> [String] {
    var text = line.trimmingCharacters(in: .whitespaces)
    if text.hasPrefix("|") { text.removeFirst() }
    if text.hasSuffix("|") && !text.hasSuffix("\\|") { text.removeLast() }
    var cells: [String] = []
    var current = ""
    var inCode = false
    var previous: Character = " "
    for character in text {
      if character == "`" { inCode.toggle() }
      if character == "|" && !inCode && previous != "\\" {
        cells.append(current.trimmingCharacters(in: .whitespaces))
        current = ""
      } else if character == "|" && previous == "\\" {
        current.removeLast()
        current.append("|")
      } else {
        current.append(character)
      }
      previous = character
    }
    cells.append(current.trimmingCharacters(in: .whitespaces))
    return cells
  }

  private func tableAlignments(_ line: String) -> [Table.Alignment]? {
    guard line.contains("-"), line.contains("|") || line.contains(":") else { return nil }
    let parts = cells(line)
    var alignments: [Table.Alignment] = []
    for part in parts {
      guard !part.isEmpty, part.allSatisfy({ "-:".contains($0) }), part.contains("-") else {
        return nil
      }
      switch (part.hasPrefix(":"), part.hasSuffix(":")) {
      case (true, true): alignments.append(.center)
      case (false, true): alignments.append(.right)
      default: alignments.append(.left)
      }
    }
    return alignments
  }

  private func parseTable(
    header: String, alignments: [Table.Alignment], _ lines: ArraySlice<String>, from start: Int
  ) -> (Table, Int) {
    let width = alignments.count
    func row(_ line: String) -> [[Inline]] {
      var parts = cells(line)
      if parts.count < width { parts += Array(repeating: "", count: width - parts.count) }
      return parts.prefix(width).map(parseInlines)
    }
    var rows: [[[Inline]]] = []
    var index = start
    while index < lines.endIndex, !lines[index].isBlank, lines[index].contains("|") {
      rows.append(row(lines[index]))
      index += 1
    }
    return (Table(header: row(header), alignments: alignments, rows: rows), index)
  }

  // MARK: Lists

  private struct ListMarker {
    let ordered: Bool
    let number: Int
    let indent: Int
    /// Column where the item's text starts; continuation lines indented this far belong to it.
    let contentColumn: Int
    let text: String

    init?(_ line: String) {
      let indent = line.prefix { $0 == " " }.count
      let rest = line.dropFirst(indent)
      if let first = rest.first, "-*+".contains(first) {
        let after = rest.dropFirst()
        guard after.first == " " || after.isEmpty else { return nil }
        if first != "+", ListMarker.isRule(rest) { return nil }
        ordered = false
        number = 1
        let spaces = min(after.prefix { $0 == " " }.count, 4)
        contentColumn = indent + 1 + max(spaces, 1)
        text = after.trimmingCharacters(in: .whitespaces)
      } else {
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard (1...9).contains(digits.count) else { return nil }
        let after = rest.dropFirst(digits.count)
        guard let delimiter = after.first, delimiter == "." || delimiter == ")" else { return nil }
        let tail = after.dropFirst()
        guard tail.first == " " || tail.isEmpty else { return nil }
        ordered = true
        number = Int(digits) ?? 1
        let spaces = min(tail.prefix { $0 == " " }.count, 4)
        contentColumn = indent + digits.count + 1 + max(spaces, 1)
        text = tail.trimmingCharacters(in: .whitespaces)
      }
      self.indent = indent
    }

    /// Three or more of one character, spaces allowed between them (`- - -`, `***`).
    static func isRule(_ text: Substring) -> Bool {
      var first: Character?
      var count = 0
      for character in text where character != " " {
        if first == nil { first = character }
        guard character == first else { return false }
        count += 1
      }
      return count >= 3
    }
  }

  private func parseList(_ lines: ArraySlice<String>, from start: Int) -> (ListBlock, Int) {
    guard let first = ListMarker(lines[start]) else { return (ListBlock(ordered: false, items: []), start + 1) }
    var items: [ListItem] = []
    var index = start
    while index < lines.endIndex, let marker = ListMarker(lines[index]),
      marker.ordered == first.ordered, marker.indent < first.contentColumn,
      marker.indent + 1 >= first.indent
    {
      var body = [marker.text]
      index += 1
      while index < lines.endIndex {
        let line = lines[index]
        if line.isBlank {
          // A blank line continues the item only if indented content follows it.
          var lookahead = index + 1
          while lookahead < lines.endIndex, lines[lookahead].isBlank { lookahead += 1 }
          guard lookahead < lines.endIndex,
            lines[lookahead].prefix(while: { $0 == " " }).count >= marker.contentColumn
          else { break }
          body.append("")
          index += 1
          continue
        }
        let indent = line.prefix { $0 == " " }.count
        if indent >= marker.contentColumn {
          body.append(String(line.dropFirst(marker.contentColumn)))
        } else if ListMarker(line) != nil || startsBlock(line) {
          break
        } else {
          body.append(line.trimmingCharacters(in: .whitespaces))  // a lazy continuation line
        }
        index += 1
      }
      var checked: Bool?
      if let head = body.first {
        if head.hasPrefix("[ ] ") || head == "[ ]" {
          checked = false
        } else if head.lowercased().hasPrefix("[x] ") || head.lowercased() == "[x]" {
          checked = true
        }
        if checked != nil { body[0] = String(head.dropFirst(3)).trimmingLeadingSpaces() }
      }
      items.append(ListItem(checked: checked, blocks: parseBlocks(body[...])))
      // A blank line between items keeps the list going.
      var lookahead = index
      while lookahead < lines.endIndex, lines[lookahead].isBlank { lookahead += 1 }
      if lookahead < lines.endIndex, let next = ListMarker(lines[lookahead]),
        next.ordered == first.ordered, next.indent < first.contentColumn
      {
        index = lookahead
      }
    }
    return (ListBlock(ordered: first.ordered, start: first.number, items: items), index)
  }

  // MARK: - Inlines

  public func parseInlines(_ text: String) -> [Inline] {
    var scanner = InlineScanner(Array(text))
    return scanner.parse(until: nil).inlines
  }
}

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

extension String {
  var isBlank: Bool { allSatisfy(\.isWhitespace) }

  func trimmingLeadingSpaces() -> String {
    String(drop { $0 == " " || $0 == "\t" })
  }
}
