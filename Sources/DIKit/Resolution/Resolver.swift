import Synchronization

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
/// A resolver is meant for the factory it is given to: to resolve something later, or from
/// another task, inject a ``Lazy`` or a ``Provider`` instead. Swift 6 holds you to that: a
/// resolver is not `Sendable` and every service must be, so a service cannot keep one, and a
/// factory cannot hand it to another task. A resolver kept anyway (with `nonisolated(unsafe)`)
/// and used after its top-level call has returned throws a ``ResolutionError`` of kind
/// ``ResolutionError/Kind-swift.enum/resolverKept``, without touching its container, which
/// may have been freed since.
///
/// (A `~Escapable` resolver would make keeping one a compile-time error, but on Swift 6.3 a
/// function cannot return a `~Escapable` value without an experimental feature. A `~Copyable`
/// one that factories borrow would too, but Swift 6.3.1 crashes compiling a closure that
/// captures it. And holding the container strongly instead cost every factory call a reference
/// count on the container, which four threads resolving at once contend for: 124 ns became
/// 234 ns in the benchmark's concurrent case.)
public struct Resolver {
  /// Unretained: the top-level call keeps the container (and its ancestors, which it holds)
  /// alive while it runs, and a resolver used after that throws before it reads it (see
  /// `isKept`). Reference counting it at every level was a fifth of a transient resolution's
  /// cost.
  @usableFromInline let unmanagedContainer: Unmanaged<Container>
  /// Unretained, like the container: the scope's `resolve` keeps it alive.
  @usableFromInline let unmanagedScope: Unmanaged<Scope>?
  /// The checked resolution's state; `nil` in a planned resolution (see `ResolutionPlan`).
  /// Unretained, like the container: the top-level call holds it.
  @usableFromInline let unmanagedContext: Unmanaged<ResolutionContext>?
  /// The thread that runs the top-level call, and that call's number, which is the thread's
  /// `activeCall` only while the call runs.
  @usableFromInline let unmanagedThread: Unmanaged<ResolvingThread>
  @usableFromInline let call: UInt64
  /// The nearest service on the path that is not transient: the one that keeps what this
  /// resolver builds (`.transient` when there is none).
  @usableFromInline let holder: Lifetime
  /// In a planned resolution: how many factories deep this resolver is, and how deep the plan
  /// allows.
  @usableFromInline let depth: Int
  @usableFromInline let depthLimit: Int

  /// The resolver of a checked top-level resolution with `context`.
  init(container: Container, scope: Scope?, context: ResolutionContext, holder: Lifetime) {
    let call = context.call
    self.init(
      unmanagedContainer: Unmanaged.passUnretained(container),
      unmanagedScope: scope.map { Unmanaged.passUnretained($0) },
      context: Unmanaged.passUnretained(context), thread: call.thread, call: call.number,
      holder: holder, depth: 0, depthLimit: 0)
  }

  /// The resolver of a planned top-level call.
  @inlinable
  init(container: Container, scope: Scope?, call: ResolvingThread.TopLevelCall, depthLimit: Int) {
    self.init(
      unmanagedContainer: Unmanaged.passUnretained(container),
      unmanagedScope: scope.map { Unmanaged.passUnretained($0) }, context: nil,
      thread: call.thread, call: call.number, holder: .transient, depth: 0,
      depthLimit: depthLimit)
  }

  @inlinable
  init(
    unmanagedContainer: Unmanaged<Container>, unmanagedScope: Unmanaged<Scope>?,
    context: Unmanaged<ResolutionContext>?, thread: Unmanaged<ResolvingThread>, call: UInt64,
    holder: Lifetime, depth: Int, depthLimit: Int
  ) {
    self.unmanagedContainer = unmanagedContainer
    self.unmanagedScope = unmanagedScope
    unmanagedContext = context
    unmanagedThread = thread
    self.call = call
    self.holder = holder
    self.depth = depth
    self.depthLimit = depthLimit
  }

  @usableFromInline
  var container: Container { unmanagedContainer.takeUnretainedValue() }

  @usableFromInline
  var scope: Scope? { unmanagedScope?.takeUnretainedValue() }

  @usableFromInline
  var context: ResolutionContext? { unmanagedContext?.takeUnretainedValue() }

  /// A resolver one factory deeper, in `container`, held by `holder`.
  @inlinable @inline(__always)
  func descending(into container: Unmanaged<Container>, holder: Lifetime) -> Resolver {
    Resolver(
      unmanagedContainer: container, unmanagedScope: unmanagedScope, context: unmanagedContext,
      thread: unmanagedThread, call: call, holder: holder, depth: depth + 1,
      depthLimit: depthLimit)
  }

