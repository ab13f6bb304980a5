import TutorKit

/// Turns a ``Document`` into lines for a terminal of a given width, with or without colour.
///
/// Pure: the same document and traits always give the same text, which is what the tests check.
/// Colour codes appear only when ``TerminalTraits/colors`` is on; with it off the output is plain
/// text that reads well in a pipe, a log or a screen reader.
///
/// This file lays out the blocks; code, diagrams, tables, inline styles and wrapping each have
/// a file of their own (`Renderer+Code.swift` and so on).
public struct Renderer: Sendable {
  /// The widest a line of prose gets, however wide the terminal: past about 100 columns the eye
  /// loses its way back to the start of the next line. Code and tables may use the whole width.
  public static let measure = 100

  public let traits: TerminalTraits
  let highlighter = SwiftHighlighter()

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
}
