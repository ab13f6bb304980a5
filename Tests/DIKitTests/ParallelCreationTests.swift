import DIKit
import Foundation
import Testing

private final class Slow: Sendable {}
private final class First: Sendable {}
private final class Second: Sendable {}
private final class Third: Sendable {}
private final class Fourth: Sendable {}

// Whether creations run in parallel is decided by a meeting point, not a stopwatch: each factory
// waits until all four are inside a factory at once. A container that builds them one after
// another never gets them all there, and the test fails at the meeting's deadline.

@Suite("Parallel creation", .timeLimit(.minutes(1)))
struct ParallelCreationTests {
  @Test func oneScopedServiceInFourScopesIsBuiltInParallel() async throws {
    // All four used to wait for one creation lock per container tree.
    let builds = Counter()
    let allFour = Meeting(of: 4)
    let container = Container()
    container.register(Slow.self, lifetime: .scoped) { _ in
      builds.increment()
      allFour.arrive()
      return Slow()
    }
    let scopes = (0..<4).map { _ in container.makeScope() }

    let outcomes = try await withDeadline(seconds: 20, "four scopes' creations") {
      await onThreads(scopes.map { scope in { @Sendable in try scope.resolve(Slow.self) } })
    }

    #expect(allFour.everyoneCame, "the four scopes' factories never ran at once")
    #expect(outcomes?.count == 4)
    #expect(builds.count == 4)
  }

  @Test func differentSingletonsAreBuiltInParallel() async throws {
    let allFour = Meeting(of: 4)
    let container = Container()
    container.register(First.self, lifetime: .singleton) { _ in allFour.arrive(); return First() }
    container.register(Second.self, lifetime: .singleton) { _ in allFour.arrive(); return Second() }
    container.register(Third.self, lifetime: .singleton) { _ in allFour.arrive(); return Third() }
    container.register(Fourth.self, lifetime: .singleton) { _ in allFour.arrive(); return Fourth() }

    let outcomes = try await withDeadline(seconds: 20, "four singletons' creations") {
      await onThreads([
        { @Sendable in _ = try container.resolve(First.self) },
        { @Sendable in _ = try container.resolve(Second.self) },
        { @Sendable in _ = try container.resolve(Third.self) },
        { @Sendable in _ = try container.resolve(Fourth.self) },
      ])
    }

    #expect(allFour.everyoneCame, "the four singletons' factories never ran at once")
    #expect(outcomes?.count == 4)
    for outcome in outcomes ?? [] { #expect(throws: Never.self) { try outcome.get() } }
  }

  @Test func twoCreationsOfTheSameInstanceWaitForOneAnother() async throws {
    // The first build holds still until the three other callers have either built one too
    // (wrong, and counted) or are all asleep waiting for it: no window left to chance.
    // Worker, Gate and settle come from the concurrency exercises' own helpers
    // (Fakes/Watching.swift links to Exercises/singleton-once/Tests/Threads.swift).
    let builds = Counter()
    let firstBuild = Gate()
    let container = Container()
    container.register(Slow.self, lifetime: .scoped) { _ in
      builds.increment()
      firstBuild.pass()
      return Slow()
    }
    let scope = container.makeScope()
    let instances = InstanceList()
    let callers = (0..<4).map { _ in Worker { if let slow = try? scope.resolve(Slow.self) { instances.add(slow) } } }

    #expect(eventually { firstBuild.arrived >= 1 }, "no caller ever started building")
    let settled = settle(callers) { builds.count > 1 }
    firstBuild.open()
    #expect(eventually { callers.allSatisfy(\.finished) }, "the callers did not all finish once the build did")

    #expect(settled != .deadline, "the other callers neither waited nor built: do they spin?")
    #expect(builds.count == 1, "\(builds.count) builds of one scoped instance")
    #expect(instances.distinct == 1 && instances.count == 4, "\(instances.count) callers got \(instances.distinct) instances")
  }
}

/// The instances the callers got, to count how many differ.
private final class InstanceList: @unchecked Sendable {
  private let lock = NSLock()
  private var identities: [ObjectIdentifier] = []

  func add(_ instance: AnyObject) { lock.withLock { identities.append(ObjectIdentifier(instance)) } }
  var count: Int { lock.withLock { identities.count } }
  var distinct: Int { lock.withLock { Set(identities).count } }
}
