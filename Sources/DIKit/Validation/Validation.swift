extension Container {
  /// Builds every registered service once and reports every problem at once: missing
  /// registrations, cycles, captive dependencies, weak services that are not objects, and
  /// factories that throw.
  ///
  /// Call it at start-up, or in a test of your composition root:
  ///
  /// ```swift
  /// @Test func theAppIsWiredCorrectly() throws {
  ///   let container = Container()
  ///   AppAssembly.register(in: container)
  ///   try container.validate()
  /// }
  /// ```
  ///
  /// It is a dry run: it calls every factory once (so keep factories free of side effects), but
  /// every instance it builds is dropped afterwards, singletons included; the container is as it
  /// was. A test that counts how often a factory runs should count from after `validate()`, or
  /// validate a container of its own: the first real resolution of a singleton runs its factory
  /// a second time. Services whose factories take runtime arguments are not built, since there
  /// are no arguments to pass; they still appear in the graph. Scoped services are built as if
  /// in a scope.
  ///
  /// - Returns: The dependency graph, ready to print with ``DependencyGraph/asciiTree()``,
  ///   ``DependencyGraph/mermaid()`` or ``DependencyGraph/dot()``.
  /// - Throws: ``ValidationError`` with every problem found.
  ///
  /// A successful `validate()` also plans the graph: the services it proved clean (no cycle,
  /// no `graph` service, `Lazy` or `Provider` below them) then resolve without any bookkeeping,
  /// within about twice the cost of building them by hand, until something new is registered.
  @discardableResult
  public func validate() throws -> DependencyGraph {
    let run = dryRun()
    guard run.graph.problems.isEmpty else {
      throw ValidationError(problems: run.graph.problems, graph: run.graph)
    }
    let planning = Planning(registrations: run.registrations, edges: run.dryRun.edges)
    adopt(
      ResolutionPlan(registries: run.registries, depthLimit: planning.depthLimit),
      for: planning.plannable)
    return run.graph
  }

  /// The dependency graph, found by the same dry run as ``validate()``, with any problems
  /// recorded in it rather than thrown.
  ///
  /// ```swift
  /// print(container.dependencyGraph().asciiTree())
  /// ```
  ///
  /// ```text
  /// CheckoutService (transient)
  /// ├── OrderFlow (graph)
  /// │   └── PaymentGateway named "sandbox" (singleton)
  /// └── Clock (singleton)
  /// ```
  public func dependencyGraph() -> DependencyGraph {
    dryRun().graph
  }

  /// Builds every visible registration once, as `validate()` describes.
  private func dryRun() -> (
    graph: DependencyGraph, dryRun: DryRun, registrations: [any AnyRegistration],
    registries: [Unmanaged<Registry>]
  ) {
    // Taken first: a registration made while the dry run goes on makes the plan stale.
    let registries = currentRegistries()
    let registrations = visibleRegistrations().sorted { $0.key.description < $1.key.description }
    let dryRun = DryRun()
    for registration in registrations where !registration.key.hasArguments {
      do {
        try Resolver.checked(in: self, scope: nil, dryRun: dryRun) {
          try registration.buildInDryRun($0)
        }
      } catch let problem as ResolutionError {
        dryRun.report(problem)
      } catch {
        dryRun.report(
          .factoryFailed(
            registration.key, path: [], error: error, registered: registrations.map(\.key)))
      }
    }
    let graph = DependencyGraph(registrations: registrations, dryRun: dryRun)
    return (graph, dryRun, registrations, registries)
  }
}

/// Which registrations a clean dry run lets resolve without bookkeeping, and how deep their
/// factories go; see `ResolutionPlan`.
private struct Planning {
  var plannable: [any AnyRegistration] = []
  var depthLimit = 0

  init(registrations: [any AnyRegistration], edges: [DryRun.Edge]) {
    let byKey = Dictionary(registrations.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    var dependencies: [ServiceKey: [DryRun.Edge]] = [:]
    for edge in edges { dependencies[edge.from, default: []].append(edge) }

    // A registration is clean if it is not `graph`, asks for nothing through a Lazy or
    // Provider, and everything it asks for is registered and clean; its depth is the longest
    // chain of factories from it. The dry run found no cycle, so this recursion ends.
    var verdicts: [ServiceKey: (clean: Bool, depth: Int)] = [:]
    func verdict(_ key: ServiceKey) -> (clean: Bool, depth: Int) {
      if let known = verdicts[key] { return known }
      guard let registration = byKey[key] else { return (false, 0) }
      var clean = registration.lifetime != .graph
      var deepest = 0
      for edge in dependencies[key] ?? [] {
        guard edge.kind == .direct else {
          clean = false
          continue
        }
        let below = verdict(edge.to)
        clean = clean && below.clean
        deepest = max(deepest, below.depth)
      }
      let result = (clean, deepest + 1)
      verdicts[key] = result
      return result
    }

    for registration in registrations where !registration.key.hasArguments {
      let result = verdict(registration.key)
      depthLimit = max(depthLimit, result.depth)
      if result.clean { plannable.append(registration) }
    }
  }
}
