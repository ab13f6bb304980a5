@testable import DIKit
import Testing

private protocol Mailer: Sendable {}
private struct SMTPMailer: Mailer {}

@Suite("Errors: missing registration")
struct MissingRegistrationTests {
  @Test func namesTheChainThatAskedAndTheOtherNames() {
    let container = Container()
    container.register(PaymentGateway.self, name: "sandbox") { _ in SandboxGateway() }
    container.register(OrderFlow.self) { resolver in
      OrderFlow(gateway: try resolver.resolve(PaymentGateway.self))
    }
    container.register(CheckoutService.self) { resolver in
      CheckoutService(flow: try resolver.resolve())
    }

    let error = resolutionError { _ = try container.resolve(CheckoutService.self) }

    #expect(error?.kind == .missingRegistration)
    #expect(error?.service == "PaymentGateway")
    #expect(error?.path == ["CheckoutService", "OrderFlow"])
    #expect(
      error?.description
        == "No registration for PaymentGateway (requested by CheckoutService → OrderFlow). "
        + "Registered under other names: PaymentGateway named \"sandbox\". To fix, register it: "
        + "container.register(PaymentGateway.self) { … }")
  }

  @Test func aTopLevelMissOnAnEmptyContainerSaysOnlyHowToRegister() {
    let error = resolutionError { _ = try Container().resolve(PaymentGateway.self) }

    #expect(
      error?.description
        == "No registration for PaymentGateway. To fix, register it: "
        + "container.register(PaymentGateway.self) { … }")
  }

  @Test func aMissingNameListsTheUnnamedRegistration() {
    let container = Container()
    container.register(PaymentGateway.self) { _ in LiveGateway() }
    container.register(PaymentGateway.self, name: "sandbox") { _ in SandboxGateway() }

    let error = resolutionError { _ = try container.resolve(PaymentGateway.self, name: "staging") }

    #expect(
      error?.description
        == "No registration for PaymentGateway named \"staging\". Registered under other names: "
        + "PaymentGateway without a name, PaymentGateway named \"sandbox\". To fix, register it: "
        + "container.register(PaymentGateway.self, name: \"staging\") { … }")
  }

  @Test func aSimilarTypeIsSuggested() {
    // Registering the concrete type when the protocol is resolved is a classic slip.
    let container = Container()
    container.register(SMTPMailer.self) { _ in SMTPMailer() }
    container.register(LiveGateway.self) { _ in LiveGateway() }

    let mailer = resolutionError { _ = try container.resolve(Mailer.self) }
    let gateway = resolutionError { _ = try container.resolve(Optional<LiveGateway>.self) }

    #expect(
      mailer?.description
        == "No registration for Mailer. Similar types registered: SMTPMailer. To fix, register "
        + "it: container.register(Mailer.self) { … }")
    #expect(
      gateway?.description
        == "No registration for Optional<LiveGateway>. Similar types registered: LiveGateway. "
        + "To fix, register it: container.register(Optional<LiveGateway>.self) { … }")
  }

  @Test func unrelatedTypesAreNotSuggested() {
    let container = shopContainer()

    let error = resolutionError { _ = try container.resolve(Clock.self) }

    #expect(
      error?.description
        == "No registration for Clock. To fix, register it: container.register(Clock.self) { … }")
  }

  @Test func similarityRules() {
    #expect(NearMisses.isSimilar("Clock", "clock"))
    #expect(NearMisses.isSimilar("Gateway", "PaymentGateway"))
    #expect(NearMisses.isSimilar("PaymentGateway", "PaymentGatway"))
    #expect(!NearMisses.isSimilar("Clock", "Lock"))
    #expect(!NearMisses.isSimilar("ReportCache", "ReportScreen"))
  }
}
