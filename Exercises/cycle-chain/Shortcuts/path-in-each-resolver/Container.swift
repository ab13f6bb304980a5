import Synchronization

/// Why a service could not be built, naming the services involved.
enum ResolutionError: Error, Equatable, CustomStringConvertible {
  /// Nothing is registered for the service; `requestedBy` is the chain that asked for it,
  /// outermost first: `["Counter", "Weighing"]`.
  case missing(String, requestedBy: [String])
  /// The services on a cycle, from the first to the same one again:
  /// `["Pharmacist", "RefillDesk", "Pharmacist"]`.
  case cycle([String])

  var description: String {
    switch self {
    case .missing(let service, let chain) where chain.isEmpty:
      "No registration for \(service)."
    case .missing(let service, let chain):
      "No registration for \(service) (requested by \(chain.joined(separator: " → ")))."
    case .cycle(let services):
      "Dependency cycle: \(services.joined(separator: " → "))."
    }
  }
}

struct Registration: Sendable {
  let factory: @Sendable (Resolver) throws -> any Sendable
}

/// A container any thread may use. Each top-level `resolve` gets a `Resolver` of its own,
/// which every factory of that resolution is handed.
final class Container: Sendable {
  private let registrations = Mutex<[ObjectIdentifier: Registration]>([:])

  init() {}

  func register<Service: Sendable>(
    _ type: Service.Type, factory: @escaping @Sendable (Resolver) throws -> Service
  ) {
    registrations.withLock { $0[ObjectIdentifier(type)] = Registration(factory: factory) }
  }

  func resolve<Service: Sendable>(_ type: Service.Type = Service.self) throws -> Service {
    try Resolver(container: self).resolve(type)
  }

  func registration(for type: Any.Type) -> Registration? {
    registrations.withLock { $0[ObjectIdentifier(type)] }
  }
}

/// One resolution in progress: what its factories resolve through.
final class Resolver {
  private let container: Container
  /// The services this resolution is building, outermost first.
  private var path: [(type: ObjectIdentifier, name: String)] = []

  init(container: Container) {
    self.container = container
  }

  func resolve<Service: Sendable>(_ type: Service.Type = Service.self) throws -> Service {
    let key = ObjectIdentifier(type)
    let name = "\(type)"
    if let start = path.firstIndex(where: { $0.type == key }) {
      throw ResolutionError.cycle(path[start...].map(\.name) + [name])
    }
    guard let registration = container.registration(for: type) else {
      throw ResolutionError.missing(name, requestedBy: path.map(\.name))
    }
    path.append((key, name))
    defer { path.removeLast() }
    return try registration.factory(self) as! Service
  }
}
