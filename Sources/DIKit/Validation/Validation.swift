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
  /// It is a dry run: every factory runs (so keep factories free of side effects), but every
  /// instance it builds is dropped afterwards, singletons included; the container is as it
  /// was. Services whose factories take runtime arguments are not built, since there are no
  /// arguments to pass; they still appear in the graph. Scoped services are built as if in a
  /// scope.
  ///
  /// - Returns: The dependency graph, ready to print with ``DependencyGraph/asciiTree()``,
  ///   ``DependencyGraph/mermaid()`` or ``DependencyGraph/dot()``.
  /// - Throws: ``ValidationError`` with every problem found.
  @discardableResult
  public func validate() throws -> DependencyGraph {
    let graph = dependencyGraph()
    guard graph.problems.isEmpty else {
      throw ValidationError(problems: graph.problems, graph: graph)
    }
    return graph
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
    let registrations = visibleRegistrations().sorted { $0.key.description < $1.key.description }
    let dryRun = DryRun()
    for registration in registrations where !registration.key.hasArguments {
      let resolver = Resolver(
        container: self, scope: nil, context: ResolutionContext(dryRun: dryRun),
        holder: .transient)
      do {
        try registration.buildInDryRun(resolver)
      } catch let problem as ResolutionError {
        dryRun.report(problem)
      } catch {
        dryRun.report(.factoryFailed(registration.key, path: [], error: error))
      }
    }
    return DependencyGraph(registrations: registrations, dryRun: dryRun)
  }
}
