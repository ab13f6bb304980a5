/// What a factory gets to resolve its own dependencies: the container, the scope, and the
/// chain of services being built.
///
/// Resolving through it, rather than through the container, is what lets DIKit name the chain
/// in errors, catch a cycle the moment it closes, share `graph` instances within one
/// resolution, and keep a scoped service in its scope.
///
/// ```swift
/// container.register(CheckoutService.self) { resolver in
///   CheckoutService(
///     gateway: try resolver.resolve(PaymentGateway.self),
///     clock: try resolver.resolve())
/// }
/// ```
///
/// A resolver is valid while its factory runs. It is deliberately not `Sendable`: to resolve
/// something later, or from another task, inject a ``Lazy`` or a ``Provider`` instead of
/// keeping the resolver.
public struct Resolver {
  @usableFromInline let container: Container
  @usableFromInline let scope: Scope?
  @usableFromInline let context: ResolutionContext
  /// The nearest service on the path that is not transient: the one that keeps what this
  /// resolver builds (`.transient` when there is none).
  @usableFromInline let holder: Lifetime

  @usableFromInline
  init(container: Container, scope: Scope?, context: ResolutionContext, holder: Lifetime) {
    self.container = container
    self.scope = scope
    self.context = context
    self.holder = holder
  }

  /// Resolves a service, building it and its dependencies as their lifetimes say.
  ///
  /// ```swift
  /// container.register(OrderFlow.self) { resolver in
  ///   OrderFlow(gateway: try resolver.resolve(PaymentGateway.self, name: "sandbox"))
  /// }
  /// ```
  ///
  /// - Throws: ``ResolutionError`` when the service (or one it needs) has no registration,
  ///   depends on itself, is captive, or is scoped and there is no scope; or whatever a
  ///   factory throws.
  @inlinable
  public func resolve<Service: Sendable>(
    _ service: Service.Type = Service.self, name: String? = nil
  ) throws -> Service {
    guard context.isPlain else { return try resolveSpecially(Service.self, name: name) }
    guard let found = container.registration(for: Service.self, name: name) else {
      return try resolveUnregistered(Service.self, name: name)
    }
    // The key the registration was found under includes `Service`, so the cast cannot fail.
    return try unsafeDowncast(found, to: Registration<Service>.self).resolve(with: self)
  }

  /// Resolves a service whose factory takes runtime arguments.
  ///
  /// ```swift
  /// container.register(Greeting.self, arguments: String.self) { _, name in Greeting(name: name) }
  /// container.register(Card.self) { resolver in
  ///   Card(greeting: try resolver.resolve(Greeting.self, arguments: "Ada"))
  /// }
  /// ```
  ///
  /// - Throws: ``ResolutionError`` when no registration takes exactly these argument types,
  ///   as for ``resolve(_:name:)``.
  public func resolve<Service: Sendable, First, each Other>(
    _ service: Service.Type = Service.self, name: String? = nil,
    arguments first: First, _ other: repeat each Other
  ) throws -> Service {
    if context.isFinished {
      let resolver = Self.topLevel(in: container, scope: scope)
      defer { resolver.context.finish() }
      return try resolver.resolve(Service.self, name: name, arguments: first, repeat each other)
    }
    let key = ServiceKey(
      service: Service.self, name: name, arguments: (First, repeat each Other).self)
    context.dryRun?.recordEdge(from: context.path.last?.registration, to: key, kind: .direct)
    guard let found = container.registration(for: key) else { throw missing(key) }
    let registration = unsafeDowncast(found, to: Registration<Service>.self)
    return try registration.build(with: self, arguments: (first, (repeat each other)))
  }

  /// A ``Lazy`` that resolves the service on first use, from this resolver's container and
  /// scope.
  ///
  /// ```swift
  /// container.register(ReportScreen.self) { resolver in
  ///   ReportScreen(exporter: try resolver.lazy(PDFExporter.self))  // built only if used
  /// }
  /// ```
  ///
  /// `try resolver.resolve(Lazy<PDFExporter>.self)` does the same.
  public func lazy<Service: Sendable>(
    _ service: Service.Type = Service.self, name: String? = nil
  ) throws -> Lazy<Service> {
    try Lazy.make(resolvingFrom: self, name: name)
  }

  /// A ``Provider`` that resolves the service anew on each call, from this resolver's
  /// container and scope.
  ///
  /// ```swift
  /// container.register(Importer.self) { resolver in
  ///   Importer(makeParser: try resolver.provider(Parser.self))  // a parser per file
  /// }
  /// ```
  ///
  /// `try resolver.resolve(Provider<Parser>.self)` does the same.
  public func provider<Service: Sendable>(
    _ service: Service.Type = Service.self, name: String? = nil
  ) throws -> Provider<Service> {
    try Provider.make(resolvingFrom: self, name: name)
  }
}

// MARK: - The slow paths

extension Resolver {
  /// Resolution in `validate()`'s dry run, or through a resolver kept past its factory.
  @usableFromInline
  func resolveSpecially<Service: Sendable>(_ service: Service.Type, name: String?) throws -> Service {
    if context.isFinished {
      let resolver = Self.topLevel(in: container, scope: scope)
      defer { resolver.context.finish() }
      return try resolver.resolve(Service.self, name: name)
    }
    let key = ServiceKey(service: Service.self, name: name)
    guard let found = container.registration(for: key) else {
      return try resolveUnregistered(Service.self, name: name)
    }
    context.dryRun?.recordEdge(from: context.path.last?.registration, to: key, kind: .direct)
    return try unsafeDowncast(found, to: Registration<Service>.self).resolveInDryRun(with: self)
  }

  /// A `Lazy` or `Provider` made on the spot, or the missing-registration error.
  @usableFromInline
  func resolveUnregistered<Service: Sendable>(_ service: Service.Type, name: String?) throws -> Service {
    if let deferred = Service.self as? any DeferredResolution.Type {
      // `Service` is that `Lazy` or `Provider` type, so the cast cannot fail.
      return try deferred.make(resolvingFrom: self, name: name) as! Service
    }
    let key = ServiceKey(service: Service.self, name: name)
    context.dryRun?.recordEdge(from: context.path.last?.registration, to: key, kind: .direct)
    throw missing(key)
  }

  func missing(_ key: ServiceKey) -> ResolutionError {
    .missing(key, path: context.chain.map(\.key), registered: container.visibleRegistrations().map(\.key))
  }

  /// What a `Lazy` or `Provider` made here needs to resolve later.
  var origin: ResolutionOrigin {
    ResolutionOrigin(container: container, scope: scope, prefix: context.chain, holder: holder)
  }
}
