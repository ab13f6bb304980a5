/// The services a container knows and which of them each one asked for, as ``Container/validate()``
/// found them by building each one.
///
/// ```swift
/// let graph = container.dependencyGraph()
/// for edge in graph.dependencies(of: "CheckoutService") {
///   print(edge.from, "→", edge.to)
/// }
/// ```
///
/// Print it with ``asciiTree()``, ``mermaid()`` or ``dot()``.
public struct DependencyGraph: Sendable, Equatable {
  /// One service: a registration, or a dependency that nothing is registered for.
  ///
  /// ```swift
  /// let missing = graph.nodes.filter(\.isMissing).map(\.id)
  /// ```
  public struct Node: Sendable, Hashable, Identifiable {
    /// The service as messages name it: `PaymentGateway`, `PaymentGateway named "sandbox"`,
    /// `Greeting with arguments (String)`.
    ///
    /// ```swift
    /// print(graph.nodes.map(\.id))
    /// ```
    public let id: String
    /// Its lifetime; `nil` when nothing is registered for it.
    ///
    /// ```swift
    /// let singletons = graph.nodes.filter { $0.lifetime == .singleton }
    /// ```
    public let lifetime: Lifetime?

    /// Whether a service asked for it but nothing is registered for it.
    ///
    /// ```swift
    /// #expect(graph.nodes.allSatisfy { !$0.isMissing })
    /// ```
    public var isMissing: Bool { lifetime == nil }

    /// The node as the exports show it: `Clock (singleton)`, `PaymentGateway (missing)`.
    ///
    /// ```swift
    /// print(graph.nodes.map(\.label).joined(separator: "\n"))
    /// ```
    public var label: String { "\(id) (\(lifetime?.description ?? "missing"))" }
  }

  /// How a service asked for another.
  ///
  /// ```swift
  /// let deferred = graph.edges.filter { $0.kind != .direct }
  /// ```
  public enum EdgeKind: String, Sendable, Hashable {
    /// Resolved while the service was built.
    ///
    /// ```swift
    /// container.register(Greeter.self) { resolver in Greeter(clock: try resolver.resolve()) }
    /// ```
    case direct
    /// Through a ``Lazy``: resolved on first use.
    ///
    /// ```swift
    /// container.register(Screen.self) { resolver in Screen(exporter: try resolver.lazy()) }
    /// ```
    case lazy
    /// Through a ``Provider``: resolved on each call.
    ///
    /// ```swift
    /// container.register(Importer.self) { resolver in Importer(parsers: try resolver.provider()) }
    /// ```
    case provider
  }

  /// One service asking for another.
  ///
  /// ```swift
  /// let edge = graph.edges[0]
  /// print("\(edge.from) → \(edge.to) (\(edge.kind))")
  /// ```
  public struct Edge: Sendable, Hashable {
    /// The service whose factory asked, by ``Node/id``.
    ///
    /// ```swift
    /// let askers = Set(graph.edges.map(\.from))
    /// ```
    public let from: String
    /// The service it asked for, by ``Node/id``.
    ///
    /// ```swift
    /// let asked = Set(graph.edges.map(\.to))
    /// ```
    public let to: String
    /// Whether it was asked for directly or through a `Lazy` or `Provider`.
    ///
    /// ```swift
    /// let lazyEdges = graph.edges.filter { $0.kind == .lazy }
    /// ```
    public let kind: EdgeKind

    /// An edge, for comparing with what a graph found.
    ///
    /// ```swift
    /// #expect(graph.edges.contains(.init(from: "Storefront", to: "Clock", kind: .lazy)))
    /// ```
    public init(from: String, to: String, kind: EdgeKind) {
      self.from = from
      self.to = to
      self.kind = kind
    }
  }

  /// Every registered service, sorted by id, then every missing one.
  ///
  /// ```swift
  /// print(graph.nodes.count)
  /// ```
  public let nodes: [Node]
  /// Every dependency, in the order the factories asked for them.
  ///
  /// ```swift
  /// print(graph.edges.count)
  /// ```
  public let edges: [Edge]
  /// The problems the dry run found, as ``Container/validate()`` would throw them.
  ///
  /// ```swift
  /// for problem in graph.problems { print(problem) }
  /// ```
  public let problems: [ResolutionError]

  init(registrations: [any AnyRegistration], dryRun: DryRun) {
    // Two types of one name get qualified ids, as in messages (see `TypeNames`).
    let names = TypeNames(registrations.map(\.key) + dryRun.edges.flatMap { [$0.from, $0.to] })
    let id = { (key: ServiceKey) in names.callOut(key).description }
    var nodes = registrations.map { Node(id: id($0.key), lifetime: $0.lifetime) }
    var known = Set(nodes.map(\.id))
    for edge in dryRun.edges where known.insert(id(edge.to)).inserted {
      nodes.append(Node(id: id(edge.to), lifetime: nil))
    }
    self.nodes = nodes
    edges = dryRun.edges.map { Edge(from: id($0.from), to: id($0.to), kind: $0.kind) }
    problems = dryRun.problems
  }

  /// The node with this id, if there is one.
  ///
  /// ```swift
  /// print(graph.node("Clock")?.lifetime ?? "missing")
  /// ```
  public func node(_ id: String) -> Node? {
    nodes.first { $0.id == id }
  }

  /// What the service asked for, in the order it asked.
  ///
  /// ```swift
  /// let needs = graph.dependencies(of: "CheckoutService").map(\.to)
  /// ```
  public func dependencies(of id: String) -> [Edge] {
    edges.filter { $0.from == id }
  }

  /// The services nothing else asks for: where the app starts resolving.
  ///
  /// ```swift
  /// print(graph.roots.map(\.id))  // ["App"]
  /// ```
  public var roots: [Node] {
    let asked = Set(edges.map(\.to))
    return nodes.filter { !asked.contains($0.id) }
  }
}
