/// Thrown when nothing is registered for a service: says which one, and how to fix it.
struct MissingRegistration: Error, Equatable, CustomStringConvertible {
  let service: String
  let name: String?

  var description: String {
    let named = name.map { " named \"\($0)\"" } ?? ""
    return "No registration for \(service)\(named). To fix, register it: container.register(\(service).self) { … }"
  }
}

final class Container {
  private enum Key: Hashable { case type(ObjectIdentifier), name(String) }
  private var factories: [Key: (Container) throws -> Any] = [:]
  init() {}
  private func key(_ type: Any.Type, _ name: String?) -> Key { name.map(Key.name) ?? .type(ObjectIdentifier(type)) }
  func register<Service>(_ type: Service.Type, name: String? = nil, factory: @escaping (Container) throws -> Service) {
    factories[key(type, name)] = factory
  }
  func resolve<Service>(_ type: Service.Type = Service.self, name: String? = nil) throws -> Service {
    guard let factory = factories[key(type, name)] else { throw MissingRegistration(service: "\(type)", name: name) }
    guard let service = try factory(self) as? Service else { throw MissingRegistration(service: "\(type)", name: name) }
    return service
  }
}
