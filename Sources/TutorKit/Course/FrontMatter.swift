import Foundation

/// The `---`-fenced block of `key: value` lines at the top of a lesson or exercise file.
///
/// A deliberately small subset of YAML: scalars (optionally quoted) and one-line lists
/// (`[a, b]`). That is all the course needs, and it keeps a YAML library out of the learner's build.
struct FrontMatter: Equatable {
  var values: [String: String]
  var lists: [String: [String]]
  /// The text after the closing `---`, as written.
  private var rest: Substring
  /// The text after the closing `---`, with Windows line ends made plain; read only by those
  /// who need it (a lesson is long, and finding an exercise reads every lesson's front matter).
  var body: String {
    rest.utf8.contains(UInt8(ascii: "\r")) ? rest.replacingOccurrences(of: "\r\n", with: "\n") : String(rest)
  }
  /// Line number (1-based) in the original file where `body` starts.
  var bodyLine: Int

  static func split(_ text: String) throws(CourseProblem.Reason) -> FrontMatter {
    // Reads line by line up to the closing `---` only: a lesson is long, its front matter short,
    // and finding one exercise should not cost reading every lesson through.
    var position = text.startIndex
    func nextLine() -> Substring? {
      guard position < text.endIndex else { return nil }
      let end = text.utf8[position...].firstIndex(of: UInt8(ascii: "\n")) ?? text.endIndex
      var line = text[position..<end]
      position = end < text.endIndex ? text.utf8.index(after: end) : end
      if line.utf8.last == UInt8(ascii: "\r") { line = text[line.startIndex..<text.utf8.index(before: line.endIndex)] }
      return line
    }
    guard nextLine()?.trimmingCharacters(in: .whitespaces) == "---" else { throw .missingFrontMatter }
    var header: [Substring] = []
    while true {
      guard let line = nextLine() else { throw .unclosedFrontMatter }
      if line.trimmingCharacters(in: .whitespaces) == "---" { break }
      header.append(line)
    }

    var values: [String: String] = [:]
    var lists: [String: [String]] = [:]
    for (offset, line) in header.enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      guard let colon = trimmed.firstIndex(of: ":") else {
        throw .malformedFrontMatter(line: offset + 2, text: String(line))
      }
      let key = trimmed[..<colon].trimmingCharacters(in: .whitespaces)
      let value = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      if value.hasPrefix("[") {
        guard value.hasSuffix("]") else { throw .malformedFrontMatter(line: offset + 2, text: String(line)) }
        lists[key] = value.dropFirst().dropLast().split(separator: ",")
          .map { unquote($0.trimmingCharacters(in: .whitespaces)) }
          .filter { !$0.isEmpty }
      } else {
        values[key] = unquote(value)
      }
    }
    return FrontMatter(values: values, lists: lists, rest: text[position...], bodyLine: header.count + 3)
  }

  private static func unquote(_ value: String) -> String {
    for quote in ["\"", "'"] where value.count >= 2 && value.hasPrefix(quote) && value.hasSuffix(quote) {
      return String(value.dropFirst().dropLast())
    }
    return value
  }
}
