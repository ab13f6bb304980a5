import DIKit
import Testing

private let keptClockMessage =
  "A Resolver was used to resolve Clock after the factory it was given to had returned: a "
  + "resolver lives only while its factory runs, and its container may be gone. To fix, inject "
  + "Lazy<Clock> or Provider<Clock> where it is needed later, instead of keeping the resolver."

/// A container whose ReportCache factory keeps its resolver in `kept`.
private func keepingContainer(_ kept: @escaping @Sendable (Resolver) -> Void) -> Container {
  let container = Container()
  container.register(Clock.self) { _ in FixedClock(hour: 8) }
  container.register(ReportCache.self) { resolver in
    kept(resolver)
    return ReportCache()
  }
  return container
}

@Suite("A resolver kept past its factory")
struct KeptResolverTests {
  @Test func usedAfterItsContainerIsFreedItThrowsInsteadOfCrashing() throws {
    // Swift 6 keeps a service from storing its resolver; `nonisolated(unsafe)` overrides that.
    // The kept resolver pointed at the freed container, and resolving crashed with signal 11.
    nonisolated(unsafe) var kept: Resolver?
    weak var released: Container?
    do {
      let container = keepingContainer { kept = $0 }
      _ = try container.resolve(ReportCache.self)
      released = container
    }
    #expect(released == nil)

    let error = resolutionError { _ = try kept?.resolve(Clock.self) }

    #expect(error?.kind == .resolverKept)
    #expect(error?.description == keptClockMessage)
  }

  @Test func aPlannedResolutionsResolverIsCaughtTheSameWay() throws {
    // A validated container resolves without a context; its resolvers carry the number of
    // their top-level call instead.
    nonisolated(unsafe) var kept: Resolver?
    do {
      let container = keepingContainer { kept = $0 }
      try container.validate()
      _ = try container.resolve(ReportCache.self)
    }

    #expect(resolutionError { _ = try kept?.resolve(Clock.self) }?.description == keptClockMessage)
    #expect(resolutionError { _ = try kept?.lazy(Clock.self) }?.kind == .resolverKept)
    #expect(resolutionError { _ = try kept?.provider(Clock.self) }?.kind == .resolverKept)
  }

  @Test func itThrowsWhileTheContainerLivesToo() throws {
    // Whether the container is still there or not, the misuse reads the same.
    nonisolated(unsafe) var kept: Resolver?
    let container = keepingContainer { kept = $0 }
    container.register(Greeting.self, arguments: String.self) { _, text in Greeting(text: text) }
    _ = try container.resolve(ReportCache.self)

    #expect(resolutionError { _ = try kept?.resolve(Clock.self) }?.description == keptClockMessage)
    #expect(
      resolutionError { _ = try kept?.resolve(Greeting.self, arguments: "Ada") }?.description
        == "A Resolver was used to resolve Greeting with arguments (String) after the factory it "
        + "was given to had returned: a resolver lives only while its factory runs, and its "
        + "container may be gone. To fix, resolve it from the container, or from a resolver "
        + "that a factory is running with, instead of keeping the resolver.")
  }

  @Test func withinItsTopLevelCallItStillResolves() throws {
    // Kept by one factory and used by the next within the same resolution: the container is
    // alive, and the resolver works.
    final class Pair: Sendable {
      init(_: ReportCache, _: any Clock) {}
    }
    nonisolated(unsafe) var kept: Resolver?
    let container = keepingContainer { kept = $0 }
    container.register(Pair.self) { resolver in
      Pair(try resolver.resolve(), try kept!.resolve(Clock.self))
    }

    _ = try container.resolve(Pair.self)
  }
}

private struct Greeting: Sendable {
  let text: String
}
