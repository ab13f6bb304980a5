import Foundation

protocol Payments { func charge(_ cents: Int) async throws }

final class Container {
  private var factories: [ObjectIdentifier: () -> Any] = [:]
  func register<T>(_ type: T.Type, _ make: @escaping () -> Any) { factories[ObjectIdentifier(type)] = make }
  func resolve<T>(_ type: T.Type) -> T { factories[ObjectIdentifier(type)]!() as! T }
}

@propertyWrapper struct Injected<T> {
  var wrappedValue: T { AppContainer.instance.resolve(T.self) }  // review: service-locator
}
enum AppContainer { static let instance = Container() }

/// Takes the container, and asks it for what it needs when it needs it.
final class Checkout {
  private let container: Container
  @Injected var payments: Payments  // review: service-locator

  init(container: Container) { self.container = container }

  func pay(_ cents: Int) async throws {
    let payments = container.resolve(Payments.self)
    try await payments.charge(cents)
  }
}
