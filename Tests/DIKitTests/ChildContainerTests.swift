import DIKit
import Testing

@Suite("Child containers")
struct ChildContainerTests {
  @Test func aChildOverridesARegistrationWithoutTouchingItsParent() throws {
    let parent = shopContainer(gatewayLifetime: .transient)
    let child = parent.makeChild()
    child.register(PaymentGateway.self) { _ in FakeGateway() }

    #expect(try child.resolve(CheckoutService.self).flow.gateway.id == "fake")
    #expect(try parent.resolve(CheckoutService.self).flow.gateway.id == "live")
  }

  @Test func aChildSeesEverythingItsParentRegistered() throws {
    let parent = shopContainer()
    let grandchild = parent.makeChild().makeChild()

    #expect(try grandchild.resolve(CheckoutService.self).flow.gateway.id == "live")
  }

  @Test func aParentsSingletonIsSharedWithItsChildren() throws {
    let parent = Container()
    parent.register(ReportCache.self, lifetime: .singleton) { _ in ReportCache() }
    let child = parent.makeChild()

    #expect(try child.resolve(ReportCache.self) === parent.resolve(ReportCache.self))
  }

  @Test func aParentsSingletonKeepsItsParentsDependencies() throws {
    // The child's fake must not leak into a singleton that the parent shares with everyone.
    let parent = Container()
    parent.register(PaymentGateway.self) { _ in LiveGateway() }
    parent.register(OrderFlow.self, lifetime: .singleton) { resolver in
      OrderFlow(gateway: try resolver.resolve(PaymentGateway.self))
    }
    let child = parent.makeChild()
    child.register(PaymentGateway.self) { _ in FakeGateway() }

    #expect(try child.resolve(OrderFlow.self).gateway.id == "live")
  }

  @Test func registeringTheSingletonInTheChildRebuildsItWithTheOverride() throws {
    let parent = Container()
    parent.register(PaymentGateway.self) { _ in LiveGateway() }
    parent.register(OrderFlow.self, lifetime: .singleton) { resolver in
      OrderFlow(gateway: try resolver.resolve(PaymentGateway.self))
    }
    let child = parent.makeChild()
    child.register(PaymentGateway.self) { _ in FakeGateway() }
    child.register(OrderFlow.self, lifetime: .singleton) { resolver in
      OrderFlow(gateway: try resolver.resolve(PaymentGateway.self))
    }

    #expect(try child.resolve(OrderFlow.self).gateway.id == "fake")
    #expect(try parent.resolve(OrderFlow.self).gateway.id == "live")
  }

  @Test func siblingsDoNotSeeEachOthersOverrides() throws {
    let parent = shopContainer(gatewayLifetime: .transient)
    let first = parent.makeChild()
    let second = parent.makeChild()
    first.register(PaymentGateway.self) { _ in FakeGateway() }
    second.register(PaymentGateway.self) { _ in SandboxGateway() }

    #expect(try first.resolve(PaymentGateway.self).id == "fake")
    #expect(try second.resolve(PaymentGateway.self).id == "sandbox")
  }

  @Test func aChildsMissingRegistrationListsItsParentsNearMisses() {
    let parent = Container()
    parent.register(PaymentGateway.self, name: "sandbox") { _ in SandboxGateway() }
    let child = parent.makeChild()

    let error = resolutionError { _ = try child.resolve(PaymentGateway.self) }

    #expect(
      error?.description
        == "No registration for PaymentGateway. Registered under other names: PaymentGateway "
        + "named \"sandbox\". To fix, register it: container.register(PaymentGateway.self) { … }")
  }
}
