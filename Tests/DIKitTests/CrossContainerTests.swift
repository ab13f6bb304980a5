import DIKit
import Foundation
import Testing

// An app's container and a feature's, whose singletons resolve from each other's container.
private final class Storefront: Sendable {
  init(catalog: Catalog) {}
}
private final class Catalog: Sendable {
  init(storefront: Storefront) {}
}
private final class Basket: Sendable {
  init(prices: Prices) {}
}
private final class Prices: Sendable {}
private final class Checkout: Sendable {
  init(payments: Payments) {}
}
private final class Payments: Sendable {}

@Suite("Across containers", .timeLimit(.minutes(1)))
struct CrossContainerTests {
  @Test func singletonsResolvingFromEachOthersContainerOnTwoThreadsDoNotDeadlock() async throws {
    // No service cycle: Basket needs the feature's Prices, Checkout needs the app's Payments.
    // Each container used to build its singletons under one lock, taken here in opposite orders.
    let app = Container()
    let feature = Container()
    // Both factories are under way before either reaches into the other container.
    let bothStarted = Meeting(of: 2)
    app.register(Basket.self, lifetime: .singleton) { [weak feature] _ in
      bothStarted.arrive()
      return Basket(prices: try feature!.resolve())
    }
    app.register(Payments.self, lifetime: .singleton) { _ in Payments() }
    feature.register(Checkout.self, lifetime: .singleton) { [weak app] _ in
      bothStarted.arrive()
      return Checkout(payments: try app!.resolve())
    }
    feature.register(Prices.self, lifetime: .singleton) { _ in Prices() }

    let outcomes = try await withDeadline(seconds: 10, "two containers' singletons, two threads") {
      await onThreads([
        { @Sendable in _ = try app.resolve(Basket.self) },
        { @Sendable in _ = try feature.resolve(Checkout.self) },
      ])
    }

    #expect(bothStarted.everyoneCame, "the two factories never ran at once")
    #expect(outcomes?.count == 2)
    for outcome in outcomes ?? [] { #expect(throws: Never.self) { try outcome.get() } }
  }

  @Test func aCycleThroughTwoContainersNamesEveryServiceOnIt() {
    let app = Container()
    let feature = Container()
    app.register(Storefront.self, lifetime: .singleton) { [weak feature] _ in
      Storefront(catalog: try feature!.resolve())
    }
    feature.register(Catalog.self, lifetime: .singleton) { [weak app] _ in
      Catalog(storefront: try app!.resolve())
    }

    let error = resolutionError { _ = try app.resolve(Storefront.self) }

    #expect(error?.path == ["Storefront", "Catalog", "Storefront"])
    #expect(
      error?.description
        == "Dependency cycle: Storefront → Catalog → Storefront. To fix, break it: let Catalog "
        + "take Lazy<Storefront> or Provider<Storefront> instead of Storefront, or move what they "
        + "share into a new service.")
  }

  @Test func aCycleThroughTwoContainersOnTwoThreadsIsReportedOnBothNotADeadlock() async throws {
    // Each thread builds one end of the cycle and then waits for the other's: whichever waits
    // second finds the wait would close a loop of waits, and throws instead.
    let app = Container()
    let feature = Container()
    let bothStarted = Meeting(of: 2)
    app.register(Storefront.self, lifetime: .singleton) { [weak feature] _ in
      bothStarted.arrive()
      return Storefront(catalog: try feature!.resolve())
    }
    feature.register(Catalog.self, lifetime: .singleton) { [weak app] _ in
      bothStarted.arrive()
      return Catalog(storefront: try app!.resolve())
    }

    let outcomes = try await withDeadline(seconds: 10, "a cycle across two threads") {
      await onThreads([
        { @Sendable in _ = try app.resolve(Storefront.self) },
        { @Sendable in _ = try feature.resolve(Catalog.self) },
      ])
    }

    for outcome in outcomes ?? [] {
      let error = resolutionError { _ = try outcome.get() }
      #expect(error?.kind == .cycle)
      #expect(
        error?.path == ["Storefront", "Catalog", "Storefront"]
          || error?.path == ["Catalog", "Storefront", "Catalog"])
    }
    #expect(bothStarted.everyoneCame, "the two ends of the cycle were never built at once")
    #expect(outcomes?.count == 2)
  }

  @Test func aFactoryResolvingItselfFromItsContainerIsACycleNotAStackOverflow() {
    // A transient factory that asks its container (not its resolver) for itself starts a fresh
    // resolution each time; it used to recurse until the stack ran out.
    let container = Container()
    container.register(Settings.self) { [weak container] _ in
      try container!.resolve(Settings.self)
    }

    let error = resolutionError { _ = try container.resolve(Settings.self) }

    #expect(error?.kind == .cycle)
    #expect(error?.path == ["Settings", "Settings"])
  }
}
