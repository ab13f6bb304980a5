import Synchronization

/// A unit of work, such as a request or a test, with its own instance of every `.scoped`
/// service.
///
/// ```swift
/// container.register(RequestLog.self, lifetime: .scoped) { _ in RequestLog() }
/// container.register(Handler.self) { resolver in Handler(log: try resolver.resolve()) }
///
/// let scope = container.makeScope()
/// let handler = try scope.resolve(Handler.self)
/// let log = try scope.resolve(RequestLog.self)  // the log the handler writes to
/// ```
///
/// A scope resolves everything else as its container does. Its scoped instances go when the
/// scope goes, or when it is closed with ``close()``; after that, resolving from it (or from a
/// `Lazy` or `Provider` made in it) throws. ``Container/withScope(_:)`` closes the scope when
/// its body returns. Like the container, a scope is safe to share between tasks, and each
/// scoped service is created once per scope even when many tasks ask at the same time.
public final class Scope: Sendable {
  let container: Container
  private let instances = Mutex<[ObjectIdentifier: any Sendable]>([:])
  private let closed = Atomic<Bool>(false)

  init(container: Container) {
    self.container = container
  }

  /// Resolves a service within this scope.
  ///
  /// ```swift
  /// let scope = container.makeScope()
  /// let handler = try scope.resolve(Handler.self)
  /// ```
  ///
  /// - Throws: ``ResolutionError``, as ``Container/resolve(_:name:)`` does.
  public func resolve<Service: Sendable>(
    _ service: Service.Type = Service.self, name: String? = nil
  ) throws -> Service {
    try checkOpen(ServiceKey(service: Service.self, name: name))
    guard let found = container.lookup(Service.self, name: name) else {
      return try container.resolveUnregistered(Service.self, name: name, scope: self)
    }
    return try found._withUnsafeGuaranteedRef { found in
      let registration = unsafeDowncast(found, to: Registration<Service>.self)
      if let depthLimit = container.plannedDepthLimit(for: registration) {
        let call = ResolvingThread.beginCall()
        defer { call.end() }
        let resolver = Resolver(
          container: container, scope: self, call: call, depthLimit: depthLimit)
        do { return try registration.resolve(with: resolver) } catch is PlanDeviation {}
      }
      return try registration.resolveChecked(in: container, scope: self)
    }
  }

  /// Resolves a service whose factory takes runtime arguments, within this scope.
  ///
  /// ```swift
  /// let greeting = try scope.resolve(Greeting.self, arguments: "Ada", 36)
  /// ```
  ///
  /// - Throws: ``ResolutionError`` when no registration takes exactly these argument types.
  public func resolve<Service: Sendable, First, each Other>(
    _ service: Service.Type = Service.self, name: String? = nil,
    arguments first: First, _ other: repeat each Other
  ) throws -> Service {
    try checkOpen(
      ServiceKey(service: Service.self, name: name, arguments: (First, repeat each Other).self))
    return try Resolver.checked(in: container, scope: self) { resolver in
      try resolver.resolve(Service.self, name: name, arguments: first, repeat each other)
    }
  }

  /// A ``Lazy`` that resolves the service within this scope on first use.
  ///
  /// ```swift
  /// let log = scope.lazy(RequestLog.self)
  /// ```
  public func lazy<Service: Sendable>(
    _ service: Service.Type = Service.self, name: String? = nil
  ) -> Lazy<Service> {
    Lazy(origin: ResolutionOrigin(container: container, scope: self), name: name)
  }

  /// A ``Provider`` that resolves the service within this scope on each call.
  ///
  /// ```swift
  /// let handlers = scope.provider(Handler.self)
  /// let handler = try handlers()
  /// ```
  public func provider<Service: Sendable>(
    _ service: Service.Type = Service.self, name: String? = nil
  ) -> Provider<Service> {
    Provider(origin: ResolutionOrigin(container: container, scope: self), name: name)
  }

  /// Ends the scope: drops its scoped instances (those that nothing else holds are freed), and
  /// makes every later resolution from it, or from a `Lazy` or `Provider` made in it, throw.
  ///
  /// ```swift
  /// let request = container.makeScope()
  /// defer { request.close() }
  /// let handler = try request.resolve(Handler.self)
  /// ```
  ///
  /// Closing twice does nothing more. Dropping the last reference to a scope ends it too.
  public func close() {
    let dropped = instances.withLock { instances in
      closed.store(true, ordering: .releasing)
      defer { instances = [:] }
      return instances
    }
    // Freed here, outside the lock: a deinit may well use the scope.
    _ = consume dropped
  }

  /// Whether ``close()`` has been called.
  ///
  /// ```swift
  /// if request.isClosed { print("the request has ended") }
  /// ```
  public var isClosed: Bool {
    closed.load(ordering: .acquiring)
  }

  /// Throws the error for a closed scope.
  func checkOpen(_ key: ServiceKey, path: [ServiceKey] = []) throws {
    if isClosed { throw ResolutionError.scopeEnded(key, deferred: nil, closed: true, path: path) }
  }

  /// The scope's instance of `registration`, if it has one.
  func instance(for registration: any AnyRegistration, key: ServiceKey) throws -> (any Sendable)? {
    try checkOpen(key)
    return instances.withLock { $0[ObjectIdentifier(registration)] }
  }

  /// Keeps the scope's instance of `registration`, unless the scope was closed meanwhile.
  func store(
    _ instance: any Sendable, for registration: any AnyRegistration, key: ServiceKey
  ) throws {
    let stored = instances.withLock { instances in
      guard !closed.load(ordering: .acquiring) else { return false }
      instances[ObjectIdentifier(registration)] = instance
      return true
    }
    if !stored { try checkOpen(key) }
  }
}
