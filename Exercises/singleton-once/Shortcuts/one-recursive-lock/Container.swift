import Foundation
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
final class Registration: @unchecked Sendable {
  let lifetime: Lifetime
  private let factory: @Sendable (Container) throws -> any Sendable
  private var made: (any Sendable)?
  /// One lock for every singleton, recursive so a factory may resolve another singleton.
  private static let creating = NSRecursiveLock()

  init(lifetime: Lifetime, factory: @escaping @Sendable (Container) throws -> any Sendable) {
    self.lifetime = lifetime
    self.factory = factory
  }

  /// The instance to hand out, as the lifetime says.
  func instance(from container: Container) throws -> any Sendable {
    guard lifetime == .singleton else { return try factory(container) }
    Self.creating.lock()
    defer { Self.creating.unlock() }
    if let made { return made }
    let instance = try factory(container)
    made = instance
    return instance
  }
}

/// A container that any thread or task may use at once.
final class Container: Sendable {
  private let registrations = Mutex<[ObjectIdentifier: Registration]>([:])

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
