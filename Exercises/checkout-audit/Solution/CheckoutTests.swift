import Payments
import Testing

/// What both doubles saw, in the order it happened. Two spies with a list each can say what
/// happened; only one shared timeline can say whether the log line came before the charge.
final class Timeline {
  enum Event: Equatable {
    case logged(String)
    case charged(cents: Int, cardToken: String)
  }

  private(set) var events: [Event] = []

  var charges: [Event] {
    events.filter { if case .charged = $0 { true } else { false } }
  }

  func append(_ event: Event) {
    events.append(event)
  }
}

/// A spy and a stub for the card processor: it writes every charge on the timeline, then
/// answers with `transactionID`, or throws `failure` if a test set one.
final class SpyGateway: PaymentGateway {
  private let timeline: Timeline
  var transactionID = "txn-42"
  var failure: (any Error)?

  init(timeline: Timeline) {
    self.timeline = timeline
  }

  func charge(cents: Int, cardToken: String) throws -> String {
    timeline.append(.charged(cents: cents, cardToken: cardToken))
    if let failure { throw failure }
    return transactionID
  }
}

/// A spy for the audit log: every line goes on the timeline.
final class SpyAuditLog: AuditLog {
  private let timeline: Timeline

  init(timeline: Timeline) {
    self.timeline = timeline
  }

  func record(_ line: String) {
    timeline.append(.logged(line))
  }
}

@Suite struct CheckoutTests {
  let timeline = Timeline()
  let gateway: SpyGateway
  let checkout: Checkout
  let order = Order(id: "o-17", totalCents: 2599)

  init() {
    gateway = SpyGateway(timeline: timeline)
    checkout = Checkout(gateway: gateway, log: SpyAuditLog(timeline: timeline))
  }

  @Test func chargesTheTotalOnceThroughTheInjectedGateway() throws {
    let receipt = try checkout.pay(order, cardToken: "tok_visa")
    #expect(
      timeline.charges == [.charged(cents: 2599, cardToken: "tok_visa")],
      "One order, one charge of its total to the customer's card: the gateway saw \(timeline.charges).")
    #expect(
      receipt == Receipt(orderID: "o-17", amountCents: 2599, transactionID: "txn-42"),
      "The receipt should carry the transaction id the gateway returned.")
  }

  @Test func logsTheAttemptBeforeChargingAndTheOutcomeAfter() throws {
    _ = try checkout.pay(order, cardToken: "tok_visa")
    #expect(
      timeline.events == [
        .logged("charging order o-17: 2599 cents"),
        .charged(cents: 2599, cardToken: "tok_visa"),
        .logged("charged order o-17: txn-42"),
      ],
      "The attempt must be in the log before the money moves, and the outcome after it.")
  }

  @Test func aRefusedCardIsLoggedAndItsErrorReachesTheCaller() {
    gateway.failure = PaymentDeclined(reason: "insufficient funds")
    #expect(throws: PaymentDeclined(reason: "insufficient funds"), "A refused card must not end in a receipt.") {
      try checkout.pay(order, cardToken: "tok_visa")
    }
    #expect(
      timeline.events == [
        .logged("charging order o-17: 2599 cents"),
        .charged(cents: 2599, cardToken: "tok_visa"),
        .logged("charge failed for order o-17"),
      ],
      "Support must be able to read in the log that the charge was tried, and that it failed.")
  }
}
