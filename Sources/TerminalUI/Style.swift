/// How a run of text looks. The renderer turns it into ANSI escape codes only when colour is on.
public struct Style: Sendable, Equatable, Hashable {
  public enum Color: Int, Sendable {
    case red = 31, green = 32, yellow = 33, blue = 34, magenta = 35, cyan = 36, gray = 90
  }

  public var bold = false
  public var italic = false
  public var faint = false
  public var underline = false
  public var foreground: Color?

  public init(bold: Bool = false, italic: Bool = false, faint: Bool = false, underline: Bool = false, foreground: Color? = nil) {
    self.bold = bold
    self.italic = italic
    self.faint = faint
    self.underline = underline
    self.foreground = foreground
  }

  public static let plain = Style()

  var isPlain: Bool { self == .plain }

  /// The SGR sequence that switches from any state to this style.
  var escape: String {
    var codes = ["0"]
    if bold { codes.append("1") }
    if faint { codes.append("2") }
    if italic { codes.append("3") }
    if underline { codes.append("4") }
    if let foreground { codes.append(String(foreground.rawValue)) }
    return "\u{1B}[" + codes.joined(separator: ";") + "m"
  }
}

/// A piece of text in one style.
public struct Span: Sendable, Equatable {
  public var text: String
  public var style: Style

  public init(_ text: String, _ style: Style = .plain) {
    self.text = text
    self.style = style
  }
}

/// Whether output may carry colour, and how wide the screen is.
public struct TerminalTraits: Sendable, Equatable {
  public var width: Int
  public var colors: Bool

  public init(width: Int, colors: Bool) {
    self.width = max(width, 20)
    self.colors = colors
  }

  /// For text a person reads later in a file or a pipe (`ditutor grade > book.txt`): no colour,
  /// and no screen to fit, so a table keeps its grid however many columns it has (a gradebook
  /// of 29 exercises stays a row per learner). Prose still wraps at ``Renderer/measure``.
  public static let file = TerminalTraits(width: 1 << 16, colors: false)

  /// Colour only on a terminal, and never when `NO_COLOR` is set (to anything) or `TERM=dumb`.
  /// See https://no-color.org.
  public static func colorsAllowed(isTerminal: Bool, environment: [String: String]) -> Bool {
    guard isTerminal else { return false }
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
    if environment["TERM"] == "dumb" { return false }
    return true
  }
}

extension [Span] {
  /// One line of spans as terminal text: escape codes only when `colors` is on, always reset
  /// at the end of the line so a style never leaks into the next one.
  func joined(colors: Bool) -> String {
    guard colors else { return map(\.text).joined() }
    var output = ""
    var current = Style.plain
    for span in self where !span.text.isEmpty {
      if span.style != current {
        output += span.style.escape
        current = span.style
      }
      output += span.text
    }
    if !current.isPlain { output += "\u{1B}[0m" }
    return output
  }

  var displayWidth: Int { reduce(0) { $0 + $1.text.displayWidth } }
}
