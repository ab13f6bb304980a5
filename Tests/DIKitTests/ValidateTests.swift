import DIKit
import Testing

private final class A: Sendable {
  init(b: B) {}
}
private final class B: Sendable {
  init(a: A) {}
}
private final class Dashboard: Sendable {
  init(clock: any Clock, context: RequestContext) {}
}
private final class Ledger: Sendable {
  init(context: RequestContext) {}
}

@Suite("validate()")
struct ValidateTests {
  @Test func aWellWiredContainerPasses() throws {
    let graph = try shopContainer().validate()

    #expect(graph.problems.isEmpty)
    #expect(graph.nodes.map(\.id) == ["CheckoutService", "OrderFlow", "PaymentGateway"])
  }

  @Test func reportsEveryProblemAtOnce() {
    let container = Container()
    container.register(A.self) { resolver in A(b: try resolver.resolve()) }
    container.register(B.self) { resolver in B(a: try resolver.resolve()) }
    container.register(RequestContext.self, lifetime: .scoped) { _ in RequestContext() }
    container.register(Dashboard.self) { resolver in
      Dashboard(clock: try resolver.resolve(), context: try resolver.resolve())
    }
    container.register(Ledger.self, lifetime: .singleton) { resolver in
      Ledger(context: try resolver.resolve())
    }

    let error = #expect(throws: ValidationError.self) { try container.validate() }

    #expect(error?.problems.map(\.kind) == [.cycle, .missingRegistration, .captiveDependency])
    #expect(
      error?.description == """
        validate() found 3 problems:
        1. Dependency cycle: A → B → A. To fix, break it: let B take Lazy<A> or Provider<A> \
        instead of A, or move what they share into a new service.
        2. No registration for Clock (requested by Dashboard). To fix, register it: \
        container.register(Clock.self) { … }
        3. Captive dependency: Ledger (singleton) holds RequestContext (scoped) through Ledger → \
        RequestContext, so it would keep one scope's RequestContext after that scope ends. To \
        fix, make Ledger scoped or transient, or make RequestContext a singleton.
        """)
  }

  @Test func reportsAFactorysOwnErrorWithTheServiceThatThrew() {
    struct Offline: Error, CustomStringConvertible {
      var description: String { "Offline()" }
    }
    let container = Container()
    container.register(PaymentGateway.self) { _ in throw Offline() }
    container.register(OrderFlow.self) { resolver in
      OrderFlow(gateway: try resolver.resolve(PaymentGateway.self))
    }

    let error = #expect(throws: ValidationError.self) { try container.validate() }

    #expect(
      error?.problems.map(\.description) == [
        "The factory of PaymentGateway threw Offline() (requested by OrderFlow). To fix, make "
          + "it succeed: validate() runs every factory once, with the registrations the "
          + "container has."
      ])
  }

  @Test func isADryRunThatKeepsNoInstance() throws {
    let builds = Counter()
    let container = Container()
    container.register(ReportCache.self, lifetime: .singleton) { _ in
      builds.increment()
      return ReportCache()
    }
    container.register(RequestContext.self, lifetime: .scoped) { _ in RequestContext() }

    try container.validate()
    #expect(builds.count == 1)

    _ = try container.resolve(ReportCache.self)
    #expect(builds.count == 2)
  }

  @Test func buildsASharedServiceOnceInTheDryRun() throws {
    let builds = Counter()
    let container = shopContainer()
    container.register(PaymentGateway.self, lifetime: .singleton) { _ in
      builds.increment()
      return LiveGateway()
    }

    try container.validate()

    #expect(builds.count == 1)
  }

  @Test func checksWhatALazyWouldFindWithoutReadingIt() {
    final class Screen: Sendable {
      init(cache: Lazy<ReportCache>) {}
    }
    let container = Container()
    container.register(Screen.self) { resolver in Screen(cache: try resolver.lazy()) }

    let error = #expect(throws: ValidationError.self) { try container.validate() }

    #expect(
      error?.problems.map(\.description) == [
        "No registration for ReportCache (requested by Screen). To fix, register it: "
          + "container.register(ReportCache.self) { … }"
      ])
  }

  @Test func seesTheParentsRegistrationsThroughAChild() throws {
    let parent = shopContainer()
    let child = parent.makeChild()
    child.register(PaymentGateway.self) { _ in FakeGateway() }

    let graph = try child.validate()

    #expect(graph.node("PaymentGateway")?.lifetime == .transient)
    #expect(graph.nodes.count == 3)
  }

  @Test func listsButDoesNotBuildServicesThatTakeArguments() throws {
    let builds = Counter()
    let container = Container()
    container.register(Settings.self, arguments: Bool.self) { _, verbose in
      builds.increment()
      return Settings(verbose: verbose)
    }

    let graph = try container.validate()

    #expect(graph.nodes.map(\.id) == ["Settings with arguments (Bool)"])
    #expect(builds.count == 0)
  }
}
