import DIKit
import Testing
import Synchronization

// The small shop the tests wire up: a checkout that runs an order flow over a payment gateway.

protocol PaymentGateway: Sendable {
  var id: String { get }
}

struct LiveGateway: PaymentGateway {
  let id = "live"
}

struct SandboxGateway: PaymentGateway {
  let id = "sandbox"
}

struct FakeGateway: PaymentGateway {
  let id = "fake"
}

final class OrderFlow: Sendable {
  let gateway: any PaymentGateway
  init(gateway: any PaymentGateway) { self.gateway = gateway }
}

final class CheckoutService: Sendable {
  let flow: OrderFlow
  init(flow: OrderFlow) { self.flow = flow }
}

protocol Clock: Sendable {
  var hour: Int { get }
}

struct FixedClock: Clock {
  var hour = 9
}

/// A request's context: the usual scoped service.
final class RequestContext: Sendable {}

/// Something expensive, for lazy and weak tests.
final class ReportCache: Sendable {}

/// A plain value, for tests that need a service that is not a class.
struct Settings: Sendable {
  var verbose = false
}

/// Counts how often a factory ran, from any thread.
final class Counter: Sendable {
  private let value = Atomic(0)

  @discardableResult
  func increment() -> Int { value.add(1, ordering: .relaxed).newValue }
  var count: Int { value.load(ordering: .relaxed) }
}

/// The standard wiring of the shop, as an app's composition root would do it.
func shopContainer(gatewayLifetime: Lifetime = .singleton) -> Container {
  let container = Container()
  container.register(PaymentGateway.self, lifetime: gatewayLifetime) { _ in LiveGateway() }
  container.register(OrderFlow.self) { resolver in
    OrderFlow(gateway: try resolver.resolve(PaymentGateway.self))
  }
  container.register(CheckoutService.self) { resolver in
    CheckoutService(flow: try resolver.resolve())
  }
  return container
}

/// The `ResolutionError` that `body` throws, or `nil` (and a recorded issue) when it throws
/// nothing or something else.
func resolutionError(
  _ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation
) -> ResolutionError? {
  #expect(throws: ResolutionError.self, sourceLocation: sourceLocation) { try body() }
}
