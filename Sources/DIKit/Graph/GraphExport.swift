/// The dependency graph as text: an ASCII tree for a terminal, Mermaid for Markdown, and
/// Graphviz DOT for pictures.
extension DependencyGraph {
  /// The graph as a tree per root, with lifetimes; a service shared by several others appears
  /// under each, and a cycle is marked where it closes.
  ///
  /// ```swift
  /// print(container.dependencyGraph().asciiTree())
  /// ```
  ///
  /// ```text
  /// CheckoutService (transient)
  /// ├── OrderFlow (graph)
  /// │   └── PaymentGateway named "sandbox" (singleton)
  /// └── Clock (singleton) [lazy]
  /// ```
  public func asciiTree() -> String {
    var lines: [String] = []
    var reached = Set<String>()

    func draw(_ id: String, kind: EdgeKind, lead: String, indent: String, branch: Set<String>) {
      reached.insert(id)
      var line = lead + (node(id)?.label ?? id)
      if kind != .direct { line += " [\(kind)]" }
      if branch.contains(id) {
        lines.append(line + " ↻ cycle")
        return
      }
      lines.append(line)
      let dependencies = dependencies(of: id)
      for (index, edge) in dependencies.enumerated() {
        let isLast = index == dependencies.count - 1
        draw(
          edge.to, kind: edge.kind, lead: indent + (isLast ? "└── " : "├── "),
          indent: indent + (isLast ? "    " : "│   "), branch: branch.union([id]))
      }
    }

    // Roots first; then whatever only a cycle reaches.
    for start in roots.map(\.id) + nodes.map(\.id) where !reached.contains(start) {
      draw(start, kind: .direct, lead: "", indent: "", branch: [])
    }
    return lines.joined(separator: "\n")
  }

  /// The graph as a Mermaid flowchart; lazy and provider edges are dotted and labelled.
  ///
  /// ```swift
  /// print(container.dependencyGraph().mermaid())
  /// ```
  ///
  /// ```text
  /// graph TD
  ///   n0["CheckoutService · transient"]
  ///   n1["Clock · singleton"]
  ///   n0 -.->|lazy| n1
  /// ```
  public func mermaid() -> String {
    let index = nodeIndex()
    var lines = ["graph TD"]
    for (number, node) in nodes.enumerated() {
      let label = node.id.replacingAll("\"", with: "'")
      lines.append("  n\(number)[\"\(label) · \(node.lifetime?.description ?? "missing")\"]")
    }
    for edge in edges {
      let arrow = edge.kind == .direct ? "-->" : "-.->|\(edge.kind)|"
      lines.append("  n\(index[edge.from, default: 0]) \(arrow) n\(index[edge.to, default: 0])")
    }
    return lines.joined(separator: "\n")
  }

  /// The graph in Graphviz DOT; missing services are red, deferred edges dashed.
  ///
  /// ```swift
  /// try container.dependencyGraph().dot().write(toFile: "graph.dot", atomically: true, encoding: .utf8)
  /// ```
  ///
  /// ```text
  /// $ dot -Tpng graph.dot -o graph.png
  /// ```
  public func dot() -> String {
    let index = nodeIndex()
    var lines = ["digraph dependencies {", "  node [shape=box];"]
    for (number, node) in nodes.enumerated() {
      let label = node.id.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"")
      let lifetime = node.lifetime?.description ?? "missing"
      lines.append(
        "  n\(number) [label=\"\(label)\\n\(lifetime)\"\(node.isMissing ? ", color=red" : "")];")
    }
    for edge in edges {
      let style = edge.kind == .direct ? "" : " [style=dashed, label=\"\(edge.kind)\"]"
      lines.append("  n\(index[edge.from, default: 0]) -> n\(index[edge.to, default: 0])\(style);")
    }
    lines.append("}")
    return lines.joined(separator: "\n")
  }

  private func nodeIndex() -> [String: Int] {
    Dictionary(uniqueKeysWithValues: nodes.enumerated().map { ($0.element.id, $0.offset) })
  }
}

extension String {
  /// `replacingOccurrences(of:with:)` without Foundation.
  fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
    reduce(into: "") { result, character in
      if character == target { result += replacement } else { result.append(character) }
    }
  }
}
