/// Thrown when nothing is registered for a service: says which one, and how to fix it.
struct MissingRegistration: Error, Equatable, CustomStringConvertible {
  /// The missing service's type, as Swift prints it: `PrescriptionStore`.
  let service: String
  /// The name it was asked for under, if any.
  let name: String?

  var description: String {
    let named = name.map { " named \"\($0)\"" } ?? ""
    return "No registration for \(service)\(named). To fix, register it: container.register(\(service).self) { … }"
  }
}

/// A small dependency-injection container: it keeps one factory per service (a type, and
/// optionally a name) and calls it on every `resolve`.
final class Container {
  private var factories: [String: (Container) throws -> Any] = [:]

  private func key(_ type: Any.Type, _ name: String?) -> String {
    "\(type)" + (name.map { "/" + $0 } ?? "")
  }

  init() {}

  /// Remembers how to build `type` (under `name`, if given). Registering the same type and
  /// name again replaces the earlier factory.
  func register<Service>(
    _ type: Service.Type, name: String? = nil,
    factory: @escaping (Container) throws -> Service
  ) {
    factories[key(type, name)] = factory
  }

  /// Builds `type` with the factory registered for it (under `name`), handing the factory this
  /// container so it can resolve its own dependencies.
  func resolve<Service>(_ type: Service.Type = Service.self, name: String? = nil) throws -> Service {
    guard let factory = factories[key(type, name)], let service = try factory(self) as? Service else {
      throw MissingRegistration(service: "\(type)", name: name)
    }
    return service
  }
}
