import Foundation

/// Reads the edges of a Mermaid `graph`/`flowchart` so a terminal can show a dependency graph as
/// text. Node shapes, styles and subgraphs are dropped; labels and edge texts are kept.
struct MermaidReader {
  func read(_ source: String) -> Diagram {
    var nodes: [(id: String, label: String)] = []
    var edges: [Diagram.Edge] = []

    func note(_ node: Node) {
      if let index = nodes.firstIndex(where: { $0.id == node.id }) {
        if let label = node.label { nodes[index].label = label }
      } else {
        nodes.append((node.id, node.label ?? node.id))
      }
    }

    let statements = source.split(whereSeparator: { $0 == "\n" || $0 == ";" })
      .map { $0.trimmingCharacters(in: .whitespaces) }
    for statement in statements {
      let keyword = statement.split(separator: " ").first.map(String.init) ?? ""
      let skipped = [
        "graph", "flowchart", "subgraph", "end", "classDef", "class", "style", "linkStyle",
        "click", "direction",
      ]
      if statement.isEmpty || statement.hasPrefix("%%") || skipped.contains(keyword) { continue }
      var scanner = Scanner(Array(statement))
      guard var previous = scanner.node() else { continue }
      note(previous)
      while let label = scanner.arrow(), let next = scanner.node() {
        note(next)
        edges.append(Diagram.Edge(from: previous.id, to: next.id, label: label))
        previous = next
      }
    }
    return Diagram(nodes: nodes, edges: edges, source: source)
  }

  struct Node {
    var id: String
    var label: String?
  }

  private struct Scanner {
    let characters: [Character]
    var position = 0

    init(_ characters: [Character]) {
      self.characters = characters
    }

    mutating func skipSpaces() {
      while position < characters.count, characters[position] == " " { position += 1 }
    }

    mutating func node() -> Node? {
      skipSpaces()
      let start = position
      while position < characters.count,
        characters[position].isLetter || characters[position].isNumber
          || "_.".contains(characters[position])
      {
        position += 1
      }
      guard position > start else { return nil }
      let id = String(characters[start..<position])
      let pairs: [Character: Character] = ["[": "]", "(": ")", "{": "}", ">": "]"]
      guard position < characters.count, pairs[characters[position]] != nil else {
        return Node(id: id, label: nil)
      }
      // Shapes nest their brackets (`([...])`, `((...))`, `[[...]]`): read to the matching end.
      var openers = 0
      while position < characters.count, pairs[characters[position]] != nil {
        openers += 1
        position += 1
      }
      let labelStart = position
      while position < characters.count, !"])}".contains(characters[position]) { position += 1 }
      var label = String(characters[labelStart..<position]).trimmingCharacters(in: .whitespaces)
      if label.hasPrefix("\"") && label.hasSuffix("\"") && label.count >= 2 {
        label = String(label.dropFirst().dropLast())
      }
      position = min(position + openers, characters.count)
      return Node(id: id, label: label.isEmpty ? nil : label)
    }

    /// Reads an arrow such as `-->`, `-.->`, `==>`, `--- `, with an optional `|label|` or
    /// `-- label -->`. Returns the label (nil when there is none) wrapped in an optional:
    /// `.none` means no arrow was found.
    mutating func arrow() -> String?? {
      skipSpaces()
      let start = position
      while position < characters.count, "-.=<>ox".contains(characters[position]) {
        // `o` and `x` end an arrow only right after dashes (`--o`), not as a node's first letter.
        if "ox".contains(characters[position]), position == start { break }
        if "ox".contains(characters[position]),
          position + 1 < characters.count, characters[position + 1] != " "
        {
          break
        }
        position += 1
      }
      guard position - start >= 2 else {
        position = start
        return nil
      }
      let arrow = String(characters[start..<position])
      skipSpaces()
      if position < characters.count, characters[position] == "|" {
        let labelStart = position + 1
        guard let end = characters[labelStart...].firstIndex(of: "|") else { return .some(nil) }
        position = end + 1
        return .some(String(characters[labelStart..<end]).trimmingCharacters(in: .whitespaces))
      }
      // `A -- uses --> B`: the text between an opening `--` and the arrow is the label.
      if !arrow.contains(">"), arrow.count == 2,
        let end = String(characters[position...]).range(of: "-->")
      {
        let text = String(characters[position...])
        let label = String(text[text.startIndex..<end.lowerBound])
        position += label.count + 3
        return .some(label.trimmingCharacters(in: .whitespaces))
      }
      return .some(nil)
    }
  }
}
