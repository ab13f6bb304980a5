@testable import DIKit
import Testing

private final class Auditor: Sendable {
  let context: RequestContext
  init(context: RequestContext) { self.context = context }
}

private final class AuditTrail: Sendable {
  let auditor: Auditor
  init(auditor: Auditor) { self.auditor = auditor }
}

private final class Session: Sendable {}

private final class SessionStore: Sendable {
  let session: Session
  init(session: Session) { self.session = session }
}

@Suite("Errors: captive dependencies")
struct CaptiveTests {
  @Test func aSingletonHoldingAScopedServiceThroughATransient() {
    let container = Container()
    container.register(RequestContext.self, lifetime: .scoped) { _ in RequestContext() }
    container.register(Auditor.self) { resolver in Auditor(context: try resolver.resolve()) }
    container.register(AuditTrail.self, lifetime: .singleton) { resolver in
      AuditTrail(auditor: try resolver.resolve())
    }

    let error = resolutionError { _ = try container.makeScope().resolve(AuditTrail.self) }

    #expect(error?.kind == .captiveDependency)
    #expect(error?.service == "RequestContext")
    #expect(error?.path == ["AuditTrail", "Auditor", "RequestContext"])
    #expect(
      error?.description
        == "Captive dependency: AuditTrail (singleton) holds RequestContext (scoped) through "
        + "AuditTrail → Auditor → RequestContext, so it would keep one scope's RequestContext "
        + "after that scope ends. To fix, make AuditTrail scoped or transient, or make "
        + "RequestContext a singleton.")
  }

  @Test func theCaptiveIsCaughtEvenWhenTheScopedInstanceAlreadyExists() throws {
    let container = Container()
    container.register(RequestContext.self, lifetime: .scoped) { _ in RequestContext() }
    container.register(Auditor.self, lifetime: .singleton) { resolver in
      Auditor(context: try resolver.resolve())
    }
    let scope = container.makeScope()
    _ = try scope.resolve(RequestContext.self)

    let error = resolutionError { _ = try scope.resolve(Auditor.self) }

    #expect(error?.path == ["Auditor", "RequestContext"])
  }

  @Test func aSingletonHoldingAWeakService() {
    let container = Container()
    container.register(Session.self, lifetime: .weak) { _ in Session() }
    container.register(SessionStore.self, lifetime: .singleton) { resolver in
      SessionStore(session: try resolver.resolve())
    }

    let error = resolutionError { _ = try container.resolve(SessionStore.self) }

    #expect(
      error?.description
        == "Captive dependency: SessionStore (singleton) holds Session (weak) through "
        + "SessionStore → Session, so Session would never be released. To fix, make "
        + "SessionStore weak or transient, or make Session a singleton.")
  }

  @Test func aScopedServiceHoldingAGraphService() {
    let container = Container()
    container.register(Session.self, lifetime: .graph) { _ in Session() }
    container.register(SessionStore.self, lifetime: .scoped) { resolver in
      SessionStore(session: try resolver.resolve())
    }

    let error = resolutionError { _ = try container.makeScope().resolve(SessionStore.self) }

    #expect(
      error?.description
        == "Captive dependency: SessionStore (scoped) holds Session (graph) through "
        + "SessionStore → Session, so it would share one resolution's Session with every later "
        + "one. To fix, make SessionStore graph or transient, or make Session transient or scoped.")
  }

  @Test func aSingletonHoldingALazyOfAScopedServiceIsCaughtWhenTheLazyIsRead() throws {
    final class Cache: Sendable {
      let context: Lazy<RequestContext>
      init(context: Lazy<RequestContext>) { self.context = context }
    }
    let container = Container()
    container.register(RequestContext.self, lifetime: .scoped) { _ in RequestContext() }
    container.register(Cache.self, lifetime: .singleton) { resolver in
      Cache(context: try resolver.lazy())
    }

    let scope = container.makeScope()
    let cache = try scope.resolve(Cache.self)
    let error = resolutionError { _ = try cache.context.value }

    #expect(error?.path == ["Cache", "RequestContext"])
  }

  @Test func shorterLivedHoldersAreFine() throws {
    let container = Container()
    container.register(RequestContext.self, lifetime: .singleton) { _ in RequestContext() }
    container.register(Auditor.self, lifetime: .scoped) { resolver in
      Auditor(context: try resolver.resolve())
    }
    container.register(Session.self, lifetime: .graph) { _ in Session() }
    container.register(SessionStore.self) { resolver in
      SessionStore(session: try resolver.resolve())
    }
    let scope = container.makeScope()

    #expect(try scope.resolve(Auditor.self).context === container.resolve(RequestContext.self))
    #expect(throws: Never.self) { try scope.resolve(SessionStore.self) }
  }

  @Test func theRuleAsATable() {
    let held: [Lifetime] = [.transient, .singleton, .weak, .graph, .scoped]
    let captures = Lifetime.allCases.map { holder in
      "\(holder): " + held.filter { holder.captures($0) }.map(\.description).joined(separator: ",")
    }
    #expect(
      captures == [
        "transient: ", "singleton: weak,graph,scoped", "weak: graph,scoped", "graph: ",
        "scoped: graph",
      ])
  }
}
