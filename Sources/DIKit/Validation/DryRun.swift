/// What `validate()` collects while it builds every service once: the instances it shares
/// during the run, the edges between services, and the problems, each reported once.
final class DryRun {
  /// Singleton, weak and scoped instances of this run, by registration; never the real ones.
  var instances: [ObjectIdentifier: Any] = [:]
  private(set) var edges: [Edge] = []
  private var seenEdges = Set<Edge>()
  private(set) var problems: [ResolutionError] = []
  private var seenProblems = Set<String>()

  struct Edge: Hashable {
    let from: ServiceKey
    let to: ServiceKey
    let kind: DependencyGraph.EdgeKind
  }

  /// Notes that the service being built (`from`; none at the top level) asked for `to`.
  func recordEdge(from: (any AnyRegistration)?, to: ServiceKey, kind: DependencyGraph.EdgeKind) {
    guard let from else { return }
    let edge = Edge(from: from.key, to: to, kind: kind)
    if seenEdges.insert(edge).inserted { edges.append(edge) }
  }

  /// Keeps a problem unless the same one was already found from another service: a cycle is
  /// the same whichever of its services it was entered from, a missing registration the same
  /// for the same requester, a captive dependency the same for the same pair.
  func report(_ problem: ResolutionError) {
    let identity =
      switch problem.kind {
      case .cycle: "cycle " + Set(problem.path).sorted().joined(separator: ", ")
      case .captiveDependency: "captive \(problem.path.first ?? "") \(problem.service)"
      case .missingRegistration, .scopeRequired:
        "\(problem.kind) \(problem.service) \(problem.path.last ?? "")"
      case .weakNeedsClassInstance, .factoryFailed, .containerGone, .scopeEnded, .resolverKept:
        "\(problem.kind) \(problem.service)"
      }
    if seenProblems.insert(identity).inserted { problems.append(problem) }
  }
}
