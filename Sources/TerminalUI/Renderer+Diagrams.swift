import TutorKit

/// Mermaid diagrams, drawn as a tree of arrows from each node that nothing points to.
extension Renderer {
  func renderDiagram(_ diagram: Diagram, width: Int) -> [[Span]] {
    guard !diagram.edges.isEmpty else {
      return diagram.source.split(separator: "\n").map { [Span("    " + $0)] }
    }
    let targets = Set(diagram.edges.map(\.to))
    var roots = diagram.nodes.map(\.id).filter { !targets.contains($0) }
    if roots.isEmpty, let first = diagram.nodes.first { roots = [first.id] }
    var expanded: Set<String> = []
    var lines: [[Span]] = []

    func visit(_ id: String, prefix: String, connector: String, label: String?, path: [String]) {
      var line = [Span(prefix + connector, Style(foreground: .cyan)), Span(diagram.label(of: id), Style(bold: connector.isEmpty))]
      if let label, !label.isEmpty { line.append(Span("  (\(label))", Style(faint: true))) }
      let children = diagram.edges.filter { $0.from == id }
      if path.contains(id) {
        line.append(Span("  ↺ cycle", Style(foreground: .red)))
        lines.append(line)
        return
      }
      if expanded.contains(id) && !children.isEmpty {
        line.append(Span("  (as above)", Style(faint: true)))
        lines.append(line)
        return
      }
      lines.append(line)
      expanded.insert(id)
      let childPrefix = connector.isEmpty ? prefix : prefix + (connector.hasPrefix("├") ? "│   " : "    ")
      for (index, edge) in children.enumerated() {
        let last = index == children.count - 1
        visit(edge.to, prefix: childPrefix, connector: last ? "└─▶ " : "├─▶ ", label: edge.label, path: path + [id])
      }
    }
    for root in roots {
      visit(root, prefix: "  ", connector: "", label: nil, path: [])
    }
    let caption = wrap([Span("Diagram:", Style(faint: true))], width: width)
    return caption + lines.flatMap { hardWrap($0, width: width, continuation: "      ") }
  }
}
