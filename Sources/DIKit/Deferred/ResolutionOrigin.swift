/// Where a ``Lazy`` or ``Provider`` resolves from when it is finally asked: its container, its
/// scope, and the services that were being built when it was made.
///
/// Each later resolution is a fresh top-level one (so it has its own `graph` instances), but it
/// keeps the services above it for error messages and for the captive-dependency rule: a
/// singleton that holds a `Lazy` of a scoped service is still holding it captive.
///
/// The container and the scope are held weakly: a `Lazy` or `Provider` is held by a service
/// that its container or scope may own, and holding them back would keep both alive for ever.
/// Asked after they have gone, it throws an error that says which one ended.
struct ResolutionOrigin: Sendable {
  weak let container: Container?
  weak let scope: Scope?
  /// Whether it was made in a scope, so that a missing `scope` means the scope has gone.
  let isScoped: Bool
  let prefix: [PathEntry]
  let holder: Lifetime

  init(
    container: Container, scope: Scope?, prefix: [PathEntry] = [],
    holder: Lifetime = .transient
  ) {
    self.container = container
    self.scope = scope
    isScoped = scope != nil
    self.prefix = prefix
    self.holder = holder
  }

  /// Resolves the service for a `Lazy` or `Provider` (`deferred` names which, for messages),
  /// and says whether the container or the scope keeps the instance (a singleton, weak or
  /// scoped service), so that a `Lazy` need not.
  func resolve<Service: Sendable>(
    _ service: Service.Type, name: String?, for deferred: String
  ) throws -> (value: Service, isShared: Bool) {
    let key = ServiceKey(service: Service.self, name: name)
    guard let container else {
      throw ResolutionError.containerGone(key, deferred: deferred, path: prefix.map(\.key))
    }
    let scope = scope
    if isScoped {
      guard let scope, !scope.isClosed else {
        throw ResolutionError.scopeEnded(
          key, deferred: deferred, closed: scope != nil, path: prefix.map(\.key))
      }
    }
    let value = try Resolver.checked(
      in: container, scope: scope, prefix: prefix, holder: holder
    ) { try $0.resolve(Service.self, name: name) }
    let lifetime = container.registration(for: key)?.lifetime
    return (value, lifetime == .singleton || lifetime == .weak || lifetime == .scoped)
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
