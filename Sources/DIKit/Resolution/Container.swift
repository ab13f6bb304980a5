import Synchronization

/// A dependency-injection container: you register how to build each service, and it builds
/// them, with their dependencies, when you resolve them.
///
/// ```swift
/// let container = Container()
/// container.register(Clock.self, lifetime: .singleton) { _ in SystemClock() }
/// container.register(Greeter.self) { resolver in Greeter(clock: try resolver.resolve()) }
///
/// let greeter = try container.resolve(Greeter.self)
/// print(greeter.greeting(for: "Ada"))
/// ```
///
/// ```text
/// Good morning, Ada!
/// ```
///
/// A container is safe to use from any thread or task. Register everything first, in one
/// place (the composition root); registering after the first resolution is safe too, but
/// costs a rebuild of the lookup table on the next resolution. Call ``validate()`` at start-up
/// or in a test to find every missing registration, cycle and captive dependency at once.
public final class Container: Sendable {
  /// The container this one falls back to; see ``makeChild()``.
  @usableFromInline let parent: Container?
  /// The registrations, as registered; writers take this lock.
  private let table = Mutex(RegistrationTable())
  /// The snapshot that resolutions read without a lock; `nil` after a registration.
  @usableFromInline let published = Atomic<Unmanaged<Registry>?>(nil)
  /// What the last successful `validate()` proved; `nil` after a registration.
  @usableFromInline let plan = Atomic<Unmanaged<ResolutionPlan>?>(nil)

  /// Creates an empty container.
  ///
  /// ```swift
  /// let container = Container()
  /// ```
  public init() {
    parent = nil
  }

  private init(parent: Container) {
    self.parent = parent
  }

  /// A child container: it sees every registration of this one, and its own registrations
  /// override them without touching this container. Made for tests.
  ///
  /// ```swift
  /// let test = container.makeChild()
  /// test.register(PaymentGateway.self) { _ in FakeGateway() }
  /// let checkout = try test.resolve(CheckoutService.self)  // with the fake
  /// ```
  ///
  /// A singleton belongs to the container that registered it, and its dependencies come from
  /// there: a parent's singleton never picks up a child's override (it would otherwise leak
  /// into every other user of the parent). Register the singleton in the child too to rebuild
  /// it with the override.
  public func makeChild() -> Container {
    Container(parent: self)
  }

  /// A new scope, such as a request or a test: each `.scoped` service resolved from it is
  /// created once for that scope.
  ///
  /// ```swift
  /// let scope = container.makeScope()
  /// let first = try scope.resolve(RequestLog.self)
  /// let second = try scope.resolve(RequestLog.self)  // the same instance
  /// ```
  public func makeScope() -> Scope {
    Scope(container: self)
  }

  /// Runs `body` with a new scope, and closes the scope (see ``Scope/close()``) when `body`
  /// returns or throws.
  ///
  /// ```swift
  /// let receipt = try container.withScope { request in
  ///   try request.resolve(Handler.self).handle(order)
  /// }
  /// ```
  public func withScope<Result>(_ body: (Scope) throws -> Result) rethrows -> Result {
    let scope = makeScope()
    defer { scope.close() }
    return try body(scope)
  }

  // MARK: Registering

  /// Registers how to build a service.
  ///
  /// ```swift
  /// container.register(PaymentGateway.self, name: "sandbox", lifetime: .singleton) { _ in
  ///   SandboxGateway()
  /// }
  /// container.register(CheckoutService.self) { resolver in
  ///   CheckoutService(gateway: try resolver.resolve(PaymentGateway.self, name: "sandbox"))
  /// }
  /// ```
  ///
  /// Registering the same type and name again replaces the earlier registration.
  ///
  /// - Parameters:
  ///   - service: The type callers resolve, often a protocol.
  ///   - name: Tells apart several registrations of one type.
  ///   - lifetime: How long an instance lives and who shares it; see ``Lifetime``.
  ///   - factory: Builds the service, resolving its dependencies through the ``Resolver``.
  public func register<Service: Sendable>(
    _ service: Service.Type, name: String? = nil, lifetime: Lifetime = .transient,
    factory: @escaping @Sendable (Resolver) throws -> Service
  ) {
    add(
      Registration(
        key: ServiceKey(service: service, name: name), lifetime: lifetime, owner: self,
        factory: .plain(factory)))
  }

