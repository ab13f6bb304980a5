import DIKit
import Testing

/// Holds two dependencies, to see whether one resolution shares them.
private final class Pair: Sendable {
  let first: ReportCache
  let second: ReportCache
  init(first: ReportCache, second: ReportCache) {
    self.first = first
    self.second = second
  }
}

private func pairContainer(cacheLifetime: Lifetime) -> Container {
  let container = Container()
  container.register(ReportCache.self, lifetime: cacheLifetime) { _ in ReportCache() }
  container.register(Pair.self) { resolver in
    Pair(first: try resolver.resolve(), second: try resolver.resolve())
  }
  return container
}

@Suite("Lifetimes")
struct LifetimeTests {
  @Test func transientBuildsANewInstanceEveryTime() throws {
    let container = pairContainer(cacheLifetime: .transient)

    let pair = try container.resolve(Pair.self)

    #expect(pair.first !== pair.second)
    #expect(try container.resolve(ReportCache.self) !== container.resolve(ReportCache.self))
  }

  @Test func transientIsTheDefault() throws {
    let container = Container()
    container.register(ReportCache.self) { _ in ReportCache() }

    #expect(try container.resolve(ReportCache.self) !== container.resolve(ReportCache.self))
  }

  @Test func singletonIsCreatedOnceAndShared() throws {
    let counter = Counter()
    let container = Container()
    container.register(ReportCache.self, lifetime: .singleton) { _ in
      counter.increment()
      return ReportCache()
    }
    container.register(Pair.self) { resolver in
      Pair(first: try resolver.resolve(), second: try resolver.resolve())
    }

    let pair = try container.resolve(Pair.self)
    let direct = try container.resolve(ReportCache.self)

    #expect(pair.first === pair.second)
    #expect(pair.first === direct)
    #expect(counter.count == 1)
  }

  @Test func singletonIsNotCreatedUntilFirstResolved() throws {
    let counter = Counter()
    let container = Container()
    container.register(ReportCache.self, lifetime: .singleton) { _ in
      counter.increment()
      return ReportCache()
    }

    #expect(counter.count == 0)
    _ = try container.resolve(ReportCache.self)
    #expect(counter.count == 1)
  }

  @Test func aFailedSingletonIsRetriedOnTheNextResolution() throws {
    struct Offline: Error {}
    let attempts = Counter()
    let container = Container()
    container.register(ReportCache.self, lifetime: .singleton) { _ in
      if attempts.increment() == 1 { throw Offline() }
      return ReportCache()
    }

    #expect(throws: Offline.self) { try container.resolve(ReportCache.self) }
    let cache = try container.resolve(ReportCache.self)

    #expect(try container.resolve(ReportCache.self) === cache)
    #expect(attempts.count == 2)
  }

  @Test func weakIsSharedWhileHeldAndRebuiltAfterwards() throws {
    let counter = Counter()
    let container = Container()
    container.register(ReportCache.self, lifetime: .weak) { _ in
      counter.increment()
      return ReportCache()
    }

    var held: ReportCache? = try container.resolve(ReportCache.self)
    #expect(try container.resolve(ReportCache.self) === held)
    #expect(counter.count == 1)

    held = nil
    _ = try container.resolve(ReportCache.self)

    #expect(held == nil)
    #expect(counter.count == 2)
  }

  @Test func weakNeedsAClassInstance() {
    let container = Container()
    container.register(Settings.self, lifetime: .weak) { _ in Settings() }

    let error = resolutionError { _ = try container.resolve(Settings.self) }

    #expect(error?.kind == .weakNeedsClassInstance)
    #expect(
      error?.description
        == "Settings is registered as weak, but its factory returned Settings, which is not a "
        + "class: only a class instance can be shared weakly. To fix, register Settings as "
        + "transient or singleton, or return a class instance.")
  }

  @Test func graphIsSharedWithinOneResolutionOnly() throws {
    let container = pairContainer(cacheLifetime: .graph)

    let first = try container.resolve(Pair.self)
    let second = try container.resolve(Pair.self)

    #expect(first.first === first.second)
    #expect(first.first !== second.first)
  }

  @Test func graphInstancesAreNotSharedByALazyResolvedLater() throws {
    final class Holder: Sendable {
      let cache: ReportCache
      let later: Lazy<ReportCache>
      init(cache: ReportCache, later: Lazy<ReportCache>) {
        self.cache = cache
        self.later = later
      }
    }
    let container = Container()
    container.register(ReportCache.self, lifetime: .graph) { _ in ReportCache() }
    container.register(Holder.self) { resolver in
      Holder(cache: try resolver.resolve(), later: try resolver.lazy())
    }

    let holder = try container.resolve(Holder.self)

    #expect(try holder.later.value !== holder.cache)
  }

  @Test func lifetimesDescribeThemselves() {
    #expect(Lifetime.allCases.map(\.description) == ["transient", "singleton", "weak", "graph", "scoped"])
  }
}
