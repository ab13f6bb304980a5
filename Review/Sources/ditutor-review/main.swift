import Foundation
import ReviewRules

// ditutor-review --rules Rules.json [--code F]... [--tests F]... [--context-code F]... [--context-tests F]...
//                [--next [--code F]...]...
//
// Reads the learner's files (`--code`, `--tests`) and the ones beside them (`--context-…`: the
// exercise's tests, a write-the-test exercise's subject) and prints the review as JSON:
// {"remarks": [{"rule", "file", "line", "column", "message"}]}. `--next` starts another
// exercise, reviewed on its own (what `grade` asks for, one process per learner). Exit status 0
// whatever it finds; 2 for a usage error, an unreadable file or rules that do not match the checks.

struct Usage: Error, CustomStringConvertible {
  var description: String
}

func main() throws {
  var arguments = CommandLine.arguments.dropFirst()
  var rules: String?
  var groups: [[SourceFile]] = [[]]
  let roles: [String: (SourceFile.Role, Bool)] = [
    "--code": (.code, true), "--tests": (.tests, true), "--context-code": (.code, false), "--context-tests": (.tests, false),
  ]
  while let option = arguments.popFirst() {
    if option == "--next" {
      groups.append([])
      continue
    }
    guard let value = arguments.popFirst() else { throw Usage(description: "\(option) needs a value") }
    if option == "--rules" {
      rules = value
    } else if let (role, reviewed) = roles[option] {
      let text = try String(contentsOfFile: value, encoding: .utf8)
      groups[groups.count - 1].append(SourceFile(path: value, text: text, role: role, reviewed: reviewed))
    } else {
      throw Usage(description: "unknown option \(option)")
    }
  }
  guard let rules else { throw Usage(description: "--rules <Rules.json> is required") }
  let reviewer = try Reviewer(book: RuleBook.load(from: rules))
  struct Output: Encodable { var remarks: [Remark] }
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  let data = try encoder.encode(Output(remarks: groups.flatMap(reviewer.review)))
  FileHandle.standardOutput.write(data + Data("\n".utf8))
}

do {
  try main()
} catch {
  FileHandle.standardError.write(Data("ditutor-review: \(error)\n".utf8))
  exit(2)
}
