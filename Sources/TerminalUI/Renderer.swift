import TutorKit

/// Turns a ``Document`` into lines for a terminal of a given width, with or without colour.
///
/// Pure: the same document and traits always give the same text, which is what the tests check.
/// Colour codes appear only when ``TerminalTraits/colors`` is on; with it off the output is plain
/// text that reads well in a pipe, a log or a screen reader.
public struct Renderer: Sendable {
  /// The widest a line of prose gets, however wide the terminal: past about 100 columns the eye
  /// loses its way back to the start of the next line. Code and tables may use the whole width.
  public static let measure = 100

  public let traits: TerminalTraits
  private let highlighter = SwiftHighlighter()

  public init(traits: TerminalTraits) {
    self.traits = traits
  }

  /// The document as text, ending with a newline (empty for an empty document).
  public func render(_ document: Document) -> String {
    let lines = renderBlocks(document.blocks, width: traits.width)
    guard !lines.isEmpty else { return "" }
    return lines.map { $0.joined(colors: traits.colors) }.joined(separator: "\n") + "\n"
  }

  // MARK: Blocks

  private func renderBlocks(_ blocks: [Block], width: Int) -> [[Span]] {
    var lines: [[Span]] = []
    for (index, block) in blocks.enumerated() {
      let rendered = renderBlock(block, width: width)
      if index > 0 && !rendered.isEmpty && needsGap(before: block, after: blocks[index - 1]) {
        lines.append([])
      }
      lines += rendered
    }
    return lines
  }

  private func needsGap(before block: Block, after previous: Block) -> Bool {
    // A run of notices (several messages) stays together.
    if case .notice = block, case .notice = previous { return false }
    return true
  }

  private func renderBlock(_ block: Block, width: Int) -> [[Span]] {
    switch block {
    case .heading(let level, let inlines):
      return heading(level: level, inlines, width: min(width, Self.measure))
    case .paragraph(let inlines):
      return wrap(spans(inlines), width: min(width, Self.measure))
    case .list(let list):
      return renderList(list, width: min(width, Self.measure))
    case .quote(let blocks):
      let bar = Span("│ ", Style(faint: true))
      return renderBlocks(blocks, width: width - 2).map { $0.isEmpty ? [Span("│", bar.style)] : [bar] + $0.map(italicize) }
    case .code(let code):
      return renderCode(code, width: width)
    case .diagram(let diagram):
      return renderDiagram(diagram, width: width)
    case .table(let table):
      return renderTable(table, width: width)
    case .rule:
      return [[Span(String(repeating: "─", count: min(width, 72)), Style(faint: true))]]
    case .notice(let kind, let inlines):
      let (mark, style): (String, Style) =
        switch kind {
        case .info: ("", .plain)
        case .success: ("✓ ", Style(bold: true, foreground: .green))
        case .warning: ("! ", Style(bold: true, foreground: .yellow))
        case .error: ("✗ ", Style(bold: true, foreground: .red))
        }
      let body = wrap(spans(inlines), width: min(width, Self.measure) - mark.displayWidth)
      return body.enumerated().map { index, line in
        [Span(index == 0 ? mark : String(repeating: " ", count: mark.displayWidth), style)] + line
      }
    }
  }

  private func italicize(_ span: Span) -> Span {
    var span = span
    span.style.italic = true
    return span
  }

  private func heading(level: Int, _ inlines: [Inline], width: Int) -> [[Span]] {
    let style: Style =
      switch level {
      case 1: Style(bold: true, foreground: .cyan)
      case 2: Style(bold: true, foreground: .blue)
      default: Style(bold: true)
      }
    let text = spans(inlines).map { span -> Span in
      var span = span
      span.style.bold = true
      if span.style.foreground == nil { span.style.foreground = style.foreground }
      return span
    }
    var lines = wrap(text, width: width)
    if level <= 2 {
      let underline = level == 1 ? "═" : "─"
      let length = min(lines.map(\.displayWidth).max() ?? 0, width)
      lines.append([Span(String(repeating: underline, count: length), Style(faint: level == 2, foreground: style.foreground))])
    }
    return lines
  }

