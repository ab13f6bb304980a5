import Foundation

/// The `---`-fenced block of `key: value` lines at the top of a lesson or exercise file.
///
/// A deliberately small subset of YAML: scalars (optionally quoted) and one-line lists
/// (`[a, b]`). That is all the course needs, and it keeps a YAML library out of the learner's build.
struct FrontMatter: Equatable {
  var values: [String: String]
  var lists: [String: [String]]
  /// The text after the closing `---`.
  var body: String
  /// Line number (1-based) in the original file where `body` starts.
  var bodyLine: Int

  static func split(_ text: String) throws(CourseProblem.Reason) -> FrontMatter {
    let lines = text.replacingOccurrences(of: "\r\n", with: "\n")
      .split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.first?.trimmingCharacters(in: .whitespaces) == "---" else {
      throw .missingFrontMatter
    }
    guard let end = lines.dropFirst().firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "---" })
    else { throw .unclosedFrontMatter }

    var values: [String: String] = [:]
    var lists: [String: [String]] = [:]
    for (offset, line) in lines[1..<end].enumerated() {
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
    let body = lines[(end + 1)...].joined(separator: "\n")
    return FrontMatter(values: values, lists: lists, body: body, bodyLine: end + 2)
  }

  private static func unquote(_ value: String) -> String {
    for quote in ["\"", "'"] where value.count >= 2 && value.hasPrefix(quote) && value.hasSuffix(quote) {
      return String(value.dropFirst().dropLast())
    }
    return value
  }
}
