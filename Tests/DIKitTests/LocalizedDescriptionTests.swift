import DIKit
import Foundation
import Testing

@Suite("localizedDescription")
struct LocalizedDescriptionTests {
  @Test func aResolutionErrorReadsTheSameHoweverItIsPrinted() {
    // It used to read "The operation could not be completed. (DIKit.ResolutionError error 1.)".
    let error = resolutionError { _ = try Container().resolve(PaymentGateway.self) }
    let asError: (any Error)? = error

    #expect(
      asError?.localizedDescription
        == "No registration for PaymentGateway. To fix, register it: "
        + "container.register(PaymentGateway.self) { … }")
    #expect(asError?.localizedDescription == error?.description)
  }

  @Test func aValidationErrorReadsTheSameHoweverItIsPrinted() {
    let container = Container()
    container.register(OrderFlow.self) { resolver in OrderFlow(gateway: try resolver.resolve()) }

    let error = #expect(throws: ValidationError.self) { try container.validate() }
    let asError: (any Error)? = error

    #expect(
      asError?.localizedDescription == """
        validate() found 1 problem:
        1. No registration for PaymentGateway (requested by OrderFlow). To fix, register it: \
        container.register(PaymentGateway.self) { … }
        """)
  }
}
