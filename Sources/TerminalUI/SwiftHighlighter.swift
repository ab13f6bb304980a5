/// Splits Swift source into coloured lines: keywords, types, strings, comments, numbers and
/// attributes. A lexer, not a parser: it never fails, so half-written code still shows.
public struct SwiftHighlighter: Sendable {
  public enum Kind: Sendable, Equatable {
    case plain, keyword, type, string, comment, number, attribute
  }

  public init() {}

  static let keywords: Set<String> = [
    "actor", "any", "as", "associatedtype", "async", "await", "borrowing", "break", "case", "catch",
    "class", "consuming", "continue", "convenience", "default", "defer", "deinit", "do", "dynamic",
    "else", "enum", "extension", "fallthrough", "false", "fileprivate", "final", "for", "func", "get",
    "guard", "if", "import", "in", "indirect", "init", "inout", "internal", "is", "isolated", "lazy",
    "let", "mutating", "nil", "nonisolated", "nonmutating", "open", "operator", "override",
    "private", "protocol", "public", "repeat", "required", "rethrows", "return", "self", "Self",
    "set", "some", "static", "struct", "subscript", "super", "switch", "throw", "throws", "true",
    "try", "typealias", "unowned", "var", "weak", "where", "while", "willSet", "didSet", "sending",
  ]

  /// The code's tokens as (text, kind) pairs, covering every character of `code` in order.
  public func tokens(_ code: String) -> [(text: String, kind: Kind)] {
    let characters = Array(code)
    var tokens: [(String, Kind)] = []
    var index = 0
    var plain = ""

    func emit(_ text: String, _ kind: Kind) {
      if !plain.isEmpty {
        tokens.append((plain, .plain))
        plain = ""
      }
      tokens.append((text, kind))
    }
    func starts(_ prefix: String, at position: Int) -> Bool {
      var i = position
      for character in prefix {
        guard i < characters.count, characters[i] == character else { return false }
        i += 1
      }
      return true
    }

    while index < characters.count {
      let character = characters[index]
      if starts("//", at: index) {
        let end = characters[index...].firstIndex(of: "\n") ?? characters.count
        emit(String(characters[index..<end]), .comment)
        index = end
      } else if starts("/*", at: index) {
        var depth = 0
        var end = index
        repeat {
          if starts("/*", at: end) {
            depth += 1
            end += 2
          } else if starts("*/", at: end) {
            depth -= 1
            end += 2
          } else {
            end += 1
          }
        } while depth > 0 && end < characters.count
        emit(String(characters[index..<min(end, characters.count)]), .comment)
        index = min(end, characters.count)
      } else if character == "\"" || (character == "#" && starts("#\"", at: index)) {
        let end = stringEnd(characters, from: index)
        emit(String(characters[index..<end]), .string)
        index = end
      } else if character == "@", index + 1 < characters.count, characters[index + 1].isLetter {
        var end = index + 1
        while end < characters.count, characters[end].isLetter || characters[end].isNumber || characters[end] == "_" {
          end += 1
        }
        emit(String(characters[index..<end]), .attribute)
        index = end
      } else if character.isNumber, !(plain.last.map { $0.isLetter || $0 == "_" } ?? false) {
        var end = index
        while end < characters.count,
          characters[end].isHexDigit || "._xob".contains(characters[end])
        {
          if characters[end] == ".", !(end + 1 < characters.count && characters[end + 1].isNumber) { break }
          end += 1
        }
        emit(String(characters[index..<end]), .number)
        index = end
      } else if character.isLetter || character == "_" {
        var end = index
        while end < characters.count, characters[end].isLetter || characters[end].isNumber || characters[end] == "_" {
          end += 1
        }
        let word = String(characters[index..<end])
        let afterDot = index > 0 && characters[index - 1] == "."
        if Self.keywords.contains(word) && !afterDot {
          emit(word, .keyword)
        } else if word.first?.isUppercase == true {
          emit(word, .type)
        } else {
          plain += word
        }
        index = end
      } else {
        plain.append(character)
        index += 1
      }
    }
    if !plain.isEmpty { tokens.append((plain, .plain)) }
    return tokens
  }

  /// Where a string literal starting at `start` ends: handles `"…"`, `"""…"""`, raw `#"…"#`,
  /// escapes and `\(…)` interpolation (shown in the string's colour).
  private func stringEnd(_ characters: [Character], from start: Int) -> Int {
    var index = start
    var hashes = 0
    while index < characters.count, characters[index] == "#" {
      hashes += 1
      index += 1
    }
    let multiline = index + 2 < characters.count && characters[index] == "\"" && characters[index + 1] == "\""
      && characters[index + 2] == "\""
    let quote = multiline ? 3 : 1
    index += quote
    let closing = String(repeating: "\"", count: quote) + String(repeating: "#", count: hashes)
    while index < characters.count {
      if characters[index] == "\\" && hashes == 0 {
        index += 2
        continue
      }
      if !multiline && characters[index] == "\n" { return index }
      if String(characters[index..<min(index + closing.count, characters.count)]) == closing {
        return index + closing.count
      }
      index += 1
    }
    return characters.count
  }

  /// The code as lines of styled spans.
  public func highlight(_ code: String) -> [[Span]] {
    var lines: [[Span]] = [[]]
    for (text, kind) in tokens(code) {
      let style = Self.style(kind)
      let parts = text.split(separator: "\n", omittingEmptySubsequences: false)
      for (offset, part) in parts.enumerated() {
        if offset > 0 { lines.append([]) }
        if !part.isEmpty { lines[lines.count - 1].append(Span(String(part), style)) }
      }
    }
    return lines
  }

  static func style(_ kind: Kind) -> Style {
    switch kind {
    case .plain: .plain
    case .keyword: Style(bold: true, foreground: .magenta)
    case .type: Style(foreground: .cyan)
    case .string: Style(foreground: .green)
    case .comment: Style(italic: true, foreground: .gray)
    case .number: Style(foreground: .yellow)
    case .attribute: Style(foreground: .magenta)
    }
  }
}
