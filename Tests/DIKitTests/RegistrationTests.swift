import DIKit
import Testing

@Suite("Registration")
struct RegistrationTests {
  @Test func resolvesARegisteredServiceByType() throws {
    let container = Container()
    container.register(Clock.self) { _ in FixedClock(hour: 7) }

    let clock = try container.resolve(Clock.self)

    #expect(clock.hour == 7)
  }

  @Test func infersTheServiceTypeFromTheResult() throws {
    let container = Container()
    container.register(Clock.self) { _ in FixedClock(hour: 7) }

    let clock: any Clock = try container.resolve()

    #expect(clock.hour == 7)
  }

  @Test func factoriesResolveTheirOwnDependencies() throws {
    let checkout = try shopContainer().resolve(CheckoutService.self)

    #expect(checkout.flow.gateway.id == "live")
  }

  @Test func namesTellRegistrationsOfOneTypeApart() throws {
    let container = Container()
    container.register(PaymentGateway.self) { _ in LiveGateway() }
    container.register(PaymentGateway.self, name: "sandbox") { _ in SandboxGateway() }

    #expect(try container.resolve(PaymentGateway.self).id == "live")
    #expect(try container.resolve(PaymentGateway.self, name: "sandbox").id == "sandbox")
  }

  @Test func registeringAgainReplacesTheEarlierRegistration() throws {
    let container = Container()
    container.register(PaymentGateway.self) { _ in LiveGateway() }
    container.register(PaymentGateway.self) { _ in FakeGateway() }

    #expect(try container.resolve(PaymentGateway.self).id == "fake")
  }

  @Test func registeringAfterTheFirstResolutionIsSafeAndTakesEffect() throws {
    let container = Container()
    container.register(PaymentGateway.self, lifetime: .singleton) { _ in LiveGateway() }
    #expect(try container.resolve(PaymentGateway.self).id == "live")

    container.register(PaymentGateway.self, name: "sandbox") { _ in SandboxGateway() }
    container.register(PaymentGateway.self) { _ in FakeGateway() }

    #expect(try container.resolve(PaymentGateway.self, name: "sandbox").id == "sandbox")
    #expect(try container.resolve(PaymentGateway.self).id == "fake")
  }

  @Test func isRegisteredLooksInParentsToo() {
    let parent = shopContainer()
    let child = parent.makeChild()

    #expect(child.isRegistered(PaymentGateway.self))
    #expect(!child.isRegistered(PaymentGateway.self, name: "sandbox"))
    #expect(!child.isRegistered(Clock.self))
  }

  @Test func manyRegistrationsOfOneTypeStayApart() throws {
    let container = Container()
    for number in 0..<1000 {
      container.register(Int.self, name: "n\(number)") { _ in number }
    }
    for number in [0, 1, 499, 999] {
      #expect(try container.resolve(Int.self, name: "n\(number)") == number)
    }
  }

  @Test func manyTypesShareTheLookupTableWithoutCollisions() throws {
    // Each generic specialisation is a distinct type, so this fills the type table.
    let container = Container()
    func register<T: Sendable>(_: T.Type, _ value: T) {
      container.register([T].self) { _ in [value] }
      container.register(Optional<T>.self) { _ in value }
    }
    register(Int.self, 1)
    register(String.self, "two")
    register(Double.self, 3)
    register(Bool.self, true)
    register(Int8.self, 5)
    register(UInt16.self, 6)

    #expect(try container.resolve([Int].self) == [1])
    #expect(try container.resolve(Optional<String>.self) == "two")
    #expect(try container.resolve([Double].self) == [3])
    #expect(try container.resolve(Optional<Bool>.self) == true)
    #expect(try container.resolve([Int8].self) == [5])
    #expect(try container.resolve(Optional<UInt16>.self) == 6)
  }

  @Test func aFactorysOwnErrorPassesThroughUnchanged() {
    struct Offline: Error, Equatable {}
    let container = Container()
    container.register(PaymentGateway.self) { _ in throw Offline() }
    container.register(OrderFlow.self) { resolver in
      OrderFlow(gateway: try resolver.resolve(PaymentGateway.self))
    }

    #expect(throws: Offline()) { try container.resolve(OrderFlow.self) }
  }
}
