import DIKit
import Testing

private final class A: Sendable {
  let b: B
  init(b: B) { self.b = b }
}
private final class B: Sendable {
  let c: C
  init(c: C) { self.c = c }
}
private final class C: Sendable {
  let a: A?
  init(a: A?) { self.a = a }
}

private func cyclicContainer(aLifetime: Lifetime = .transient) -> (Container, Counter) {
  let builds = Counter()
  let container = Container()
  container.register(A.self, lifetime: aLifetime) { resolver in
    builds.increment()
    return A(b: try resolver.resolve())
  }
  container.register(B.self) { resolver in B(c: try resolver.resolve()) }
  container.register(C.self) { resolver in C(a: try resolver.resolve(A.self)) }
  return (container, builds)
}

@Suite("Errors: cycles")
struct CycleTests {
  @Test func namesTheWholeCycleAsSoonAsItCloses() {
    let (container, builds) = cyclicContainer()

    let error = resolutionError { _ = try container.resolve(A.self) }

    #expect(error?.kind == .cycle)
    #expect(error?.path == ["A", "B", "C", "A"])
    #expect(
      error?.description
        == "Dependency cycle: A → B → C → A. To fix, break it: let C take Lazy<A> or "
        + "Provider<A> instead of A, or move what they share into a new service.")
    // A's factory ran once: the cycle was caught when A was asked for again, not 200 levels on.
    #expect(builds.count == 1)
  }

  @Test func theCycleStartsWhereItClosesNotWhereResolutionStarted() {
    final class Root: Sendable {
      init(_: A) {}
    }
    let (container, _) = cyclicContainer()
    container.register(Root.self) { resolver in Root(try resolver.resolve(A.self)) }

    let error = resolutionError { _ = try container.resolve(Root.self) }

    #expect(error?.path == ["A", "B", "C", "A"])
  }

  @Test func aServiceThatNeedsItself() {
    let container = Container()
    container.register(Settings.self) { resolver in try resolver.resolve(Settings.self) }

    let error = resolutionError { _ = try container.resolve(Settings.self) }

    #expect(
      error?.description
        == "Dependency cycle: Settings → Settings. To fix, break it: let Settings take "
        + "Lazy<Settings> or Provider<Settings> instead of Settings, or move what they share "
        + "into a new service.")
  }

  @Test func aSingletonCycleIsCaughtTooAndLeavesNoHalfBuiltSingleton() throws {
    let (container, _) = cyclicContainer(aLifetime: .singleton)

    let error = resolutionError { _ = try container.resolve(A.self) }
    #expect(error?.path == ["A", "B", "C", "A"])

    // Fixing the cycle afterwards works: nothing was left locked or half-published.
    container.register(C.self) { _ in C(a: nil) }
    #expect(try container.resolve(A.self).b.c.a == nil)
  }

  @Test func aSingletonAskedForAgainThroughAFreshResolutionIsACycleNotADeadlock() {
    // The factory calls the container instead of its resolver, so the path starts afresh; the
    // singleton's in-progress mark still catches it on the same thread.
    let container = Container()
    container.register(ReportCache.self, lifetime: .singleton) { _ in
      _ = try container.resolve(ReportCache.self)
      return ReportCache()
    }

    let error = resolutionError { _ = try container.resolve(ReportCache.self) }

    #expect(error?.kind == .cycle)
    #expect(error?.path == ["ReportCache", "ReportCache"])
  }

  @Test func aLazyReadDuringConstructionThatLoopsIsACycle() {
    // Each Node reads a fresh Lazy<Node> in its initialiser: an endless chain of resolutions
    // that no single path shows, stopped by the depth limit with the repeating part named.
    final class Node: Sendable {
      init(next: Lazy<Node>) throws { _ = try next.value }
    }
    let container = Container()
    container.register(Node.self) { resolver in try Node(next: resolver.lazy()) }

    let error = resolutionError { _ = try container.resolve(Node.self) }

    #expect(error?.kind == .cycle)
    #expect(error?.path == ["Node", "Node"])
  }
}
