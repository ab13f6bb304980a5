import Payments
import Testing

/// One thing that happened, on either double, in the order it happened.
enum Event: Equatable {
  case logged(String)
  case charged(cents: Int, cardToken: String)
}

/// The shared timeline both doubles write to.
final class Timeline {
  private(set) var events: [Event] = []
  func add(_ event: Event) { events.append(event) }
}

final class SpyGateway: PaymentGateway {
  let timeline: Timeline
  var transactionID = "txn-42"
  var error: PaymentDeclined?

  init(timeline: Timeline) { self.timeline = timeline }

  func charge(cents: Int, cardToken: String) throws -> String {
    timeline.add(.charged(cents: cents, cardToken: cardToken))
    if let error { throw error }
    return transactionID
  }
}

final class SpyAuditLog: AuditLog {
  let timeline: Timeline
  init(timeline: Timeline) { self.timeline = timeline }
  func record(_ line: String) { timeline.add(.logged(line)) }
}

@Suite struct CheckoutTests {
  let timeline = Timeline()
  let gateway: SpyGateway
  let log: SpyAuditLog
  let checkout: Checkout

  init() {
    gateway = SpyGateway(timeline: timeline)
    log = SpyAuditLog(timeline: timeline)
    checkout = Checkout(gateway: gateway, log: log)
  }

  @Test func aPaidOrderIsLoggedChargedOnceAndLoggedAgain() throws {
    gateway.transactionID = "txn-7"
    let receipt = try checkout.pay(Order(id: "o-17", totalCents: 2599), cardToken: "tok_visa")
    #expect(receipt == Receipt(orderID: "o-17", amountCents: 2599, transactionID: "txn-7"))
    #expect(timeline.events == [
      .logged("charging order o-17: 2599 cents"),
      .charged(cents: 2599, cardToken: "tok_visa"),
      .logged("charged order o-17: txn-7"),
    ])
  }

  @Test func aRefusedCardIsLoggedAndThrown() {
    gateway.error = PaymentDeclined(reason: "insufficient funds")
    #expect(throws: PaymentDeclined(reason: "insufficient funds")) {
      try checkout.pay(Order(id: "o-18", totalCents: 1250), cardToken: "tok_amex")
    }
    let lines = timeline.events.filter { if case .logged = $0 { true } else { false } }
    #expect(lines == [.logged("charging order o-18: 1250 cents"), .logged("charge failed for order o-18")])
  }
}
