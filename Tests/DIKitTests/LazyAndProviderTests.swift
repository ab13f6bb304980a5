import DIKit
import Testing

private final class ReportScreen: Sendable {
  let cache: Lazy<ReportCache>
  init(cache: Lazy<ReportCache>) { self.cache = cache }
}

private final class Importer: Sendable {
  let makeCache: Provider<ReportCache>
  init(makeCache: Provider<ReportCache>) { self.makeCache = makeCache }
}

private final class Parent: Sendable {
  let child: Child
  init(child: Child) { self.child = child }
}

private final class Child: Sendable {
  let parent: Lazy<Parent>
  init(parent: Lazy<Parent>) { self.parent = parent }
}

/// A scoped service that makes caches on demand.
private final class Session: Sendable {
  let caches: Provider<ReportCache>
  init(caches: Provider<ReportCache>) { self.caches = caches }
}

/// Parent (singleton) → Child → Lazy<Parent>: the cycle DIKit's own cycle error suggests
/// breaking with a Lazy.
private func parentAndChild() -> Container {
  let container = Container()
  container.register(Parent.self, lifetime: .singleton) { resolver in
    Parent(child: try resolver.resolve())
  }
  container.register(Child.self) { resolver in Child(parent: try resolver.lazy()) }
  return container
}

private func sessions() -> Container {
  let container = Container()
  container.register(ReportCache.self) { _ in ReportCache() }
  container.register(Session.self, lifetime: .scoped) { resolver in
    Session(caches: try resolver.provider())
  }
  return container
}

private func countingContainer(_ counter: Counter, lifetime: Lifetime = .transient) -> Container {
  let container = Container()
  container.register(ReportCache.self, lifetime: lifetime) { _ in
    counter.increment()
    return ReportCache()
  }
  return container
}

@Suite("Lazy and Provider")
struct LazyAndProviderTests {
  @Test func lazyResolvesOnFirstUseOnly() throws {
    let counter = Counter()
    let container = countingContainer(counter)
    container.register(ReportScreen.self) { resolver in ReportScreen(cache: try resolver.lazy()) }

    let screen = try container.resolve(ReportScreen.self)
    #expect(counter.count == 0)
    #expect(!screen.cache.isResolved)

    let first = try screen.cache.value
    let second = try screen.cache.value

    #expect(first === second)
    #expect(screen.cache.isResolved)
    #expect(counter.count == 1)
  }

  @Test func lazyAndProviderCanBeResolvedByType() throws {
    let counter = Counter()
    let container = countingContainer(counter)

    let lazy = try container.resolve(Lazy<ReportCache>.self)
    let provider = try container.resolve(Provider<ReportCache>.self)

    #expect(counter.count == 0)
    _ = try lazy.value
    _ = try provider()
    #expect(counter.count == 2)
  }

  @Test func providerResolvesOnEveryCall() throws {
    let counter = Counter()
    let container = countingContainer(counter)
    container.register(Importer.self) { resolver in Importer(makeCache: try resolver.provider()) }

    let importer = try container.resolve(Importer.self)
    let first = try importer.makeCache()
    let second = try importer.makeCache()

    #expect(first !== second)
    #expect(counter.count == 2)
  }

  @Test func providerRespectsTheServicesLifetime() throws {
    let counter = Counter()
    let container = countingContainer(counter, lifetime: .singleton)

    let provider = container.provider(ReportCache.self)

    #expect(try provider() === provider())
    #expect(counter.count == 1)
  }

  @Test func namedLazyAndProvider() throws {
    let container = Container()
    container.register(PaymentGateway.self, name: "sandbox") { _ in SandboxGateway() }

    #expect(try container.lazy(PaymentGateway.self, name: "sandbox").value.id == "sandbox")
    #expect(try container.provider(PaymentGateway.self, name: "sandbox")().id == "sandbox")
  }

  @Test func standaloneLazyAndProviderAreTestStandIns() throws {
    let counter = Counter()
    let lazy = Lazy {
      counter.increment()
      return ReportCache()
    }
    let provider = Provider { FixedClock(hour: 11) }

    #expect(try lazy.value === lazy.value)
    #expect(counter.count == 1)
    #expect(try provider().hour == 11)
  }

  @Test func aFailedLazyThrowsAndTriesAgainOnTheNextRead() throws {
    struct NotYet: Error {}
    let attempts = Counter()
    let lazy = Lazy { () throws -> ReportCache in
      if attempts.increment() == 1 { throw NotYet() }
      return ReportCache()
    }

    #expect(throws: NotYet.self) { try lazy.value }
    #expect(try lazy.value === lazy.value)
    #expect(attempts.count == 2)
  }

  @Test func aLazyBreaksACycle() throws {
    let container = parentAndChild()

    let parent = try container.resolve(Parent.self)

    #expect(try parent.child.parent.value === parent)
  }

  @Test func aSingletonHoldingALazyAcrossACycleIsFreedWithItsContainer() throws {
    // The Lazy used to hold the container, and once read, the parent: neither was ever freed.
    weak var released: Container?
    weak var parent: Parent?
    do {
      let container = parentAndChild()
      let resolved = try container.resolve(Parent.self)
      #expect(try resolved.child.parent.value === resolved)
      released = container
      parent = resolved
    }

    #expect(released == nil)
    #expect(parent == nil)
  }

  @Test func aLazyReadAfterItsContainerIsFreedSaysSo() throws {
    let child: Child
    do {
      child = try parentAndChild().resolve(Parent.self).child
    }

    let error = resolutionError { _ = try child.parent.value }

    #expect(error?.kind == .containerGone)
    #expect(
      error?.description
        == "Lazy<Parent> cannot resolve Parent: its container has been freed (requested by "
        + "Parent → Child). To fix, keep the container for as long as the services it built are "
        + "used, for example in a property of the app's root object, not in a local variable.")
  }

  @Test func aScopedServiceHoldingAProviderIsFreedWithItsScope() throws {
    // The Provider used to hold the scope, which holds the service: neither was ever freed.
    let container = sessions()
    weak var released: Scope?
    weak var session: Session?
    do {
      let scope = container.makeScope()
      session = try scope.resolve(Session.self)
      released = scope
      #expect(session != nil)
    }

    #expect(released == nil)
    #expect(session == nil)
  }

  @Test func aProviderCalledAfterItsScopeIsFreedSaysSo() throws {
    let container = sessions()
    let session = try container.makeScope().resolve(Session.self)

    let error = resolutionError { _ = try session.caches() }

    #expect(error?.kind == .scopeEnded)
    #expect(
      error?.description
        == "Provider<ReportCache> cannot resolve ReportCache: its scope has been freed (requested "
        + "by Session). To fix, resolve it before the scope ends, or from a new scope for new "
        + "work: let scope = container.makeScope()")
  }

  @Test func aLazyOfAMissingServiceFailsOnUseWithTheChainThatMadeIt() {
    let container = Container()
    container.register(ReportScreen.self) { resolver in ReportScreen(cache: try resolver.lazy()) }

    let error = resolutionError { _ = try container.resolve(ReportScreen.self).cache.value }

    #expect(
      error?.description
        == "No registration for ReportCache (requested by ReportScreen). To fix, register it: "
        + "container.register(ReportCache.self) { … }")
  }
}
