/// Where a ``Lazy`` or ``Provider`` resolves from when it is finally asked: its container, its
/// scope, and the services that were being built when it was made.
///
/// Each later resolution is a fresh top-level one (so it has its own `graph` instances), but it
/// keeps the services above it for error messages and for the captive-dependency rule: a
/// singleton that holds a `Lazy` of a scoped service is still holding it captive.
struct ResolutionOrigin: Sendable {
  let container: Container
  let scope: Scope?
  let prefix: [any AnyRegistration]
  let holder: Lifetime

  init(
    container: Container, scope: Scope?, prefix: [any AnyRegistration] = [],
    holder: Lifetime = .transient
  ) {
    self.container = container
    self.scope = scope
    self.prefix = prefix
    self.holder = holder
  }

  func resolve<Service: Sendable>(_ service: Service.Type, name: String?) throws -> Service {
    let resolver = Resolver(
      container: container, scope: scope, context: .make(prefix: prefix), holder: holder)
    defer { resolver.context?.finish() }
    return try resolver.resolve(Service.self, name: name)
  }
}

/// A type the container makes on the spot when it is resolved: `Lazy<T>` and `Provider<T>`,
/// so `try resolver.resolve(Lazy<Clock>.self)` works without registering anything.
protocol DeferredResolution {
  static func make(resolvingFrom resolver: Resolver, name: String?) throws -> Self
}

extension Resolver {
  /// In `validate()`'s dry run, records the deferred edge and checks now what the `Lazy` or
  /// `Provider` would find later: a missing registration or a captive dependency.
  func prepareDeferred<Service>(
    _ service: Service.Type, name: String?, kind: DependencyGraph.EdgeKind
  ) throws {
    guard let context, let dryRun = context.dryRun else { return }
    let key = ServiceKey(service: service, name: name)
    dryRun.recordEdge(from: context.current, to: key, kind: kind)
    guard let target = container.registration(for: key) else {
      if service is any DeferredResolution.Type { return }
      throw missing(key)
    }
    if holder.captures(target.lifetime) { throw context.captiveError(holding: target) }
  }
}
