import DIKit
import Foundation
import Testing

private final class Slow: Sendable {}
private final class First: Sendable {}
private final class Second: Sendable {}
private final class Third: Sendable {}
private final class Fourth: Sendable {}

/// How long each slow factory takes; four of them one after another take four times as long.
private let creation = 0.3

private func slowly<T>(_ make: () -> T) -> T {
  Thread.sleep(forTimeInterval: creation)
  return make()
}

/// The wall time of `body`, run within a deadline.
private func timed<Value: Sendable>(
  _ what: String, _ body: @escaping @Sendable () async throws -> Value
) async throws -> (Value?, Duration) {
  let clock = ContinuousClock()
  let start = clock.now
  let value = try await withDeadline(seconds: 20, what, operation: body)
  return (value, clock.now - start)
}

@Suite("Parallel creation", .timeLimit(.minutes(1)))
struct ParallelCreationTests {
  @Test func oneScopedServiceInFourScopesIsBuiltInParallel() async throws {
    // All four used to wait for one creation lock per container tree: 1.2 s instead of 0.3 s.
    let builds = Counter()
    let container = Container()
    container.register(Slow.self, lifetime: .scoped) { _ in
      builds.increment()
      return slowly { Slow() }
    }
    let scopes = (0..<4).map { _ in container.makeScope() }

    let (outcomes, elapsed) = try await timed("four scopes' creations") {
      await onThreads(scopes.map { scope in { try scope.resolve(Slow.self) } })
    }

    #expect(outcomes?.count == 4)
    #expect(builds.count == 4)
    #expect(elapsed < .seconds(2 * creation), "took \(elapsed)")
  }

  @Test func differentSingletonsAreBuiltInParallel() async throws {
    let container = Container()
    container.register(First.self, lifetime: .singleton) { _ in slowly { First() } }
    container.register(Second.self, lifetime: .singleton) { _ in slowly { Second() } }
    container.register(Third.self, lifetime: .singleton) { _ in slowly { Third() } }
    container.register(Fourth.self, lifetime: .singleton) { _ in slowly { Fourth() } }

    let (outcomes, elapsed) = try await timed("four singletons' creations") {
      await onThreads([
        { @Sendable in _ = try container.resolve(First.self) },
        { @Sendable in _ = try container.resolve(Second.self) },
        { @Sendable in _ = try container.resolve(Third.self) },
        { @Sendable in _ = try container.resolve(Fourth.self) },
      ])
    }

    #expect(outcomes?.count == 4)
    #expect(elapsed < .seconds(2 * creation), "took \(elapsed)")
  }

  @Test func twoCreationsOfTheSameInstanceWaitForOneAnother() async throws {
    let builds = Counter()
    let container = Container()
    container.register(Slow.self, lifetime: .scoped) { _ in
      builds.increment()
      return slowly { Slow() }
    }
    let scope = container.makeScope()

    let (outcomes, _) = try await timed("one scoped instance asked for four times") {
      await onThreads((0..<4).map { _ in { try scope.resolve(Slow.self) } })
    }

    let instances = try (outcomes ?? []).map { try $0.get() }
    #expect(Set(instances.map(ObjectIdentifier.init)).count == 1)
    #expect(builds.count == 1)
  }
}
