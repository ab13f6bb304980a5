import DIKit
import Testing

private final class Report: Sendable {
  let cache: ReportCache
  let context: RequestContext
  init(cache: ReportCache, context: RequestContext) {
    self.cache = cache
    self.context = context
  }
}

/// Resolves `body` from `count` tasks at once and returns the distinct instances they got.
private func identities(
  count: Int, _ body: @escaping @Sendable () throws -> any AnyObject & Sendable
) async throws -> Set<ObjectIdentifier> {
  // All instances stay alive until counted, so no address is reused by a later one.
  let instances = try await withThrowingTaskGroup(of: (any AnyObject & Sendable).self) { group in
    for _ in 0..<count {
      group.addTask { try body() }
    }
    return try await group.reduce(into: []) { $0.append($1) }
  }
  return Set(instances.map(ObjectIdentifier.init))
}

/// A factory slow enough that the other tasks pile up behind the first creation.
private func slowly<T>(_ make: () -> T) -> T {
  var spin = 0
  for index in 0..<20_000 { spin &+= index }
  precondition(spin != 42)
  return make()
}

@Suite("Concurrency stress", .timeLimit(.minutes(1)))
struct ConcurrencyStressTests {
  @Test func hundredsOfTasksGetOneSingletonBuiltOnce() async throws {
    let builds = Counter()
    let container = Container()
    container.register(ReportCache.self, lifetime: .singleton) { _ in
      builds.increment()
      return slowly { ReportCache() }
    }

    let distinct = try await withDeadline(seconds: 20, "500 singleton resolutions") {
      try await identities(count: 500) { try container.resolve(ReportCache.self) }
    }

    #expect(distinct?.count == 1)
    #expect(builds.count == 1)
  }

  @Test func hundredsOfTasksReadOneLazyResolvedOnce() async throws {
    let builds = Counter()
    let container = Container()
    container.register(ReportCache.self) { _ in
      builds.increment()
      return slowly { ReportCache() }
    }
    let lazy = container.lazy(ReportCache.self)

    let distinct = try await withDeadline(seconds: 20, "500 reads of one Lazy") {
      try await identities(count: 500) { try lazy.value }
    }

    #expect(distinct?.count == 1)
    #expect(builds.count == 1)
  }

  @Test func hundredsOfTasksGetOneScopedServicePerScope() async throws {
    let builds = Counter()
    let container = Container()
    container.register(RequestContext.self, lifetime: .scoped) { _ in
      builds.increment()
      return slowly { RequestContext() }
    }
    let scopes = (0..<5).map { _ in container.makeScope() }

    let distinct = try await withDeadline(seconds: 20, "500 scoped resolutions in 5 scopes") {
      try await identities(count: 500) {
        try scopes.randomElement()!.resolve(RequestContext.self)
      }
    }

    #expect(distinct?.count == 5)
    #expect(builds.count == 5)
  }

  @Test func nestedFactoriesUnderContentionNeitherDeadlockNorBuildTwice() async throws {
    // Every task enters the graph at a different place: singletons whose factories resolve
    // other singletons, a Lazy and a scoped service, all at once.
    let builds = Counter()
    let container = Container()
    container.register(ReportCache.self, lifetime: .singleton) { _ in
      builds.increment()
      return slowly { ReportCache() }
    }
    container.register(RequestContext.self, lifetime: .scoped) { _ in
      builds.increment()
      return RequestContext()
    }
    container.register(Report.self, lifetime: .scoped) { resolver in
      builds.increment()
      let cache = try resolver.lazy(ReportCache.self)
      return Report(cache: try cache.value, context: try resolver.resolve())
    }
    let scope = container.makeScope()
    let lazyReport = scope.lazy(Report.self)

    let distinct = try await withDeadline(seconds: 20, "600 nested resolutions") {
      try await withThrowingTaskGroup(of: Void.self) { group in
        for index in 0..<600 {
          group.addTask {
            switch index % 3 {
            case 0: _ = try scope.resolve(Report.self)
            case 1: _ = try lazyReport.value
            default: _ = try container.resolve(ReportCache.self)
            }
          }
        }
        try await group.waitForAll()
      }
      return try Set([scope.resolve(Report.self), lazyReport.value].map(ObjectIdentifier.init))
    }

    #expect(distinct?.count == 1)
    #expect(builds.count == 3)
  }

  @Test func transientGraphsResolveConcurrently() async throws {
    let container = shopContainer()

    let distinct = try await withDeadline(seconds: 20, "500 graph resolutions") {
      try await identities(count: 500) { try container.resolve(CheckoutService.self) }
    }

    #expect(distinct?.count == 500)
  }

  @Test func registeringWhileOthersResolveIsSafe() async throws {
    let container = shopContainer()

    let resolved = try await withDeadline(seconds: 20, "registering during resolution") {
      try await withThrowingTaskGroup(of: Int.self) { group in
        group.addTask {
          for number in 0..<200 { container.register(Int.self, name: "n\(number)") { _ in number } }
          return 0
        }
        for _ in 0..<400 {
          group.addTask { try container.resolve(CheckoutService.self).flow.gateway.id.count }
        }
        return try await group.reduce(0, +)
      }
    }

    #expect(resolved == 400 * "live".count)
    #expect(try container.resolve(Int.self, name: "n199") == 199)
  }

  @Test func aValidatedContainerBuildsItsSingletonOnceUnderContention() async throws {
    // After validate(), resolutions are planned; the real singleton is still first created
    // by hundreds of tasks at once.
    let builds = Counter()
    let container = shopContainer()
    container.register(ReportCache.self, lifetime: .singleton) { _ in
      builds.increment()
      return slowly { ReportCache() }
    }
    try container.validate()
    let afterValidation = builds.count

    let distinct = try await withDeadline(seconds: 20, "500 planned resolutions") {
      try await withThrowingTaskGroup(of: Void.self) { group in
        for index in 0..<500 {
          group.addTask {
            _ = try index.isMultiple(of: 2)
              ? container.resolve(CheckoutService.self) as AnyObject
              : container.resolve(ReportCache.self)
          }
        }
        try await group.waitForAll()
      }
      return try await identities(count: 100) { try container.resolve(ReportCache.self) }
    }

    #expect(distinct?.count == 1)
    #expect(builds.count == afterValidation + 1)
  }
}
