/// Turns the compiler's errors about an API that does not exist yet into what they mean for a
/// learner who has still to cut the seam.
///
/// In a seam exercise the tests are written against the API the learner must create
/// (`Greeter(clock:)`), so the first check fails to compile, in the test file. "extra argument
/// 'clock' in call" is accurate and useless to a newcomer; this says:
///
/// ```text
/// The tests build `Greeter(clock:)`, which `Greeter` does not accept yet: give it an init
/// that takes `clock:`. Your file: Exercises/greet-seam/Sources/Greeter.swift.
/// ```
enum SeamAdvice {
  static func line(
    for diagnostic: Verdict.Diagnostic, exercise: Exercise, learnerFolder: String, source: String?
  ) -> String? {
    // Only errors in the shipped tests are about the learner's missing API.
    guard diagnostic.severity == "error", diagnostic.file.hasPrefix(exercise.testsFolder + "/"), exercise.kind != .tests
    else { return nil }
    let message = diagnostic.message
    let files = exercise.files.map { "\(exercise.folder)/\(learnerFolder)/\($0)" }
    let yours = files.isEmpty ? "" : " Your file\(files.count == 1 ? "" : "s"): \(files.joined(separator: ", "))."
    // "no exact matches": several inits (or methods) of that name, none taking these arguments;
    // the compiler points at the name, not into the arguments.
    let call = source.flatMap { Self.call(in: $0, near: diagnostic.column, atName: message.hasPrefix("no exact matches")) }
    let shown = call.map { "`\($0.signature)`" } ?? "this call"
    let owner = call.map { "`\($0.name)`" } ?? "your type"

    if message.hasPrefix("extra argument") || message.hasPrefix("extra arguments")
      || message.hasPrefix("argument passed to call that takes no arguments")
      || message.hasPrefix("no exact matches in call to")
    {
      let labels = call?.labels.filter { $0 != "_" }.map { "`\($0):`" } ?? []
      let takes = labels.isEmpty ? "what the tests pass" : labels.joined(separator: " and ")
      if let call, call.isMethod {
        // A method (`raffle.draw(prizes:using:)`), not a type: the seam is a parameter.
        return "The tests call \(shown), which your `\(call.name)` does not accept yet: give it the parameters the tests pass (\(takes))." + yours
      }
      return "The tests build \(shown), which \(owner) does not accept yet: give it an init that takes \(takes)." + yours
    }
    if let label = quoted(in: message, after: "missing argument label ") {
      return "The tests call \(shown) with the label `\(label)`; your code takes that argument without it. Name the parameter `\(label.dropLast())`." + yours
    }
    if message.hasPrefix("incorrect argument label"), let have = quoted(in: message, after: "have "),
      let expected = quoted(in: message, after: "expected ")
    {
      return "The tests call \(shown) with `\(have)`, but your code names it `\(expected)`. Use the tests' label." + yours
    }
    if let parameter = quoted(in: message, after: "missing argument for parameter ") {
      return "Your \(owner) needs `\(parameter)`, which the tests do not pass: give that parameter a default value, or take it from somewhere the tests do control." + yours
    }
    if message.hasPrefix("value of type"), let type = quoted(in: message, after: "value of type "),
      let member = quoted(in: message, after: "has no member ")
    {
      return "The tests use `\(type).\(member)`, which `\(type)` does not have yet: add it." + yours
    }
    if let name = quoted(in: message, after: "cannot find type ") ?? quoted(in: message, after: "cannot find ") {
      return "The tests use `\(name)`, which your code does not define yet: add it (the task says what it is)." + yours
    }
    // The seam's protocol asks for more than the tests' doubles give: another method, `AnyObject`,
    // `Sendable`; or a live type the tests pass does not conform to it yet.
    if message.hasPrefix("argument type"), let have = quoted(in: message, after: "argument type "),
      let want = quoted(in: message, after: "expected type ")
    {
      return "The tests pass a `\(have)` where your code expects `\(want)`: declare the conformance, `extension \(have): \(want) {}`." + yours
    }
    if message.hasPrefix("type"), let double = quoted(in: message, after: "type "),
      let requirement = quoted(in: message, after: "does not conform to protocol ")
    {
      return "The tests' `\(double)` has what the task asks `\(requirement)` to require, and no more: your `\(requirement)` asks for something else too (another method, or `AnyObject`). Require only what the task names." + yours
    }
    if message.contains("'Sendable'-conforming class"), let double = quoted(in: message, after: "class ") {
      return "The tests' `\(double)` keeps plain mutable state, so it cannot be `Sendable`: your protocol requires `Sendable`, which the task does not ask for. Drop it." + yours
    }
    return nil
  }

