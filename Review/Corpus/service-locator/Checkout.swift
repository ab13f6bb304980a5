import Synchronization

protocol Payments: Sendable {
  func charge(_ cents: Int) throws
}

/// A registry every caller reaches the same way: the locator.
final class Container: Sendable {
  static let shared = Container()
  private let made = Mutex<[ObjectIdentifier: any Sendable]>([:])

  func register<T: Sendable>(_ type: T.Type, _ value: T) { made.withLock { $0[ObjectIdentifier(type)] = value } }
  func resolve<T>(_ type: T.Type) -> T { made.withLock { $0[ObjectIdentifier(type)] as! T } }
}

enum ServiceLocator {
  static let registry = Container()
}

struct Checkout {
  func pay(_ cents: Int) throws {
    let payments = Container.shared.resolve((any Payments).self)  // review: service-locator
    try payments.charge(cents)
  }

  func refund(_ cents: Int) throws {
    try ServiceLocator.registry.resolve((any Payments).self).charge(-cents)  // review: service-locator
  }
}

/// The composition root may resolve: it is where the graph is built.
enum AppRoot {
  static func payments() -> any Payments {
    Container.shared.resolve((any Payments).self)
  }
}
