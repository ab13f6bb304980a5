import DIKit
import Synchronization
import Testing

/// A switch a factory reads, to take a branch that `validate()`'s dry run did not see.
private final class Switch: Sendable {
  private let value = Atomic(false)
  var isOn: Bool { value.load(ordering: .relaxed) }
  func turnOn() { value.store(true, ordering: .relaxed) }
}

private final class Node: Sendable {
  let next: Node?
  init(next: Node?) { self.next = next }
}

private final class Pair: Sendable {
  let first: ReportCache
  let second: ReportCache
  init(first: ReportCache, second: ReportCache) {
    self.first = first
    self.second = second
  }
}

/// After a successful `validate()`, clean registrations resolve without bookkeeping (see
/// `ResolutionPlan`); these tests hold that to resolving exactly as an unvalidated container
/// does, errors included.
@Suite("Resolution plan")
struct ResolutionPlanTests {
  @Test func aValidatedGraphResolvesAsBefore() throws {
    let container = shopContainer(gatewayLifetime: .singleton)
    try container.validate()

    let first = try container.resolve(CheckoutService.self)
    let second = try container.resolve(CheckoutService.self)

    #expect(first !== second)
    #expect(first.flow !== second.flow)
    #expect(first.flow.gateway.id == "live")
  }

  @Test func aSingletonBuiltThroughAPlannedResolutionIsBuiltOnceForReal() throws {
    let builds = Counter()
    let container = Container()
    container.register(ReportCache.self, lifetime: .singleton) { _ in
      builds.increment()
      return ReportCache()
    }
    container.register(Pair.self) { resolver in
      Pair(first: try resolver.resolve(), second: try resolver.resolve())
    }
    try container.validate()

    let pair = try container.resolve(Pair.self)

    #expect(pair.first === pair.second)
    #expect(builds.count == 2)  // one in the dry run, one for real
  }

  @Test func aBranchTheDryRunDidNotSeeFailsWithTheSameMessage() throws {
    let branch = Switch()
    let container = Container()
    container.register(OrderFlow.self) { resolver in
      if branch.isOn { _ = try resolver.resolve(Clock.self) }
      return OrderFlow(gateway: LiveGateway())
    }
    container.register(CheckoutService.self) { resolver in
      CheckoutService(flow: try resolver.resolve())
    }
    try container.validate()
    branch.turnOn()

    let error = resolutionError { _ = try container.resolve(CheckoutService.self) }

    #expect(
      error?.description
        == "No registration for Clock (requested by CheckoutService → OrderFlow). To fix, "
        + "register it: container.register(Clock.self) { … }")
  }

  @Test func aCycleTheDryRunDidNotSeeIsStillNamed() throws {
    let branch = Switch()
    let container = Container()
    container.register(Node.self) { resolver in
      Node(next: branch.isOn ? try resolver.resolve(Node.self) : nil)
    }
    try container.validate()
    branch.turnOn()

    let error = resolutionError { _ = try container.resolve(Node.self) }

    #expect(error?.path == ["Node", "Node"])
  }

  @Test func aCaptiveDependencyTheDryRunDidNotSeeIsStillCaught() throws {
    let branch = Switch()
    let container = Container()
    container.register(RequestContext.self, lifetime: .scoped) { _ in RequestContext() }
    container.register(ReportCache.self, lifetime: .singleton) { resolver in
      if branch.isOn { _ = try resolver.resolve(RequestContext.self) }
      return ReportCache()
    }
    try container.validate()
    branch.turnOn()

    let error = resolutionError { _ = try container.makeScope().resolve(ReportCache.self) }

    #expect(error?.kind == .captiveDependency)
    #expect(error?.path == ["ReportCache", "RequestContext"])
  }

  @Test func aDeeperBranchFallsBackAndStillSucceeds() throws {
    let branch = Switch()
    let builds = Counter()
    let container = Container()
    container.register(Clock.self) { _ in
      builds.increment()
      return FixedClock(hour: 10)
    }
    container.register(Node.self) { resolver in
      if branch.isOn { _ = try resolver.resolve(Clock.self) }
      return Node(next: nil)
    }
    try container.validate()
    branch.turnOn()

    _ = try container.resolve(Node.self)

    // Clock was built once in the dry run; the planned attempt stopped before building it
    // (it was one level deeper than planned) and the checked resolution built it.
    #expect(builds.count == 2)
  }

  @Test func registeringAfterValidateDropsThePlan() throws {
    let container = shopContainer(gatewayLifetime: .transient)
    try container.validate()
    #expect(try container.resolve(CheckoutService.self).flow.gateway.id == "live")

    container.register(PaymentGateway.self) { _ in FakeGateway() }

    #expect(try container.resolve(CheckoutService.self).flow.gateway.id == "fake")
  }

  @Test func aParentsLateRegistrationReachesAValidatedChild() throws {
    let parent = shopContainer(gatewayLifetime: .transient)
    let child = parent.makeChild()
    try child.validate()

    parent.register(PaymentGateway.self) { _ in SandboxGateway() }

    #expect(try child.resolve(CheckoutService.self).flow.gateway.id == "sandbox")
  }

  @Test func graphServicesStayShared() throws {
    let container = Container()
    container.register(ReportCache.self, lifetime: .graph) { _ in ReportCache() }
    container.register(Pair.self) { resolver in
      Pair(first: try resolver.resolve(), second: try resolver.resolve())
    }
    try container.validate()

    let first = try container.resolve(Pair.self)
    let second = try container.resolve(Pair.self)

    #expect(first.first === first.second)
    #expect(first.first !== second.first)
  }

  @Test func scopedServicesStayInTheirScope() throws {
    final class Handler: Sendable {
      let context: RequestContext
      init(context: RequestContext) { self.context = context }
    }
    let container = Container()
    container.register(RequestContext.self, lifetime: .scoped) { _ in RequestContext() }
    container.register(Handler.self) { resolver in Handler(context: try resolver.resolve()) }
    try container.validate()
    let scope = container.makeScope()

    #expect(try scope.resolve(Handler.self).context === scope.resolve(RequestContext.self))
    #expect(throws: ResolutionError.self) { try container.resolve(Handler.self) }
  }

  @Test func aServiceThatMakesALazyIsResolvedCheckedAndItsLazyStillWorks() throws {
    final class Screen: Sendable {
      let clock: Lazy<any Clock>
      init(clock: Lazy<any Clock>) { self.clock = clock }
    }
    let container = Container()
    container.register(Clock.self) { _ in FixedClock(hour: 14) }
    container.register(Screen.self) { resolver in Screen(clock: try resolver.lazy()) }
    try container.validate()

    let screen = try container.resolve(Screen.self)

    #expect(!screen.clock.isResolved)
    #expect(try screen.clock.value.hour == 14)
  }
}
