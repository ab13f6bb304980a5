import Synchronization

/// What a successful `validate()` learned that lets a clean part of the graph resolve without
/// any bookkeeping: no path, no context, no allocation beyond the services themselves.
///
/// The dry run proved the registrations marked with this plan acyclic, free of `graph`
/// services, `Lazy` and `Provider`, and of every other problem, and measured the deepest chain
/// below them. A planned resolution only counts its depth: if a factory strays from what the
/// dry run saw (a branch it did not take) and goes deeper, or meets anything that would need
/// the path (an error, a `Lazy`, a `graph` service), it throws `PlanDeviation`, and the
/// top-level call starts again with full checks, so errors read exactly as they would
/// without a plan. (Factories on that stretch run twice; they should be free of side effects
/// anyway.) The plan holds while nothing is registered in its container or an ancestor.
@usableFromInline
final class ResolutionPlan: Sendable {
  /// The registries of the container and its ancestors, innermost first, that the plan was
  /// made from.
  @usableFromInline let registries: [Unmanaged<Registry>]
  /// The deepest chain of factories below any planned registration.
  @usableFromInline let depthLimit: Int

  init(registries: [Unmanaged<Registry>], depthLimit: Int) {
    self.registries = registries
    self.depthLimit = depthLimit
  }

  /// Whether the container and its ancestors still have the registrations the plan saw.
  @inlinable @inline(__always)
  func isCurrent(for container: Container) -> Bool {
    // The common case, a container without parents, without the loop.
    if registries.count == 1, container.parent == nil {
      return container.published.load(ordering: .acquiring)?.toOpaque() == registries[0].toOpaque()
    }
    var current: Container? = container
    for registry in registries {
      guard let container = current,
        container.published.load(ordering: .acquiring)?.toOpaque() == registry.toOpaque()
      else { return false }
      current = container.parent
    }
    return true
  }
}

/// Thrown by a planned resolution that strayed from its plan; the top-level call catches it
/// and resolves again with full checks. Never seen outside DIKit.
@usableFromInline
struct PlanDeviation: Error {
  @inlinable init() {}
}
