import Foundation
import TutorKit

/// The build SwiftPM planned for one configuration of the package, as it hands it to llbuild
/// (`<scratch>/debug.yaml`): every command with its inputs, outputs and, for the commands that
/// run a program, the program's arguments.
///
/// ditutor reads it only to replay the build of a check that SwiftPM has already planned; it
/// never writes it.
struct BuildPlan: Equatable, Sendable {
  struct Command: Equatable, Sendable, Codable {
    var name: String
    /// `shell` runs `args`; the others (`write-auxiliary-file`, `test-discovery-tool`, `phony`…)
    /// are SwiftPM's own.
    var tool: String
    var inputs: [String]
    var outputs: [String]
    var args: [String]
  }

  /// In dependency order: a command comes after every command that makes one of its inputs.
  var commands: [Command]
  /// The folders whose list of files is an input of the plan (a target's sources).
  var folders: [String]

  /// The file in a scratch folder that holds the plan of its last build.
  static let fileName = "debug.yaml"

  /// Reads the subset of YAML llbuild manifests use: two-space indents, double-quoted keys,
  /// and flow sequences of double-quoted strings (which read as JSON). Nil when it is not one.
  static func parse(_ text: String) -> BuildPlan? {
    var section = ""
    var commands: [Command] = []
    var folders: [String] = []
    var node: String?
    for rawLine in text.split(separator: "\n", omittingEmptySubsequences: true) {
      let line = String(rawLine)
      if !line.hasPrefix(" ") {
        section = line
        node = nil
        continue
      }
      if line.hasPrefix("  \""), !line.hasPrefix("   "), line.hasSuffix(":") {
        guard let name = decodeString(String(line.dropFirst(2).dropLast())) else { return nil }
        node = name
        if section == "commands:" { commands.append(Command(name: name, tool: "", inputs: [], outputs: [], args: [])) }
        continue
      }
      guard line.hasPrefix("    "), let node else { continue }
      let field = line.dropFirst(4)
      guard let colon = field.firstIndex(of: ":") else { continue }
      let key = String(field[..<colon])
      let value = field[field.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      if section == "nodes:" {
        if key == "is-directory-structure" && value == "true" { folders.append(node) }
        continue
      }
      guard section == "commands:", !commands.isEmpty else { continue }
      switch key {
      case "tool": commands[commands.count - 1].tool = value
      case "inputs", "outputs", "args":
        guard let list = decodeList(value) else { return nil }
        if key == "inputs" { commands[commands.count - 1].inputs = list }
        if key == "outputs" { commands[commands.count - 1].outputs = list }
        if key == "args" { commands[commands.count - 1].args = list }
      default: continue
      }
    }
    guard !commands.isEmpty, let ordered = inDependencyOrder(commands) else { return nil }
    return BuildPlan(commands: ordered, folders: folders)
  }

  private static func decodeString(_ quoted: String) -> String? {
    try? JSONDecoder().decode(String.self, from: Data(quoted.utf8))
  }

  private static func decodeList(_ flow: String) -> [String]? {
    try? JSONDecoder().decode([String].self, from: Data(flow.utf8))
  }

  /// Kahn's algorithm over "makes an input of"; nil if the commands form a cycle.
  private static func inDependencyOrder(_ commands: [Command]) -> [Command]? {
    var maker: [String: Int] = [:]
    for (index, command) in commands.enumerated() {
      for output in command.outputs { maker[output] = index }
    }
    var waitingOn = commands.map { command in Set(command.inputs.compactMap { maker[$0] }) }
    var users = Array(repeating: [Int](), count: commands.count)
    for (index, makers) in waitingOn.enumerated() {
      for made in makers { users[made].append(index) }
    }
    var ready = waitingOn.indices.filter { waitingOn[$0].isEmpty }
    var order: [Int] = []
    while !ready.isEmpty {
      let next = ready.removeFirst()
      order.append(next)
      for user in users[next] {
        waitingOn[user].remove(next)
        if waitingOn[user].isEmpty { ready.append(user) }
      }
    }
    return order.count == commands.count ? order.map { commands[$0] } : nil
  }
}

/// Splits a command line as a POSIX shell would (quotes and backslashes), for the jobs the
/// Swift driver prints with `-driver-print-jobs`. No expansion: nothing else is interpreted.
enum ShellWords {
  static func split(_ line: String) -> [String]? {
    var words: [String] = []
    var word = ""
    var inWord = false
    var quote: Character?
    var escaped = false
    for character in line {
      if escaped {
        word.append(character)
        escaped = false
        continue
      }
      switch (quote, character) {
      case ("'", "'"), ("\"", "\""):
        quote = nil
      case ("'", _):
        word.append(character)
      case ("\"", "\\"), (nil, "\\"):
        escaped = true
        inWord = true
      case ("\"", _):
        word.append(character)
      case (nil, "'"), (nil, "\""):
        quote = character
        inWord = true
      case (nil, " "), (nil, "\t"):
        if inWord { words.append(word) }
        word = ""
        inWord = false
      default:
        word.append(character)
        inWord = true
      }
    }
    guard quote == nil, !escaped else { return nil }
    if inWord { words.append(word) }
    return words
  }
}
