import TutorKit

/// A lesson laid out for a projector: one page per screen (a page taller than the screen goes
/// on over as many screens as it needs), a large heading, and a footer with where the class is.
/// Pure: a lesson and a screen size in, screens of text out, so it re-flows on every resize.
public struct Slides: Sendable {
  public struct Slide: Sendable, Equatable {
    /// Zero-based page of the lesson.
    public var page: Int
    /// Which screen of that page, and how many it takes.
    public var part: Int
    public var parts: Int
    /// The body's lines, rendered.
    public var lines: [String]
    /// The names of the page's runnable examples (`r` runs them).
    public var examples: [String]
  }

  public let lesson: Lesson
  public let traits: TerminalTraits
  public let height: Int
  public let slides: [Slide]

  /// Rows the heading takes (title, rule, blank) and the footer (blank, rule, status).
  static let chrome = 6

  public init(lesson: Lesson, traits: TerminalTraits, height: Int) {
    self.lesson = lesson
    self.traits = traits
    self.height = max(height, Self.chrome + 4)
    let renderer = Renderer(traits: traits)
    let room = self.height - Self.chrome
    var slides: [Slide] = []
    for (index, page) in lesson.pages.enumerated() {
      var body = page.content.blocks
      // The page's own `##` title is the slide's heading; the first page's is the lesson's.
      if case .heading(2, _) = body.first { body.removeFirst() }
      let lines = renderer.render(Document(body)).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
      let examples = page.content.blocks.compactMap { block -> String? in
        guard case .code(let code) = block, let range = code.info.range(of: "example:") else { return nil }
        return code.info[range.upperBound...].trimmingCharacters(in: .whitespaces)
      }
      let chunks = stride(from: 0, to: max(lines.count, 1), by: room).map { Array(lines[$0..<min($0 + room, lines.count)]) }
      for (part, chunk) in chunks.enumerated() {
        slides.append(Slide(page: index, part: part, parts: chunks.count, lines: chunk, examples: examples))
      }
    }
    self.slides = slides
  }

  /// The slide where `page` starts (after a resize, the presenter stays on the same page).
  public func firstSlide(ofPage page: Int) -> Int {
    slides.firstIndex { $0.page == page } ?? 0
  }

  /// The slide of this layout that shows what `slide` of another layout showed: the same page,
  /// as far into it (a window made smaller splits a page into more screens).
  public func slide(matching slide: Slide) -> Int {
    let first = firstSlide(ofPage: slide.page)
    let parts = slides[first].parts
    let along = Double(slide.part) / Double(max(slide.parts, 1))
    return first + min(parts - 1, Int((along * Double(parts)).rounded(.down)))
  }

  /// The whole screen for slide `index`: heading, body, and the footer at the bottom row.
  public func screen(_ index: Int) -> String {
    let slide = slides[index]
    let renderer = Renderer(traits: traits)
    let page = lesson.pages[slide.page]
    let title = slide.page == 0 ? lesson.title : page.title
    var lines: [String] = renderer.render(Document([.heading(level: 1, [.text(title)])])).split(separator: "\n").map(String.init)
    lines.append("")
    lines += slide.lines
    let footerLines = footer(for: slide, index: index)
    while lines.count < height - footerLines.count { lines.append("") }
    lines = Array(lines.prefix(height - footerLines.count)) + footerLines
    return lines.joined(separator: "\n")
  }

  private func footer(for slide: Slide, index: Int) -> [String] {
    let width = traits.width
    let done = width * (index + 1) / max(slides.count, 1)
    let bar = String(repeating: "━", count: done) + String(repeating: "─", count: width - done)
    var status = "Lesson \(lesson.order) · page \(slide.page + 1)/\(lesson.pages.count)"
    if slide.parts > 1 { status += " (\(slide.part + 1)/\(slide.parts))" }
    let keys = "→ next · ← back" + (slide.examples.isEmpty ? "" : " · r run") + " · q quit"
    let gap = width - status.count - keys.count
    let line = gap >= 2 ? status + String(repeating: " ", count: gap) + keys : String((status + " · " + keys).prefix(width))
    let style = renderer(faint: true)
    return [style(bar), line]
  }

  private func renderer(faint: Bool) -> (String) -> String {
    let traits = self.traits
    return { text in
      Renderer(traits: traits).render(Document([.paragraph([.faint([.text(text)])])]))
        .trimmingCharacters(in: .newlines)
    }
  }
}
