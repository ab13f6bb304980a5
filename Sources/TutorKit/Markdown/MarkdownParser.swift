import Foundation

/// Reads the Markdown subset that lessons use (see `Lessons/README.md`) into a ``Document``.
///
/// Block structure: ATX headings, paragraphs, bullet and numbered lists (nested by indentation,
/// task items `- [x]`), block quotes, pipe tables, fenced code (` ``` ` or `~~~`), thematic breaks,
/// and ` ```mermaid ` diagrams. Inline: code spans, `*emphasis*`, `**strong**`, links, escapes.
/// Anything else is kept as text, so an unusual construct degrades to readable prose.
///
/// This file reads the blocks; tables, lists and inline text each have a file of their own
/// (`MarkdownParser+Tables.swift`, `+Lists.swift`, `+Inlines.swift`).
public struct MarkdownParser: Sendable {
  public init() {}

  public func parse(_ markdown: String) -> Document {
    let lines = markdown.replacingOccurrences(of: "\r\n", with: "\n")
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    return Document(parseBlocks(lines[...]))
  }

  // MARK: - Blocks

  func parseBlocks(_ lines: ArraySlice<String>) -> [Block] {
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

  /// Whether `line` begins a block of its own, so it ends a paragraph or a list item.
  func startsBlock(_ line: String) -> Bool {
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
}

extension String {
  var isBlank: Bool { allSatisfy(\.isWhitespace) }

  func trimmingLeadingSpaces() -> String {
    String(drop { $0 == " " || $0 == "\t" })
  }
}
