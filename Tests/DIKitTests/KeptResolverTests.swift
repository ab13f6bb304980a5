import DIKit
import Testing

@Suite("A resolver kept past its factory")
struct KeptResolverTests {
  @Test func outlivingItsContainerIsSafeAndKeepsTheContainerUntilDropped() throws {
    // Swift 6 keeps a service from storing its resolver; `nonisolated(unsafe)` overrides that.
    // The kept resolver used to point at freed memory, and resolving crashed in the lookup.
    nonisolated(unsafe) var kept: Resolver?
    weak var released: Container?
    do {
      let container = Container()
      container.register(Clock.self) { _ in FixedClock(hour: 8) }
      container.register(ReportCache.self) { resolver in
        kept = resolver
        return ReportCache()
      }
      _ = try container.resolve(ReportCache.self)
      released = container
    }

    #expect(released != nil)
    #expect(try kept?.resolve(Clock.self).hour == 8)

    kept = nil
    #expect(released == nil)
  }

  @Test func aPlannedResolutionsResolverIsHeldTheSameWay() throws {
    nonisolated(unsafe) var kept: Resolver?
    weak var released: Container?
    do {
      let container = shopContainer(gatewayLifetime: .transient)
      container.register(ReportCache.self) { resolver in
        kept = resolver
        return ReportCache()
      }
      try container.validate()
      kept = nil
      _ = try container.resolve(ReportCache.self)
      released = container
    }

    // Within what the plan covers below it, it resolves; beyond, it says what went wrong.
    #expect(try kept?.resolve(OrderFlow.self).gateway.id == "live")
    let error = #expect(throws: (any Error).self) { _ = try kept?.resolve(CheckoutService.self) }
    #expect(
      error.map { "\($0)" }
        == "A Resolver was used after the factory it was given to returned, for something its "
        + "validated plan did not cover. To fix, inject a Lazy or a Provider instead of keeping "
        + "the resolver.")

    kept = nil
    #expect(released == nil)
  }
}
