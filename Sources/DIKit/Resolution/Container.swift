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
///
/// This file holds the container's state and the code that changes it; registering,
/// resolving and looking up each have a file of their own (`Container+Registering.swift` and
/// so on).
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

  // MARK: The table

  // The only code that takes the table's lock: a registration, publishing the snapshot that
  // resolutions read, and adopting a plan. Everything else reads `published` and `plan`.

  /// Adds or replaces a registration, and drops the snapshot and plan made before it.
  func add(_ registration: any AnyRegistration) {
    table.withLock { table in
      table.add(registration)
      published.store(nil, ordering: .releasing)
      plan.store(nil, ordering: .releasing)
    }
  }

  /// Builds and publishes the snapshot of the registrations, unless another thread just did.
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