  /// Registers a service whose factory takes a runtime argument; it is built anew on each
  /// resolution.
  ///
  /// ```swift
  /// container.register(Greeting.self, arguments: String.self) { _, name in
  ///   Greeting(name: name)
  /// }
  /// let greeting = try container.resolve(Greeting.self, arguments: "Ada")
  /// ```
  ///
  /// The factory's parameters are checked against `arguments` at compile time; a resolution
  /// with other argument types fails with an error that lists what is registered.
  ///
  /// Such a registration takes no lifetime: it is always transient. An instance built from
  /// arguments belongs to those arguments, and sharing it (as a singleton, scoped or graph
  /// instance) would hand the first caller's greeting to everyone who asks with other ones.
  /// To share one per argument, keep them in a service of your own, such as a dictionary
  /// behind a singleton.
  public func register<Service: Sendable, Argument>(
    _ service: Service.Type, name: String? = nil, arguments argument: Argument.Type,
    factory: @escaping @Sendable (Resolver, Argument) throws -> Service
  ) {
    add(service, name: name, arguments: Argument.self) { resolver, arguments in
      try factory(resolver, arguments as! Argument)
    }
  }

  /// Registers a service whose factory takes two runtime arguments; see
  /// ``register(_:name:arguments:factory:)``.
  ///
  /// ```swift
  /// container.register(Greeting.self, arguments: String.self, Int.self) { _, name, age in
  ///   Greeting(name: name, age: age)
  /// }
  /// let greeting = try container.resolve(Greeting.self, arguments: "Ada", 36)
  /// ```
  public func register<Service: Sendable, First, Second>(
    _ service: Service.Type, name: String? = nil, arguments first: First.Type,
    _ second: Second.Type,
    factory: @escaping @Sendable (Resolver, First, Second) throws -> Service
  ) {
    add(service, name: name, arguments: (First, Second).self) { resolver, arguments in
      let (first, second) = arguments as! (First, Second)
      return try factory(resolver, first, second)
    }
  }

  /// Registers a service whose factory takes three runtime arguments; see
  /// ``register(_:name:arguments:factory:)``. For more, pass a struct that holds them.
  ///
  /// ```swift
  /// container.register(Invoice.self, arguments: Order.self, Customer.self, Date.self) {
  ///   _, order, customer, date in Invoice(order: order, customer: customer, date: date)
  /// }
  /// ```
  public func register<Service: Sendable, First, Second, Third>(
    _ service: Service.Type, name: String? = nil, arguments first: First.Type,
    _ second: Second.Type, _ third: Third.Type,
    factory: @escaping @Sendable (Resolver, First, Second, Third) throws -> Service
  ) {
    add(service, name: name, arguments: (First, Second, Third).self) { resolver, arguments in
      let (first, second, third) = arguments as! (First, Second, Third)
      return try factory(resolver, first, second, third)
    }
  }

  // One overload per count of arguments, rather than one over a parameter pack: a factory whose
  // parameters do not match then gets the compiler's plain diagnostic ("contextual closure type
  // '(Resolver, String, Int) throws -> Greeting' expects 3 arguments, but 2 were used"), where
  // the pack version said "pack expansion requires that 'Int' and '' have the same shape".

  /// Adds a registration with runtime arguments. `resolve(_:name:arguments:)` passes them as
  /// one value, a tuple of exactly the `arguments` types (the key includes them, so only a
  /// tuple of those types reaches the factory).
  private func add<Service: Sendable>(
    _ service: Service.Type, name: String?, arguments: Any.Type,
    make: @escaping @Sendable (Resolver, Any) throws -> Service
  ) {
    add(
      Registration(
        key: ServiceKey(service: service, name: name, arguments: arguments), lifetime: .transient,
        owner: self, factory: .withArguments(make)))
  }

