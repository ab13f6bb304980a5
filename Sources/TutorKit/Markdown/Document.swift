/// What ditutor shows: a lesson page, a list of lessons, a message. TutorKit builds documents;
/// the terminal renderer decides how they look (colour, width), so nothing here knows about ANSI.
public struct Document: Sendable, Equatable {
  public var blocks: [Block]

  public init(_ blocks: [Block] = []) {
    self.blocks = blocks
  }

  public var isEmpty: Bool { blocks.isEmpty }

  public static func + (lhs: Document, rhs: Document) -> Document {
    Document(lhs.blocks + rhs.blocks)
  }
}

public indirect enum Block: Sendable, Equatable {
  case heading(level: Int, [Inline])
  case paragraph([Inline])
  case list(ListBlock)
  case quote([Block])
  case code(CodeBlock)
  case diagram(Diagram)
  case table(Table)
  case rule
  /// A message from the tool itself rather than from the course.
  case notice(NoticeKind, [Inline])
}

public enum NoticeKind: String, Sendable, Equatable {
  case info, success, warning, error
}

public indirect enum Inline: Sendable, Equatable {
  case text(String)
  case code(String)
  case emphasis([Inline])
  case strong([Inline])
  case link(text: [Inline], destination: String)
  /// Secondary text: page counters, hints about what to type next.
  case faint([Inline])
}

public struct ListBlock: Sendable, Equatable {
  public var ordered: Bool
  public var start: Int
  public var items: [ListItem]

  public init(ordered: Bool, start: Int = 1, items: [ListItem]) {
    self.ordered = ordered
    self.start = start
    self.items = items
  }
}

public struct ListItem: Sendable, Equatable {
  /// `true`/`false` for task-list items (`- [x]`, `- [ ]`), `nil` otherwise.
  public var checked: Bool?
  /// A marker of the item's own in place of the list's bullet or number (a quiz option's `a)`);
  /// lines that wrap stay indented past it.
  public var marker: String?
  public var blocks: [Block]

  public init(checked: Bool? = nil, marker: String? = nil, blocks: [Block]) {
    self.checked = checked
    self.marker = marker
    self.blocks = blocks
  }
}

public struct CodeBlock: Sendable, Equatable {
  /// The fence's language (`swift`, `output`, `sh`), lowercased; empty when none was given.
  public var language: String
  /// Whatever followed the language on the fence line (`continue`, `not-compiled: reason`,
  /// `expect-error: text`).
  public var info: String
  public var text: String

  public init(language: String, info: String = "", text: String) {
    self.language = language
    self.info = info
    self.text = text
  }

  /// The reason given by a `not-compiled:` marker, if the block has one.
  public var notCompiledReason: String? {
    let marker = "not-compiled:"
    guard info.hasPrefix(marker) else { return nil }
    return String(info.dropFirst(marker.count)).trimmingCharacters(in: .whitespaces)
  }

  /// The compiler error an `expect-error:` block is shown for (the test suite checks that the
  /// block really fails with it), if the block has one.
  public var expectedError: String? {
    guard language == "swift", let marker = info.range(of: "expect-error:") else { return nil }
    let text = info[marker.upperBound...].trimmingCharacters(in: .whitespaces)
    return text.isEmpty ? nil : text
  }
}

/// A diagram from a ` ```mermaid ` block, reduced to what a terminal can show: labelled edges.
public struct Diagram: Sendable, Equatable {
  public struct Edge: Sendable, Equatable {
    public var from: String
    public var to: String
    public var label: String?

    public init(from: String, to: String, label: String? = nil) {
      self.from = from
      self.to = to
      self.label = label
    }
  }

  /// Node ids in the order they first appear, with their display labels.
  public var nodes: [(id: String, label: String)]
  public var edges: [Edge]
  /// The Mermaid source, for anything the reduction could not read.
  public var source: String

  public init(nodes: [(id: String, label: String)], edges: [Edge], source: String) {
    self.nodes = nodes
    self.edges = edges
    self.source = source
  }

  public func label(of id: String) -> String {
    nodes.first { $0.id == id }?.label ?? id
  }

  public static func == (lhs: Diagram, rhs: Diagram) -> Bool {
    lhs.edges == rhs.edges && lhs.source == rhs.source
      && lhs.nodes.map(\.id) == rhs.nodes.map(\.id)
      && lhs.nodes.map(\.label) == rhs.nodes.map(\.label)
  }
}

public struct Table: Sendable, Equatable {
  public enum Alignment: Sendable, Equatable { case left, center, right }

  public var header: [[Inline]]
  public var alignments: [Alignment]
  public var rows: [[[Inline]]]

  public init(header: [[Inline]], alignments: [Alignment], rows: [[[Inline]]]) {
    self.header = header
    self.alignments = alignments
    self.rows = rows
  }
}

extension [Inline] {
  /// The text without any styling, as a screen reader or a search would see it.
  public var plainText: String {
    map(\.plainText).joined()
  }
}

extension Inline {
  public var plainText: String {
    switch self {
    case .text(let text), .code(let text): text
    case .emphasis(let children), .strong(let children), .faint(let children): children.plainText
    case .link(let text, _): text.plainText
    }
  }
}
