import Synchronization

/// How long an instance lives.
enum Lifetime: Sendable {
  /// A new instance on every resolve.
  case transient
  /// One instance per container, created on first use, exactly once.
  case singleton
}

struct MissingRegistration: Error, Equatable, CustomStringConvertible {
  let service: String

  var description: String {
    "No registration for \(service). To fix, register it: container.register(\(service).self) { … }"
  }
}

/// One registered service: its lifetime and its factory.
final class Registration: Sendable {
  let lifetime: Lifetime
  private let factory: @Sendable (Container) throws -> any Sendable
  private let made = Mutex<(any Sendable)?>(nil)

  init(lifetime: Lifetime, factory: @escaping @Sendable (Container) throws -> any Sendable) {
    self.lifetime = lifetime
    self.factory = factory
  }

  /// The instance to hand out, as the lifetime says.
  func instance(from container: Container) throws -> any Sendable {
    guard lifetime == .singleton else { return try factory(container) }
    // The container's one lock for building singletons: no two singletons are ever built at once.
    return try container.building.withLock { _ in
      if let existing = made.withLock({ $0 }) { return existing }
      let instance = try factory(container)
      made.withLock { $0 = instance }
      return instance
    }
  }
}

/// A container that any thread or task may use at once.
final class Container: Sendable {
  private let registrations = Mutex<[ObjectIdentifier: Registration]>([:])
  /// Held while any singleton is built.
  let building = Mutex<Void>(())

  init() {}

  func register<Service: Sendable>(
    _ type: Service.Type, lifetime: Lifetime = .transient,
    factory: @escaping @Sendable (Container) throws -> Service
  ) {
    let registration = Registration(lifetime: lifetime, factory: factory)
    registrations.withLock { $0[ObjectIdentifier(type)] = registration }
  }

  func resolve<Service: Sendable>(_ type: Service.Type = Service.self) throws -> Service {
    guard let registration = registrations.withLock({ $0[ObjectIdentifier(type)] }) else {
      throw MissingRegistration(service: "\(type)")
    }
    // The lock is not held here: the factory may resolve other services.
    return try registration.instance(from: self) as! Service
  }
}
