import Payments
import Testing

/// Records every charge; approves it, or refuses it when a test says so.
final class SpyGateway: PaymentGateway {
  struct Charge: Equatable {
    let cents: Int
    let cardToken: String
  }

  private(set) var charges: [Charge] = []
  var failure: (any Error)?

  func charge(cents: Int, cardToken: String) throws -> String {
    charges.append(Charge(cents: cents, cardToken: cardToken))
    if let failure { throw failure }
    return "txn-42"
  }
}

/// Keeps every line.
final class SpyAuditLog: AuditLog {
  private(set) var lines: [String] = []

  func record(_ line: String) {
    lines.append(line)
  }
}

@Suite struct CheckoutTests {
  let gateway = SpyGateway()
  let log = SpyAuditLog()
  let order = Order(id: "o-17", totalCents: 2599)

  @Test func chargesOnceAndLogsBothLines() throws {
    let receipt = try Checkout(gateway: gateway, log: log).pay(order, cardToken: "tok_visa")
    #expect(receipt.transactionID == "txn-42")
    #expect(gateway.charges == [SpyGateway.Charge(cents: 2599, cardToken: "tok_visa")])
    #expect(log.lines == ["charging order o-17: 2599 cents", "charged order o-17: txn-42"])
  }

  @Test func aRefusedCardThrowsAndIsLogged() {
    gateway.failure = PaymentDeclined(reason: "insufficient funds")
    #expect(throws: PaymentDeclined(reason: "insufficient funds")) {
      try Checkout(gateway: gateway, log: log).pay(order, cardToken: "tok_visa")
    }
    #expect(log.lines.last == "charge failed for order o-17")
  }
}
