import Payments
import Testing

final class SpyGateway: PaymentGateway {
  struct Charge: Equatable { let cents: Int; let cardToken: String }
  private(set) var charges: [Charge] = []
  var transactionID = "txn-42"
  var error: PaymentDeclined?

  func charge(cents: Int, cardToken: String) throws -> String {
    charges.append(Charge(cents: cents, cardToken: cardToken))
    if let error { throw error }
    return transactionID
  }
}

final class SpyAuditLog: AuditLog {
  private(set) var lines: [String] = []
  func record(_ line: String) { lines.append(line) }
}

@Suite struct CheckoutTests {
  let gateway = SpyGateway()
  let log = SpyAuditLog()
  var checkout: Checkout { Checkout(gateway: gateway, log: log) }

  @Test func aPaidOrderIsChargedOnceAndLogged() throws {
    gateway.transactionID = "txn-7"
    let receipt = try checkout.pay(Order(id: "o-17", totalCents: 2599), cardToken: "tok_visa")
    #expect(receipt == Receipt(orderID: "o-17", amountCents: 2599, transactionID: "txn-7"))
    #expect(gateway.charges == [.init(cents: 2599, cardToken: "tok_visa")])
    #expect(log.lines == ["charging order o-17: 2599 cents", "charged order o-17: txn-7"])
  }

  @Test func aRefusedCardIsLoggedAndThrown() {
    gateway.error = PaymentDeclined(reason: "insufficient funds")
    #expect(throws: PaymentDeclined(reason: "insufficient funds")) {
      try checkout.pay(Order(id: "o-18", totalCents: 1250), cardToken: "tok_amex")
    }
    #expect(gateway.charges == [.init(cents: 1250, cardToken: "tok_amex")])
    #expect(log.lines == ["charging order o-18: 1250 cents", "charge failed for order o-18"])
  }
}
