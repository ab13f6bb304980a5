import Foundation

/// Pipe tables: a header row, a delimiter row (`| --- | :-: |`) that says how each column is
/// aligned, then body rows up to a blank line or a line without a pipe.
extension MarkdownParser {
  /// The cells of one row. An escaped `\|`, or a pipe inside a code span, stays in its cell.
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

  /// The column alignments, if `line` is a table's delimiter row.
  func tableAlignments(_ line: String) -> [Table.Alignment]? {
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

  /// The table whose delimiter row is the line after `header`, and the index after its last row.
  func parseTable(
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
}