  private func renderList(_ list: ListBlock, width: Int) -> [[Span]] {
    var lines: [[Span]] = []
    let lastNumber = list.start + list.items.count - 1
    let ownMarkers = list.items.compactMap(\.marker)
    let markerWidth =
      !ownMarkers.isEmpty ? ownMarkers.map(\.displayWidth).max()! + 1 : list.ordered ? String(lastNumber).count + 2 : 2
    for (index, item) in list.items.enumerated() {
      var marker: String
      if let own = item.marker {
        marker = own + String(repeating: " ", count: markerWidth - own.displayWidth)
      } else if list.ordered {
        let number = String(list.start + index) + "."
        marker = String(repeating: " ", count: markerWidth - 1 - number.count) + number + " "
      } else {
        marker = "• "
      }
      if let checked = item.checked { marker += checked ? "[x] " : "[ ] " }
      let indent = marker.displayWidth
      let body = renderBlocks(item.blocks, width: max(width - indent, 10))
      for (offset, line) in body.enumerated() {
        let markerStyle = item.marker != nil ? Style(bold: true) : Style(foreground: list.ordered ? nil : .cyan)
        let prefix = offset == 0 ? Span(marker, markerStyle) : Span(String(repeating: " ", count: indent))
        lines.append(line.isEmpty ? [] : [prefix] + line)
      }
      // Items whose bodies have several blocks read better apart.
      if item.blocks.count > 1 && index < list.items.count - 1 { lines.append([]) }
    }
    return lines
  }

  private func renderCode(_ code: CodeBlock, width: Int) -> [[Span]] {
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

  // MARK: Diagrams

  private func renderDiagram(_ diagram: Diagram, width: Int) -> [[Span]] {
    guard !diagram.edges.isEmpty else {
      return diagram.source.split(separator: "\n").map { [Span("    " + $0)] }
    }
    let targets = Set(diagram.edges.map(\.to))
    var roots = diagram.nodes.map(\.id).filter { !targets.contains($0) }
    if roots.isEmpty, let first = diagram.nodes.first { roots = [first.id] }
    var expanded: Set<String> = []
    var lines: [[Span]] = []

    func visit(_ id: String, prefix: String, connector: String, label: String?, path: [String]) {
      var line = [Span(prefix + connector, Style(foreground: .cyan)), Span(diagram.label(of: id), Style(bold: connector.isEmpty))]
      if let label, !label.isEmpty { line.append(Span("  (\(label))", Style(faint: true))) }
      let children = diagram.edges.filter { $0.from == id }
      if path.contains(id) {
        line.append(Span("  ↺ cycle", Style(foreground: .red)))
        lines.append(line)
        return
      }
      if expanded.contains(id) && !children.isEmpty {
        line.append(Span("  (as above)", Style(faint: true)))
        lines.append(line)
        return
      }
      lines.append(line)
      expanded.insert(id)
      let childPrefix = connector.isEmpty ? prefix : prefix + (connector.hasPrefix("├") ? "│   " : "    ")
      for (index, edge) in children.enumerated() {
        let last = index == children.count - 1
        visit(edge.to, prefix: childPrefix, connector: last ? "└─▶ " : "├─▶ ", label: edge.label, path: path + [id])
      }
    }
    for root in roots {
      visit(root, prefix: "  ", connector: "", label: nil, path: [])
    }
    let caption = wrap([Span("Diagram:", Style(faint: true))], width: width)
    return caption + lines.flatMap { hardWrap($0, width: width, continuation: "      ") }
  }

  // MARK: Tables

  private func renderTable(_ table: Table, width: Int) -> [[Span]] {
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

  private func trimTrailingSpaces(_ spans: [Span]) -> [Span] {
    var spans = spans
    while let last = spans.last, last.text.allSatisfy({ $0 == " " }) { spans.removeLast() }
    return spans
  }

  // MARK: Inlines

  func spans(_ inlines: [Inline], style: Style = .plain) -> [Span] {
    inlines.flatMap { inline -> [Span] in
      switch inline {
      case .text(let text):
        return [Span(text, style)]
      case .code(let code):
        var codeStyle = style
        codeStyle.foreground = .yellow
        // Without colour the words simply stand in the sentence: backticks in a pipe or a log
        // read as Markdown that was never rendered.
        return traits.colors ? [Span(code, codeStyle)] : [Span(code, style)]
      case .emphasis(let children):
        var inner = style
        inner.italic = true
        return spans(children, style: inner)
      case .strong(let children):
        var inner = style
        inner.bold = true
        return spans(children, style: inner)
      case .faint(let children):
        var inner = style
        inner.faint = true
        return spans(children, style: inner)
      case .link(let text, let destination):
        var inner = style
        inner.underline = true
        let label = spans(text, style: inner)
        if text.plainText == destination || destination.hasPrefix("#") { return label }
        return label + [Span(" (\(destination))", Style(faint: true))]
      }
    }
  }

  // MARK: Wrapping

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
}
