import DIKit
import Testing

private final class Handler: Sendable {
  let context: RequestContext
  init(context: RequestContext) { self.context = context }
}

private func requestContainer() -> Container {
  let container = Container()
  container.register(RequestContext.self, lifetime: .scoped) { _ in RequestContext() }
  container.register(Handler.self) { resolver in Handler(context: try resolver.resolve()) }
  return container
}

@Suite("Scopes")
struct ScopeTests {
  @Test func aScopedServiceIsOnePerScope() throws {
    let container = requestContainer()
    let first = container.makeScope()
    let second = container.makeScope()

    let context = try first.resolve(RequestContext.self)

    #expect(try first.resolve(RequestContext.self) === context)
    #expect(try first.resolve(Handler.self).context === context)
    #expect(try second.resolve(RequestContext.self) !== context)
  }

  @Test func aScopeResolvesEverythingElseAsItsContainerDoes() throws {
    let container = shopContainer()
    let scope = container.makeScope()

    let checkout = try scope.resolve(CheckoutService.self)

    #expect(checkout.flow.gateway.id == "live")
    #expect(try scope.resolve(CheckoutService.self) !== checkout)
  }

  @Test func scopesShareTheContainersSingletons() throws {
    let container = Container()
    container.register(ReportCache.self, lifetime: .singleton) { _ in ReportCache() }

    let fromScope = try container.makeScope().resolve(ReportCache.self)

    #expect(try container.resolve(ReportCache.self) === fromScope)
  }

  @Test func lazyAndProviderFromAScopeStayInIt() throws {
    let container = requestContainer()
    let scope = container.makeScope()

    let lazy = scope.lazy(RequestContext.self)
    let provider = scope.provider(Handler.self)

    #expect(try lazy.value === scope.resolve(RequestContext.self))
    #expect(try provider().context === scope.resolve(RequestContext.self))
  }

  @Test func aClosedScopeDropsItsInstancesAndThrowsOnUse() throws {
    let container = requestContainer()
    let scope = container.makeScope()
    weak let context = try scope.resolve(RequestContext.self)
    let lazy = scope.lazy(Handler.self)

    scope.close()

    #expect(scope.isClosed)
    #expect(context == nil)
    let error = resolutionError { _ = try scope.resolve(Handler.self) }
    #expect(error?.kind == .scopeEnded)
    #expect(
      error?.description
        == "Handler cannot be resolved: its scope was closed. To fix, resolve it before the scope "
        + "ends, or from a new scope for new work: let scope = container.makeScope()")
    #expect(
      resolutionError { _ = try lazy.value }?.description
        == "Lazy<Handler> cannot resolve Handler: its scope was closed. To fix, resolve it before "
        + "the scope ends, or from a new scope for new work: let scope = container.makeScope()")
  }

  @Test func withScopeClosesTheScopeWhenItsBodyReturns() throws {
    let container = requestContainer()
    nonisolated(unsafe) var used: Scope?

    let handler = try container.withScope { scope in
      used = scope
      return try scope.resolve(Handler.self)
    }

    #expect(used?.isClosed == true)
    #expect(handler.context !== (try container.makeScope().resolve(RequestContext.self)))
  }

  @Test func aScopedServiceOutsideAScopeSaysHowToMakeOne() {
    let container = requestContainer()

    let error = resolutionError { _ = try container.resolve(Handler.self) }

    #expect(error?.kind == .scopeRequired)
    #expect(
      error?.description
        == "RequestContext is scoped, but was resolved outside a scope (requested by Handler). "
        + "To fix, resolve it from a scope: let scope = container.makeScope(); "
        + "try scope.resolve(Handler.self)")
  }

  @Test func aScopedServiceResolvedDirectlyOutsideAScope() {
    let container = requestContainer()

    let error = resolutionError { _ = try container.resolve(RequestContext.self) }

    #expect(
      error?.description
        == "RequestContext is scoped, but was resolved outside a scope. To fix, resolve it from "
        + "a scope: let scope = container.makeScope(); try scope.resolve(RequestContext.self)")
  }
}
