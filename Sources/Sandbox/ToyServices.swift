import DIKit
import Synchronization

/// An instance the sandbox built: which service, its short id, and what it was handed.
final class Toy: Sendable {
  let service: String
  let serial: Int
  let dependencies: [Toy]

  init(service: String, serial: Int, dependencies: [Toy]) {
    self.service = service
    self.serial = serial
    self.dependencies = dependencies
  }
}

// Real types, so DIKit's messages name them as they would name an app's: `UserRepository →
// Database`. Each wraps the toy it was built as.
final class Clock: ToyService { let toy: Toy; init(_ toy: Toy) { self.toy = toy } }
final class Logger: ToyService { let toy: Toy; init(_ toy: Toy) { self.toy = toy } }
final class Database: ToyService { let toy: Toy; init(_ toy: Toy) { self.toy = toy } }
final class HTTPClient: ToyService { let toy: Toy; init(_ toy: Toy) { self.toy = toy } }
final class Cache: ToyService { let toy: Toy; init(_ toy: Toy) { self.toy = toy } }
final class RequestContext: ToyService { let toy: Toy; init(_ toy: Toy) { self.toy = toy } }
final class UserRepository: ToyService { let toy: Toy; init(_ toy: Toy) { self.toy = toy } }
final class OrderRepository: ToyService { let toy: Toy; init(_ toy: Toy) { self.toy = toy } }
final class PaymentGateway: ToyService { let toy: Toy; init(_ toy: Toy) { self.toy = toy } }
final class AuthService: ToyService { let toy: Toy; init(_ toy: Toy) { self.toy = toy } }
final class CheckoutService: ToyService { let toy: Toy; init(_ toy: Toy) { self.toy = toy } }
final class Analytics: ToyService { let toy: Toy; init(_ toy: Toy) { self.toy = toy } }

protocol ToyService: AnyObject, Sendable {
  var toy: Toy { get }
  init(_ toy: Toy)
}

/// The services the sandbox knows, by the name the class types.
enum ToyCatalog {
  static let services: [String: any ToyService.Type] = [
    "Clock": Clock.self, "Logger": Logger.self, "Database": Database.self, "HTTPClient": HTTPClient.self,
    "Cache": Cache.self, "RequestContext": RequestContext.self, "UserRepository": UserRepository.self,
    "OrderRepository": OrderRepository.self, "PaymentGateway": PaymentGateway.self, "AuthService": AuthService.self,
    "CheckoutService": CheckoutService.self, "Analytics": Analytics.self,
  ]

  static var names: [String] { services.keys.sorted() }

  /// The catalog's spelling of `name`, whatever its case.
  static func name(matching name: String) -> String? {
    names.first { $0.lowercased() == name.lowercased() }
  }
}

/// Registration and resolution through a type known only at run time, opened into its static
/// type so DIKit sees `Database.self`, not an existential.
enum ToyContainer {
  static func register<Service: ToyService>(
    _ type: Service.Type, in container: Container, lifetime: Lifetime, needs: [any ToyService.Type],
    serials: Serials
  ) {
    let name = String(describing: type)
    container.register(type, lifetime: lifetime) { resolver in
      let dependencies = try needs.map { try resolve($0, with: resolver) }
      return Service(Toy(service: name, serial: serials.next(), dependencies: dependencies))
    }
  }

  static func resolve<Service: ToyService>(_ type: Service.Type, with resolver: Resolver) throws -> Toy {
    try resolver.resolve(type).toy
  }

  static func resolve<Service: ToyService>(_ type: Service.Type, in container: Container) throws -> Toy {
    try container.resolve(type).toy
  }

  static func resolve<Service: ToyService>(_ type: Service.Type, in scope: Scope) throws -> Toy {
    try scope.resolve(type).toy
  }
}

/// Hands out the short ids (#1, #2, …) that show which instances are new and which reused.
final class Serials: Sendable {
  private let last = Mutex(0)
  func next() -> Int { last.withLock { $0 += 1; return $0 } }
  var current: Int { last.withLock { $0 } }
}