  private func add(_ registration: any AnyRegistration) {
    table.withLock { table in
      table.add(registration)
      published.store(nil, ordering: .releasing)
      plan.store(nil, ordering: .releasing)
    }
  }

  // MARK: Resolving

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

  // MARK: Lookup

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

  /// The registration for an unnamed or named service without arguments, here or in a parent,
  /// unretained (the registries keep it alive as long as the container).
  @inlinable @inline(__always)
  func lookup(_ service: Any.Type, name: String?) -> Unmanaged<AnyObject>? {
    if let found = registry()._withUnsafeGuaranteedRef({ $0.lookup(service, name: name) }) {
      return found
    }
    guard let parent else { return nil }
    return parent.lookupInAncestors(service, name: name)
  }

  @usableFromInline
  func lookupInAncestors(_ service: Any.Type, name: String?) -> Unmanaged<AnyObject>? {
    var ancestor: Container? = self
    while let container = ancestor {
      if let found = container.registry()._withUnsafeGuaranteedRef({ $0.lookup(service, name: name) }) {
        return found
      }
      ancestor = container.parent
    }
    return nil
  }

  /// The registration for any key, here or in a parent.
  func registration(for key: ServiceKey) -> (any AnyRegistration)? {
    var container: Container? = self
    while let current = container {
      if let found = current.registry()._withUnsafeGuaranteedRef({ $0.registration(for: key) }) {
        return found
      }
      container = current.parent
    }
    return nil
  }

  /// The published snapshot, built first if a registration dropped it.
  @inlinable @inline(__always)
  func registry() -> Unmanaged<Registry> {
    published.load(ordering: .acquiring) ?? publishRegistry()
  }

  @usableFromInline
  func publishRegistry() -> Unmanaged<Registry> {
    table.withLock { table in
      if let registry = published.load(ordering: .acquiring) { return registry }
      let registry = Registry(table.registrations)
      // Kept until the container goes: a resolution may still be reading an older snapshot.
      table.snapshots.append(registry)
      let unmanaged = Unmanaged.passUnretained(registry)
      published.store(unmanaged, ordering: .releasing)
      return unmanaged
    }
  }

  /// Publishes what `validate()` proved: marks the planned registrations and stores the plan,
  /// unless something was registered since the dry run began.
  func adopt(_ plan: ResolutionPlan, for registrations: [any AnyRegistration]) {
    table.withLock { table in
      guard plan.isCurrent(for: self) else { return }
      table.plans.append(plan)
      let token = UnsafeRawPointer(Unmanaged.passUnretained(plan).toOpaque())
      for registration in registrations { registration.markPlanned(by: token) }
      self.plan.store(Unmanaged.passUnretained(plan), ordering: .releasing)
    }
  }

  /// The published snapshots of this container and its ancestors, innermost first.
  func currentRegistries() -> [Unmanaged<Registry>] {
    var registries: [Unmanaged<Registry>] = []
    var container: Container? = self
    while let current = container {
      registries.append(current.registry())
      container = current.parent
    }
    return registries
  }

  /// Every registration this container sees: its own, then its parents' that it does not
  /// override.
  func visibleRegistrations() -> [any AnyRegistration] {
    var seen = Set<ServiceKey>()
    var visible: [any AnyRegistration] = []
    var container: Container? = self
    while let current = container {
      for registration in current.registry()._withUnsafeGuaranteedRef(\.all)
      where seen.insert(registration.key).inserted {
        visible.append(registration)
      }
      container = current.parent
    }
    return visible
  }
}

/// The registrations as made, in order, with every snapshot built from them.
struct RegistrationTable {
  private var order: [ServiceKey] = []
  private var current: [ServiceKey: any AnyRegistration] = [:]
  var snapshots: [Registry] = []
  /// Every plan `validate()` made, kept for the same reason as the snapshots.
  var plans: [ResolutionPlan] = []

  mutating func add(_ registration: any AnyRegistration) {
    if current.updateValue(registration, forKey: registration.key) == nil {
      order.append(registration.key)
    }
  }

  var registrations: [any AnyRegistration] { order.compactMap { current[$0] } }
}