  /// Whether this resolver's top-level call has returned: the resolver was kept past its
  /// factory, and its container and context may be gone.
  @inlinable @inline(__always)
  var isKept: Bool {
    unmanagedThread._withUnsafeGuaranteedRef { $0.activeCall.load(ordering: .relaxed) != call }
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
    // One test for both slow paths: a dry run or a finished checked call, and a planned
    // resolver kept past its call. Keeping this function small keeps it inlined.
    if isKept || unmanagedContext?._withUnsafeGuaranteedRef({ !$0.isPlain }) == true {
      return try resolveSpecially(Service.self, name: name)
    }
    let found = unmanagedContainer._withUnsafeGuaranteedRef { $0.lookup(Service.self, name: name) }
    guard let found else {
      if unmanagedContext == nil { throw PlanDeviation() }
      return try resolveUnregistered(Service.self, name: name)
    }
    // The key the registration was found under includes `Service`, so the cast cannot fail.
    return try found._withUnsafeGuaranteedRef {
      try unsafeDowncast($0, to: Registration<Service>.self).resolve(with: self)
    }
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
    let key = ServiceKey(
      service: Service.self, name: name, arguments: (First, repeat each Other).self)
    try checkNotKept(key)
    context?.dryRun?.recordEdge(from: context?.current, to: key, kind: .direct)
    guard let found = container.registration(for: key) else {
      var values = [String(describing: first)]
      repeat values.append(String(describing: each other))
      throw missing(key, argumentValues: values)
    }
    let registration = unsafeDowncast(found, to: Registration<Service>.self)
    return try registration.build(with: self, arguments: (first, repeat each other))
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
    try checkNotKept(ServiceKey(service: Service.self, name: name))
    return try Lazy.make(resolvingFrom: self, name: name)
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
    try checkNotKept(ServiceKey(service: Service.self, name: name))
    return try Provider.make(resolvingFrom: self, name: name)
  }
}

// MARK: - The slow paths

extension Resolver {
  /// Runs `body` with the resolver of a new checked top-level resolution, and finishes that
  /// resolution when `body` returns. The context lives here; resolvers only point to it.
  static func checked<Result>(
    in container: Container, scope: Scope?, prefix: [PathEntry] = [],
    holder: Lifetime = .transient, dryRun: DryRun? = nil, _ body: (Resolver) throws -> Result
  ) rethrows -> Result {
    let context = ResolutionContext.make(in: container, prefix: prefix, dryRun: dryRun)
    defer { context.finish() }
    return try body(Resolver(container: container, scope: scope, context: context, holder: holder))
  }

  /// Resolution in `validate()`'s dry run, or through a resolver kept past its top-level call
  /// (which throws).
  @usableFromInline
  func resolveSpecially<Service: Sendable>(_ service: Service.Type, name: String?) throws -> Service {
    let key = ServiceKey(service: Service.self, name: name)
    guard !isKept, let context, let dryRun = context.dryRun else { throw kept(key) }
    guard let found = container.registration(for: key) else {
      return try resolveUnregistered(Service.self, name: name)
    }
    dryRun.recordEdge(from: context.current, to: key, kind: .direct)
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
    context?.dryRun?.recordEdge(from: context?.current, to: key, kind: .direct)
    throw missing(key)
  }

  /// The missing-registration error, or a plan deviation where there is no path to name.
  func missing(_ key: ServiceKey, argumentValues: [String] = []) -> any Error {
    guard let context else { return PlanDeviation() }
    return ResolutionError.missing(
      key, path: context.chain.map(\.key), registered: container.visibleRegistrations().map(\.key),
      argumentValues: argumentValues)
  }

  /// The services being built, outermost first; `nil` in a planned resolution.
  var chainKeys: [ServiceKey]? {
    context.map { $0.chain.map(\.key) }
  }

  /// Throws if the resolver was kept past its top-level call (see `kept(_:)`).
  func checkNotKept(_ key: ServiceKey) throws {
    if isKept { throw kept(key) }
  }

  /// The error for a resolver used after its top-level call returned. It reads nothing of the
  /// container, which may have been freed.
  @usableFromInline
  func kept(_ key: ServiceKey) -> ResolutionError {
    .resolverKept(key)
  }

  /// What a `Lazy` or `Provider` made here needs to resolve later.
  func origin() throws -> ResolutionOrigin {
    guard let context else { throw PlanDeviation() }
    return ResolutionOrigin(container: container, scope: scope, prefix: context.chain, holder: holder)
  }
}
