/// One line typed at the prompt, split into words. Quotes group words (`open "why di"`); a
/// backslash escapes the next character.
public struct TypedLine: Sendable, Equatable {
  public var words: [String]

  public init(_ line: String) {
    var words: [String] = []
    var current = ""
    var inWord = false
    var quote: Character?
    var escaped = false
    for character in line {
      if escaped {
        current.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
        inWord = true
      } else if let open = quote {
        if character == open { quote = nil } else { current.append(character) }
      } else if character == "\"" || character == "'" {
        quote = character
        inWord = true
      } else if character.isWhitespace {
        if inWord { words.append(current) }
        current = ""
        inWord = false
      } else {
        current.append(character)
        inWord = true
      }
    }
    if inWord { words.append(current) }
    self.words = words
  }

  public var command: String? { words.first }
  public var arguments: [String] { Array(words.dropFirst()) }
}

/// Text the learner typed, made safe to echo back: control characters (which could move the
/// cursor or change colours) are shown as escapes, and long input is shortened.
public func displayable(_ input: String, limit: Int = 40) -> String {
  var result = ""
  for scalar in input.unicodeScalars {
    if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
      || scalar == "\u{FFFD}"
    {
      result += scalar == "\u{FFFD}" ? "\\u{FFFD}" : "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    } else {
      result.unicodeScalars.append(scalar)
    }
  }
  if result.count > limit {
    result = String(result.prefix(limit)) + "…"
  }
  return result
}
