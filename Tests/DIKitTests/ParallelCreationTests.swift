import DIKit
import Foundation
import Synchronization
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

/// Runs `bodies` on threads of their own, within a deadline, and measures the span from the
/// first start to the last end *on those threads*: a busy test process may take long to resume
/// the waiting test afterwards, and that is no part of how long the creations took.
private func timed<Value: Sendable>(
  _ what: String, _ bodies: [@Sendable () throws -> Value]
) async throws -> ([Result<Value, any Error>]?, Duration) {
  let clock = ContinuousClock()
  let marks = Mutex<[(start: ContinuousClock.Instant, end: ContinuousClock.Instant)]>([])
  let timedBodies = bodies.map { body in
    { @Sendable () throws -> Value in
      let start = clock.now
      defer { let end = clock.now; marks.withLock { $0.append((start, end)) } }
      return try body()
    }
  }
  let outcomes = try await withDeadline(seconds: 20, what) { await onThreads(timedBodies) }
  let all = marks.withLock { $0 }
  guard let first = all.map(\.start).min(), let last = all.map(\.end).max() else { return (outcomes, .zero) }
  return (outcomes, last - first)
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

    let (outcomes, elapsed) = try await timed("four scopes' creations", scopes.map { scope in { try scope.resolve(Slow.self) } })

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

    let (outcomes, elapsed) = try await timed(
      "four singletons' creations",
      [
        { @Sendable in _ = try container.resolve(First.self) },
        { @Sendable in _ = try container.resolve(Second.self) },
        { @Sendable in _ = try container.resolve(Third.self) },
        { @Sendable in _ = try container.resolve(Fourth.self) },
      ])

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

    let (outcomes, _) = try await timed("one scoped instance asked for four times", (0..<4).map { _ in { try scope.resolve(Slow.self) } })

    let instances = try (outcomes ?? []).map { try $0.get() }
    #expect(Set(instances.map(ObjectIdentifier.init)).count == 1)
    #expect(builds.count == 1)
  }
}
