import Payments
import Testing

/// Approves every charge with the same id, or refuses it when a test says so.
final class StubGateway: PaymentGateway {
  var failure: (any Error)?

  func charge(cents: Int, cardToken: String) throws -> String {
    if let failure { throw failure }
    return "txn-42"
  }
}

/// Ignores every line.
final class SilentAuditLog: AuditLog {
  func record(_ line: String) {}
}

@Suite struct CheckoutTests {
  let gateway = StubGateway()
  let order = Order(id: "o-17", totalCents: 2599)

  @Test func aPaidOrderGetsAReceipt() throws {
    let receipt = try Checkout(gateway: gateway, log: SilentAuditLog()).pay(order, cardToken: "tok_visa")
    #expect(receipt == Receipt(orderID: "o-17", amountCents: 2599, transactionID: "txn-42"))
  }

  @Test func aRefusedCardThrows() {
    gateway.failure = PaymentDeclined(reason: "insufficient funds")
    #expect(throws: PaymentDeclined(reason: "insufficient funds")) {
      try Checkout(gateway: gateway, log: SilentAuditLog()).pay(order, cardToken: "tok_visa")
    }
  }
}
