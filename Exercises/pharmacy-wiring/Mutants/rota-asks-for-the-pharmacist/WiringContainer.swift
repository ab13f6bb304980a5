/// The pharmacy app's container: transient and singleton services, cycles named with their
/// chain, and `validate()`, which builds every service once and lists every problem.
public final class Container {
  public enum Lifetime { case transient, singleton }

  private struct Registration {
    let name: String
    let lifetime: Lifetime
    let factory: (Resolver) throws -> Any
  }

  private var registrations: [ObjectIdentifier: Registration] = [:]
  private var singletons: [ObjectIdentifier: Any] = [:]

  public init() {}

  public func register<Service>(
    _ type: Service.Type, _ lifetime: Lifetime = .transient, factory: @escaping (Resolver) throws -> Service
  ) {
    registrations[ObjectIdentifier(type)] = Registration(name: "\(type)", lifetime: lifetime, factory: factory)
    singletons[ObjectIdentifier(type)] = nil
  }

  public func resolve<Service>(_ type: Service.Type = Service.self) throws -> Service {
    try Resolver(container: self).resolve(type)
  }

  /// Builds every registered service once, and returns every problem found, one line each
  /// (an empty list when the wiring is sound). Singletons it builds are kept.
  public func validate() -> [String] {
    registrations.sorted { $0.value.name < $1.value.name }.compactMap { key, registration in
      do {
        _ = try Resolver(container: self).build(key, name: registration.name)
        return nil
      } catch {
        return "\(error)"
      }
    }
  }

  fileprivate func instance(_ key: ObjectIdentifier, name: String, resolver: Resolver) throws -> Any {
    guard let registration = registrations[key] else {
      throw WiringError(description: "No registration for \(name)\(resolver.requestedBy).")
    }
    if registration.lifetime == .singleton, let made = singletons[key] { return made }
    let made = try registration.factory(resolver)
    if registration.lifetime == .singleton { singletons[key] = made }
    return made
  }
}

public struct WiringError: Error, CustomStringConvertible, Sendable {
  public let description: String

  public init(description: String) {
    self.description = description
  }
}

/// One top-level resolution: what its factories resolve through.
public final class Resolver {
  private let container: Container
  private var path: [(key: ObjectIdentifier, name: String)] = []

  fileprivate init(container: Container) {
    self.container = container
  }

  public func resolve<Service>(_ type: Service.Type = Service.self) throws -> Service {
    try build(ObjectIdentifier(type), name: "\(type)") as! Service
  }

  /// The services that asked for the one being built (the last on the path), outermost first.
  fileprivate var requestedBy: String {
    let askers = path.dropLast().map(\.name)
    return askers.isEmpty ? "" : " (requested by \(askers.joined(separator: " → ")))"
  }

  fileprivate func build(_ key: ObjectIdentifier, name: String) throws -> Any {
    if let start = path.firstIndex(where: { $0.key == key }) {
      let cycle = path[start...].map(\.name) + [name]
      throw WiringError(description: "Dependency cycle: \(cycle.joined(separator: " → ")).")
    }
    path.append((key, name))
    defer { path.removeLast() }
    return try container.instance(key, name: name, resolver: self)
  }
}
