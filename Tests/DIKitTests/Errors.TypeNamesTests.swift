import DIKit
import Testing

// Two types named Account, told apart by their enclosing types.
private enum Billing {
  final class Account: Sendable {
    init(owner: Identity.Account) {}
  }
}
private enum Identity {
  final class Account: Sendable {
    init(billing: Billing.Account) {}
  }
}

@Suite("Errors: types that share a name")
struct TypeNamesTests {
  @Test func aCycleBetweenTwoTypesOfOneNameQualifiesBoth() {
    // It used to read "Dependency cycle: Account → Account → Account".
    let container = Container()
    container.register(Billing.Account.self) { resolver in
      Billing.Account(owner: try resolver.resolve())
    }
    container.register(Identity.Account.self) { resolver in
      Identity.Account(billing: try resolver.resolve())
    }

    let error = resolutionError { _ = try container.resolve(Billing.Account.self) }

    #expect(error?.path == ["Billing.Account", "Identity.Account", "Billing.Account"])
    #expect(
      error?.description
        == "Dependency cycle: Billing.Account → Identity.Account → Billing.Account. To fix, "
        + "break it: let Identity.Account take Lazy<Billing.Account> or Provider<Billing.Account> "
        + "instead of Billing.Account, or move what they share into a new service.")
  }

  @Test func aMissingTypeIsQualifiedWhenAnotherOfItsNameIsRegistered() {
    let container = Container()
    container.register(Identity.Account.self) { resolver in
      Identity.Account(billing: try resolver.resolve())
    }

    let error = resolutionError { _ = try container.resolve(Identity.Account.self) }

    #expect(
      error?.description
        == "No registration for Billing.Account (requested by Identity.Account). Similar types "
        + "registered: Identity.Account. To fix, register it: "
        + "container.register(Billing.Account.self) { … }")
  }

  @Test func theGraphKeepsTwoTypesOfOneNameApart() {
    let container = Container()
    container.register(Billing.Account.self) { resolver in
      Billing.Account(owner: try resolver.resolve())
    }
    container.register(Identity.Account.self) { resolver in
      Identity.Account(billing: try resolver.resolve())
    }

    let graph = container.dependencyGraph()  // the cycle is among its problems

    #expect(graph.nodes.map(\.id) == ["Billing.Account", "Identity.Account"])
    #expect(graph.dependencies(of: "Billing.Account").map(\.to) == ["Identity.Account"])
  }

  @Test func aNameNoOtherTypeSharesStaysShort() {
    let container = Container()
    container.register(OrderFlow.self) { resolver in OrderFlow(gateway: try resolver.resolve()) }

    let error = resolutionError { _ = try container.resolve(OrderFlow.self) }

    #expect(error?.service == "PaymentGateway")
    #expect(error?.path == ["OrderFlow"])
  }
}
