import Synchronization

/// What the container knows about one registration, whatever its service type: its key, its
/// lifetime, the container that owns it, and how to build it for `validate()`.
@usableFromInline
protocol AnyRegistration: AnyObject, Sendable {
  var key: ServiceKey { get }
  var lifetime: Lifetime { get }
  /// The container the registration was made in: singletons and weak instances live there,
  /// and their factories resolve their dependencies from there.
  var owner: Container { get }
  /// Marks the registration as planned by the plan with this identity.
  func markPlanned(by plan: UnsafeRawPointer)
  /// Builds the service once in `validate()`'s dry run, dropping the instance.
  func buildInDryRun(_ resolver: Resolver) throws
}

/// One registration of a service: its factory, its lifetime, and the singleton it created.
///
/// The singleton is published once through an atomic pointer: written by the one thread that
/// creates it (see `Creations`), read without any lock. That read is the whole cost of a
/// singleton hit.
///
/// `@unchecked Sendable`: `instance` points to memory that is written once, before the
/// pointer is published with release ordering, and never changed afterwards; readers load it
/// with acquire ordering. Everything else is immutable, atomic or behind a mutex.
@usableFromInline
final class Registration<Service: Sendable>: AnyRegistration, @unchecked Sendable {
  /// A factory, with or without runtime arguments (passed as one tuple).
  enum Factory {
    case plain(@Sendable (Resolver) throws -> Service)
    case withArguments(@Sendable (Resolver, Any) throws -> Service)
  }

  @usableFromInline let key: ServiceKey
  @usableFromInline let lifetime: Lifetime
  /// The factory of a registration without runtime arguments (kept apart from the other kind,
  /// and not optional, so the hot path calls it straight from the stored property).
  @usableFromInline let make: @Sendable (Resolver) throws -> Service
  let makeWithArguments: (@Sendable (Resolver, Any) throws -> Service)?
  @usableFromInline unowned let owner: Container
  /// The singleton, once created.
  @usableFromInline let instance = Atomic<UnsafeMutablePointer<Service>?>(nil)
  /// The instance of the `weak` lifetime.
  let weakInstance = Mutex(WeakReference())
  /// The `ResolutionPlan` that proved this registration's graph clean, if any.
  @usableFromInline let plannedBy = Atomic<UnsafeRawPointer?>(nil)

  init(key: ServiceKey, lifetime: Lifetime, owner: Container, factory: Factory) {
    self.key = key
    self.lifetime = lifetime
    self.owner = owner
    switch factory {
    case .plain(let make):
      self.make = make
      makeWithArguments = nil
    case .withArguments(let make):
      // Unreachable: only keys with arguments lead to this registration.
      self.make = { _ in preconditionFailure("\(key) needs runtime arguments") }
      makeWithArguments = make
    }
  }

  deinit {
    if let pointer = instance.load(ordering: .acquiring) {
      pointer.deinitialize(count: 1)
      pointer.deallocate()
    }
  }

  /// The singleton if it has been created: one atomic load, no lock.
  @inlinable
  var existingInstance: Service? {
    instance.load(ordering: .acquiring)?.pointee
  }

  /// Stores the singleton; called once, by the thread that created it.
  func publish(_ value: Service) {
    let pointer = UnsafeMutablePointer<Service>.allocate(capacity: 1)
    pointer.initialize(to: value)
    instance.store(pointer, ordering: .releasing)
  }

  @usableFromInline
  func markPlanned(by plan: UnsafeRawPointer) {
    plannedBy.store(plan, ordering: .releasing)
  }

  @usableFromInline
  func buildInDryRun(_ resolver: Resolver) throws {
    _ = try resolveInDryRun(with: resolver)
  }
}

/// A weak reference to a `weak` lifetime's instance, kept behind a mutex.
///
/// `@unchecked Sendable`: the object is always a service instance, which is `Sendable`;
/// `AnyObject` only erases its type.
struct WeakReference: @unchecked Sendable {
  weak var object: AnyObject?

  init(_ object: AnyObject? = nil) {
    self.object = object
  }
}
