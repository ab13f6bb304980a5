import Foundation

/// Bullet and numbered lists: where an item starts (`ListMarker`), which lines belong to it,
/// and task items (`- [x]`). An item's body is parsed as blocks of its own, so lists nest.
extension MarkdownParser {
  /// The start of a list item: `-`, `*` or `+`, or a number and `.` or `)`, then a space.
  struct ListMarker {
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

  /// The list that starts at `start`, and the index of the first line after it.
  func parseList(_ lines: ArraySlice<String>, from start: Int) -> (ListBlock, Int) {
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
}