  /// The text between the quotes that follow `marker`: `'clock:'` after "label ".
  private static func quoted(in message: String, after marker: String) -> String? {
    guard let start = message.range(of: marker + "'") else { return nil }
    let rest = message[start.upperBound...]
    guard let end = rest.firstIndex(of: "'") else { return nil }
    return String(rest[..<end])
  }

  struct Call: Equatable {
    var name: String
    var labels: [String]
    var signature: String { "\(name)(\(labels.map { $0 + ":" }.joined()))" }
    /// A method or function (`draw`), not a type's initializer (`Greeter`).
    var isMethod: Bool { name.first?.isLowercase ?? false }
  }

  /// The call whose argument list holds `column` (1-based): its name and argument labels. With
  /// `atName`, the call whose name starts at `column`, when one does.
  static func call(in line: String, near column: Int, atName: Bool = false) -> Call? {
    let characters = Array(line)
    var position = min(max(column - 1, 0), characters.count - 1)
    guard position >= 0 else { return nil }
    var depth = 0
    if characters[position] == "(" { position += 1 }
    var open: Int?
    var nameEnd = atName ? position : characters.count
    while nameEnd < characters.count, characters[nameEnd].isLetter || characters[nameEnd].isNumber || characters[nameEnd] == "_" {
      nameEnd += 1
    }
    if nameEnd > position, nameEnd < characters.count, characters[nameEnd] == "(",
      position == 0 || !(characters[position - 1].isLetter || characters[position - 1].isNumber || characters[position - 1] == "_")
    {
      open = nameEnd
    }
    // Else walk back to the opening parenthesis of the enclosing call.
    var index = open == nil ? position - 1 : -1
    while index >= 0 {
      switch characters[index] {
      case ")": depth += 1
      case "(":
        if depth == 0 { open = index } else { depth -= 1 }
      default: break
      }
      if open != nil { break }
      index -= 1
    }
    guard let open else { return nil }
    var start = open
    while start > 0, characters[start - 1].isLetter || characters[start - 1].isNumber || characters[start - 1] == "_" || characters[start - 1] == "." {
      start -= 1
    }
    let name = String(characters[start..<open]).split(separator: ".").last.map(String.init) ?? ""
    guard let first = name.first, first.isLetter || first == "_" else { return nil }
    // Top-level `label:` words inside the parentheses.
    var labels: [String] = []
    var word = ""
    var level = 0
    var expectingLabel = true
    var cursor = open + 1
    while cursor < characters.count {
      let character = characters[cursor]
      if character == "(" || character == "[" || character == "{" {
        level += 1
      } else if character == ")" || character == "]" || character == "}" {
        if level == 0 { break }
        level -= 1
      } else if level == 0 {
        if character == "," {
          if expectingLabel { labels.append("_") }
          expectingLabel = true
          word = ""
        } else if character == ":" && expectingLabel && !word.isEmpty {
          labels.append(word)
          expectingLabel = false
        } else if character.isLetter || character.isNumber || character == "_" {
          word.append(character)
        } else if character != " " {
          word = ""
        }
      }
      cursor += 1
    }
    if expectingLabel && !word.isEmpty { labels.append("_") }
    return Call(name: name, labels: labels)
  }
}
