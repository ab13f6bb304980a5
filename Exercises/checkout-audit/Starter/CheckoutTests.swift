import Payments
import Testing

// The code under test is Subject/Checkout.swift, and it is correct. Write the tests that would
// catch a bug in it. Start from the two doubles below: so far they remember nothing.

/// Stands in for the card processor. So far it approves every charge and keeps no record of it.
final class SpyGateway: PaymentGateway {
  func charge(cents: Int, cardToken: String) throws -> String {
    "txn-42"
  }
}

/// Stands in for the audit log. So far it throws every line away.
final class SpyAuditLog: AuditLog {
  func record(_ line: String) {}
}

@Suite struct CheckoutTests {
  @Test func aPaidOrderGetsAReceiptForThatOrder() throws {
    let checkout = Checkout(gateway: SpyGateway(), log: SpyAuditLog())
    let receipt = try checkout.pay(Order(id: "o-17", totalCents: 2599), cardToken: "tok_visa")
    #expect(receipt.orderID == "o-17", "The receipt should name the order that was paid, o-17; it names \(receipt.orderID).")
  }
}
