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
/// scope goes. Like the container, a scope is safe to share between tasks, and each scoped
/// service is created once per scope even when many tasks ask at the same time.
public final class Scope: Sendable {
  let container: Container
  private let instances = Mutex<[ObjectIdentifier: any Sendable]>([:])

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
    guard let found = container.lookup(Service.self, name: name) else {
      return try container.resolveUnregistered(Service.self, name: name, scope: self)
    }
    return try found._withUnsafeGuaranteedRef { found in
      let registration = unsafeDowncast(found, to: Registration<Service>.self)
      if let depthLimit = container.plannedDepthLimit(for: registration) {
        let resolver = Resolver(
          container: container, scope: self, context: nil, holder: .transient,
          depthLimit: depthLimit)
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
    let resolver = Resolver.topLevel(in: container, scope: self)
    defer { resolver.context?.finish() }
    return try resolver.resolve(Service.self, name: name, arguments: first, repeat each other)
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

  /// The scope's instance of `registration`, if it has one.
  func instance(for registration: any AnyRegistration, key: ServiceKey) throws -> (any Sendable)? {
    instances.withLock { $0[ObjectIdentifier(registration)] }
  }

  /// Keeps the scope's instance of `registration`.
  func store(_ instance: any Sendable, for registration: any AnyRegistration, key: ServiceKey) throws {
    instances.withLock { $0[ObjectIdentifier(registration)] = instance }
  }
}
