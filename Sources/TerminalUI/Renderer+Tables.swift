import TutorKit

/// Tables: a grid of aligned columns that wrap their cells to fit the screen, or one record
/// per row when even that would cut words.
extension Renderer {
  func renderTable(_ table: Table, width: Int) -> [[Span]] {
    let columns = table.header.count
    guard columns > 0 else { return [] }
    let gap = 2
    let header = table.header.map { spans($0).map { span -> Span in
      var span = span
      span.style.bold = true
      return span
    } }
    let rows = table.rows.map { $0.map { spans($0) } }
    var widths = (0..<columns).map { column in
      ([header[column]] + rows.map { $0[column] }).map(\.displayWidth).max() ?? 0
    }
    // Too wide for the screen: narrow the widest column until it fits (cells then wrap). Columns
    // keep room for their longest word while any other column can give; only then are words cut.
    let available = width - gap * (columns - 1)
    let longestWord = (0..<columns).map { column in
      ([header[column]] + rows.map { $0[column] }).flatMap { cell in
        cell.map(\.text).joined().split(separator: " ").map(\.displayWidth)
      }.max() ?? 1
    }
    while widths.reduce(0, +) > available,
      let widest = widths.indices.filter({ widths[$0] > longestWord[$0] }).max(by: { widths[$0] < widths[$1] })
    {
      widths[widest] -= 1
    }
    // Still too wide with every word whole: a grid would cut words (`constructor-inje` /
    // `ction`), so each row becomes a small record of "header: value" lines instead.
    if widths.reduce(0, +) > available {
      return renderRecords(header: header, rows: rows, width: width)
    }

    func line(_ cells: [[Span]]) -> [[Span]] {
      let wrapped = cells.enumerated().map { column, cell in wrap(cell, width: max(widths[column], 1)) }
      let height = wrapped.map(\.count).max() ?? 1
      return (0..<max(height, 1)).map { row in
        var spans: [Span] = []
        for column in 0..<columns {
          let cell = row < wrapped[column].count ? wrapped[column][row] : []
          let padding = max(widths[column] - cell.displayWidth, 0)
          let alignment = column < table.alignments.count ? table.alignments[column] : .left
          let left = alignment == .right ? padding : alignment == .center ? padding / 2 : 0
          spans.append(Span(String(repeating: " ", count: left)))
          spans += cell
          if column < columns - 1 {
            spans.append(Span(String(repeating: " ", count: padding - left + gap)))
          }
        }
        return trimTrailingSpaces(spans)
      }
    }

    var lines = line(header)
    lines.append(
      [Span(widths.map { String(repeating: "─", count: $0) }.joined(separator: String(repeating: " ", count: gap)), Style(faint: true))])
    for row in rows { lines += line(row) }
    return lines
  }

  /// A table too narrow for its grid: one block per row, a line per cell, rows apart.
  private func renderRecords(header: [[Span]], rows: [[[Span]]], width: Int) -> [[Span]] {
    var lines: [[Span]] = []
    for (index, row) in rows.enumerated() {
      if index > 0 { lines.append([]) }
      for (column, cell) in row.enumerated() where !cell.isEmpty && cell.displayWidth > 0 {
        let label = column < header.count && header[column].displayWidth > 0 ? header[column] + [Span(": ")] : []
        let wrapped = wrap(label + cell, width: width - (column == 0 ? 0 : 2))
        for (offset, line) in wrapped.enumerated() {
          let indent = column == 0 ? (offset == 0 ? "" : "  ") : (offset == 0 ? "  " : "    ")
          lines.append(indent.isEmpty ? line : [Span(indent)] + line)
        }
      }
    }
    return lines
  }
}
