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
  private var factories: [ObjectIdentifier: [String?: (Container) throws -> Any]] = [:]
  init() {}
  func register<Service>(_ type: Service.Type, name: String? = nil, factory: @escaping (Container) throws -> Service) {
    let id = ObjectIdentifier(type)
    if name == nil {
      factories[id] = [nil: factory]
    } else {
      factories[id, default: [:]][name] = factory
    }
  }
  func resolve<Service>(_ type: Service.Type = Service.self, name: String? = nil) throws -> Service {
    guard let table = factories[ObjectIdentifier(type)], let factory = table[name] else {
      throw MissingRegistration(service: "\(type)", name: name)
    }
    return try factory(self) as! Service
  }
}
