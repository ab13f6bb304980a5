import Synchronization

/// Resolving from the container itself, the deferred forms (``Lazy``, ``Provider``), and
/// whether a service is registered. A ``Scope`` resolves through the two helpers at the end.
extension Container {
  /// Resolves a service, building it and its dependencies as their lifetimes say.
  ///
  /// ```swift
  /// let checkout = try container.resolve(CheckoutService.self)
  /// let sandbox: PaymentGateway = try container.resolve(name: "sandbox")
  /// ```
  ///
  /// - Throws: ``ResolutionError`` when the service (or one it needs) has no registration,
  ///   depends on itself, is captive, or is scoped (resolve it from a ``Scope``); or whatever
  ///   a factory throws.
  @inlinable
  public func resolve<Service: Sendable>(
    _ service: Service.Type = Service.self, name: String? = nil
  ) throws -> Service {
    guard let found = lookup(Service.self, name: name) else {
      return try resolveUnregistered(Service.self, name: name, scope: nil)
    }
    return try found._withUnsafeGuaranteedRef { found in
      // The key the registration was found under includes `Service`, so the cast cannot fail.
      let registration = unsafeDowncast(found, to: Registration<Service>.self)
      // The singleton hit: one table lookup and one atomic load, no lock.
      if registration.lifetime == .singleton, let instance = registration.existingInstance {
        return instance
      }
      if let depthLimit = plannedDepthLimit(for: registration) {
        let call = ResolvingThread.beginCall()
        defer { call.end() }
        let resolver = Resolver(container: self, scope: nil, call: call, depthLimit: depthLimit)
        do { return try registration.resolve(with: resolver) } catch is PlanDeviation {}
      }
      return try registration.resolveChecked(in: self, scope: nil)
    }
  }

  /// Resolves a service whose factory takes runtime arguments.
  ///
  /// ```swift
  /// let greeting = try container.resolve(Greeting.self, arguments: "Ada", 36)
  /// ```
  ///
  /// - Throws: ``ResolutionError`` when no registration takes exactly these argument types.
  public func resolve<Service: Sendable, First, each Other>(
    _ service: Service.Type = Service.self, name: String? = nil,
    arguments first: First, _ other: repeat each Other
  ) throws -> Service {
    try Resolver.checked(in: self, scope: nil) { resolver in
      try resolver.resolve(Service.self, name: name, arguments: first, repeat each other)
    }
  }

  /// A ``Lazy`` that resolves the service from this container on first use.
  ///
  /// ```swift
  /// let exporter = container.lazy(PDFExporter.self)
  /// if wantsPDF { try exporter.value.export(report) }  // built here, once
  /// ```
  public func lazy<Service: Sendable>(
    _ service: Service.Type = Service.self, name: String? = nil
  ) -> Lazy<Service> {
    Lazy(origin: ResolutionOrigin(container: self, scope: nil), name: name)
  }

  /// A ``Provider`` that resolves the service from this container on each call.
  ///
  /// ```swift
  /// let parsers = container.provider(Parser.self)
  /// for file in files { try parsers().parse(file) }
  /// ```
  public func provider<Service: Sendable>(
    _ service: Service.Type = Service.self, name: String? = nil
  ) -> Provider<Service> {
    Provider(origin: ResolutionOrigin(container: self, scope: nil), name: name)
  }

  /// Whether this container or one of its parents has a registration for the service.
  ///
  /// ```swift
  /// if !container.isRegistered(Analytics.self) {
  ///   container.register(Analytics.self) { _ in NoAnalytics() }
  /// }
  /// ```
  public func isRegistered<Service>(_ service: Service.Type, name: String? = nil) -> Bool {
    registration(for: ServiceKey(service: service, name: name)) != nil
  }

  // MARK: Shared with Scope

  /// How deep a planned resolution of `registration` may go, if the last `validate()` planned
  /// it and nothing has been registered since; `nil` when it must be resolved checked.
  @inlinable @inline(__always)
  func plannedDepthLimit<Service>(for registration: Registration<Service>) -> Int? {
    guard let plan = plan.load(ordering: .acquiring),
      registration.plannedBy.load(ordering: .acquiring) == UnsafeRawPointer(plan.toOpaque())
    else { return nil }
    return plan._withUnsafeGuaranteedRef { $0.isCurrent(for: self) ? $0.depthLimit : nil }
  }

  /// A service without a registration: a `Lazy` or `Provider`, or the error.
  @usableFromInline
  func resolveUnregistered<Service: Sendable>(
    _ service: Service.Type, name: String?, scope: Scope?
  ) throws -> Service {
    try Resolver.checked(in: self, scope: scope) { try $0.resolve(Service.self, name: name) }
  }
}
