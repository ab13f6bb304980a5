import TutorKit

/// Inline text (code, emphasis, strong, faint, links) as styled spans.
extension Renderer {
  /// The inlines as spans, each styled as `style` plus what its markup adds.
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
}
