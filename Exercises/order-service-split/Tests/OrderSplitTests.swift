import Foundation
import Testing

@testable import OrderServiceSplit

// MARK: - Test doubles

/// Records every charge and answers with receipts rcpt-1, rcpt-2, ...
final class GatewaySpy: PaymentGateway {
  struct Charge: Equatable {
    let cents: Int
    let card: String
  }
  private(set) var charges: [Charge] = []

  func charge(cents: Int, card: String) throws -> String {
    charges.append(Charge(cents: cents, card: card))
    return "rcpt-\(charges.count)"
  }
}

/// Says whatever the test decided, and records what it was asked about.
final class StubFraudCheck: FraudCheck {
  struct Question: Equatable {
    let card: String
    let cents: Int
  }
  let suspicious: Bool
  private(set) var asked: [Question] = []

  init(suspicious: Bool) {
    self.suspicious = suspicious
  }

  func isSuspicious(card: String, cents: Int) -> Bool {
    asked.append(Question(card: card, cents: cents))
    return suspicious
  }
}

/// Records what it packed; the parcel label is "parcel-<order id>".
final class WarehouseSpy: Warehouse {
  private(set) var packed: [[String]] = []

  func pack(_ items: [String], for orderID: String) -> String {
    packed.append(items)
    return "parcel-\(orderID)"
  }
}

/// Records every pickup; the tracking number is always TRK-77.
final class CourierSpy: Courier {
  struct Pickup: Equatable {
    let parcel: String
    let address: String
  }
  private(set) var pickups: [Pickup] = []

  func bookPickup(parcel: String, to address: String) -> String {
    pickups.append(Pickup(parcel: parcel, address: address))
    return "TRK-77"
  }
}

final class MailerSpy: Mailer {
  struct Mail: Equatable {
    let body: String
    let address: String
  }
  private(set) var sent: [Mail] = []

  func send(_ body: String, to address: String) {
    sent.append(Mail(body: body, address: address))
  }
}

func sampleOrder() -> Order {
  Order(
    id: "A-1001", customerEmail: "ada@example.com", card: "4242", totalCents: 4_599,
    items: ["mug", "tee"], address: "1 Loop Road, Leeds")
}

// MARK: - OrderPayment: the gateway and the fraud check

@Suite("Step 1: OrderPayment takes the money") struct OrderPaymentTests {
  let gateway = GatewaySpy()

  @Test func chargesTheOrderTotalThroughTheInjectedGateway() {
    let payment = OrderPayment(gateway: gateway, fraudCheck: StubFraudCheck(suspicious: false))
    let receipt = try? payment.pay(sampleOrder())
    #expect(
      gateway.charges == [GatewaySpy.Charge(cents: 4_599, card: "4242")],
      "OrderPayment ignored the injected gateway: it charged it \(gateway.charges.count) times. Keep the gateway from init and move the charge from LegacyOrderService.place(_:) into OrderPayment.pay(_:).")
    #expect(
      receipt == "rcpt-1",
      "pay(_:) should return the receipt the injected gateway gave back (\"rcpt-1\"), not \(receipt.map { "\"\($0)\"" } ?? "an error").")
  }

  @Test func asksTheFraudCheckAboutThisCardAndThisAmount() {
    let fraudCheck = StubFraudCheck(suspicious: false)
    _ = try? OrderPayment(gateway: gateway, fraudCheck: fraudCheck).pay(sampleOrder())
    #expect(
      fraudCheck.asked == [StubFraudCheck.Question(card: "4242", cents: 4_599)],
      "OrderPayment asked the injected fraud check \(fraudCheck.asked); it should ask once, about the order's card and its total, 4242 for 4599 cents, exactly as LegacyOrderService.place(_:) did. A fraud check judges the amount too: a stolen card is tried on a big order.")
  }

  @Test func refusesACardTheFraudCheckFlags() {
    let payment = OrderPayment(gateway: gateway, fraudCheck: StubFraudCheck(suspicious: true))
    #expect(
      throws: OrderError.suspiciousPayment,
      "The injected FraudCheck flagged the card, so pay(_:) should throw OrderError.suspiciousPayment. Move the fraud check from LegacyOrderService.place(_:) into OrderPayment."
    ) {
      try payment.pay(sampleOrder())
    }
    #expect(
      gateway.charges.isEmpty,
      "OrderPayment charged a card its FraudCheck flagged as suspicious: ask the fraud check before charging.")
  }
}

// MARK: - OrderDispatch: the warehouse, the courier and the mailer

@Suite("Step 2: OrderDispatch sends the parcel") struct OrderDispatchTests {
  let warehouse = WarehouseSpy()
  let courier = CourierSpy()
  let mailer = MailerSpy()

  var dispatch: OrderDispatch {
    OrderDispatch(warehouse: warehouse, courier: courier, mailer: mailer)
  }

  @Test func packsTheItemsInTheInjectedWarehouse() {
    _ = dispatch.ship(sampleOrder())
    #expect(
      warehouse.packed == [["mug", "tee"]],
      "OrderDispatch ignored the injected warehouse: it packed \(warehouse.packed.count) parcels. Keep the warehouse from init and move the packing from LegacyOrderService.place(_:) into OrderDispatch.ship(_:).")
  }

  @Test func booksTheCourierForThatParcel() {
    let tracking = dispatch.ship(sampleOrder())
    #expect(
      courier.pickups == [CourierSpy.Pickup(parcel: "parcel-A-1001", address: "1 Loop Road, Leeds")],
      "OrderDispatch booked \(courier.pickups.count) pickups with the injected courier; it should book one, for the parcel the warehouse packed, to the order's address.")
    #expect(tracking == "TRK-77", "ship(_:) should return the courier's tracking number \"TRK-77\", not \"\(tracking)\".")
  }

  @Test func everyShipmentDoesTheWholeJob() {
    let shared = dispatch
    _ = shared.ship(sampleOrder())
    _ = shared.ship(sampleOrder())
    #expect(
      warehouse.packed.count == 2 && courier.pickups.count == 2 && mailer.sent.count == 2,
      "ship(_:) was called twice with the same order (a lost parcel, sent again), and OrderDispatch packed \(warehouse.packed.count), booked \(courier.pickups.count) and emailed \(mailer.sent.count) times; each call should pack, book and email once. OrderDispatch keeps nothing between calls: no memory of orders already shipped.")
  }

  @Test func emailsTheTrackingNumberToTheCustomer() {
    _ = dispatch.ship(sampleOrder())
    #expect(
      mailer.sent == [
        MailerSpy.Mail(body: "Order A-1001 is on its way. Tracking: TRK-77", address: "ada@example.com")
      ],
      "OrderDispatch sent \(mailer.sent.count) emails through the injected mailer; it should send one, to the customer, with the tracking number, worded as in LegacyOrderService.place(_:).")
  }
}

// MARK: - OrderService: the payment, the dispatch and the bookkeeping

/// Stands in for a whole OrderPayment: records each order it is asked to pay for, and answers
/// with the receipt (or the error) the test chose.
final class PaymentSpy: OrderPaying {
  let outcome: Result<String, OrderError>
  private(set) var paidFor: [Order] = []

  init(outcome: Result<String, OrderError>) {
    self.outcome = outcome
  }

  func pay(_ order: Order) throws -> String {
    paidFor.append(order)
    return try outcome.get()
  }
}

/// Stands in for a whole OrderDispatch: records each order it ships; the tracking number is
/// always TRK-5.
final class DispatchSpy: OrderDispatching {
  private(set) var shipped: [Order] = []

  func ship(_ order: Order) -> String {
    shipped.append(order)
    return "TRK-5"
  }
}

final class AnalyticsSpy: Analytics {
  private(set) var events: [String] = []

  func track(_ event: String) {
    events.append(event)
  }
}

struct FixedClock: OrderClock {
  let now: Date
}

/// A clock the test moves by hand; it counts how often it is read.
final class ManualClock: OrderClock {
  var time: Date
  private(set) var reads = 0

  init(_ time: Date) {
    self.time = time
  }

  var now: Date {
    reads += 1
    return time
  }
}

@Suite("Step 3: OrderService uses both") struct OrderServiceTests {
  let dispatch = DispatchSpy()
  let analytics = AnalyticsSpy()
  let placedAt = Date(timeIntervalSince1970: 1_700_000_000)

  func service(payment: PaymentSpy) -> OrderService {
    OrderService(payment: payment, dispatch: dispatch, analytics: analytics, clock: FixedClock(now: placedAt))
  }

  @Test func takesThePaymentThroughTheInjectedPayment() throws {
    let payment = PaymentSpy(outcome: .success("rcpt-9"))
    let confirmation = try service(payment: payment).place(sampleOrder())
    #expect(
      payment.paidFor == [sampleOrder()],
      "OrderService.place(_:) asked the injected payment \(payment.paidFor.count) times; it should hand it the order once. Taking the payment is OrderPayment's job now: call `try payment.pay(order)`.")
    #expect(
      confirmation.receipt == "rcpt-9",
      "The confirmation's receipt should be the one the injected payment returned, \"rcpt-9\", not \"\(confirmation.receipt)\".")
  }

  @Test func shipsThroughTheInjectedDispatch() throws {
    let confirmation = try service(payment: PaymentSpy(outcome: .success("rcpt-9"))).place(sampleOrder())
    #expect(
      dispatch.shipped == [sampleOrder()],
      "OrderService.place(_:) asked the injected dispatch to ship \(dispatch.shipped.count) orders; it should ship this one, once. Packing, booking the courier and the email are OrderDispatch's job now: call `dispatch.ship(order)`.")
    #expect(
      confirmation.tracking == "TRK-5",
      "The confirmation's tracking number should be the one the injected dispatch returned, \"TRK-5\", not \"\(confirmation.tracking)\".")
  }

  @Test func aRefusedPaymentShipsNothing() {
    let payment = PaymentSpy(outcome: .failure(.suspiciousPayment))
    #expect(
      throws: OrderError.suspiciousPayment,
      "The injected payment threw OrderError.suspiciousPayment, so place(_:) should throw it too: `try payment.pay(order)` passes it on."
    ) {
      try service(payment: payment).place(sampleOrder())
    }
    #expect(
      dispatch.shipped.isEmpty && analytics.events.isEmpty,
      "The payment was refused, yet place(_:) carried on as if the order was placed: it shipped \(dispatch.shipped.count) orders and tracked \(analytics.events). Take the payment first, and ship only once it succeeded.")
  }

  @Test func stampsTheTimeTheOrderIsPlaced() throws {
    let clock = ManualClock(placedAt)
    let service = OrderService(
      payment: PaymentSpy(outcome: .success("rcpt-9")), dispatch: dispatch, analytics: analytics, clock: clock)
    #expect(
      clock.reads == 0,
      "Creating an OrderService already read the injected clock (\(clock.reads) times). An init only stores its dependencies; read clock.now when an order is placed.")
    let later = placedAt.addingTimeInterval(3_600)
    clock.time = later
    let confirmation = try service.place(sampleOrder())
    #expect(
      confirmation.placedAt == later,
      "The order was placed an hour after the OrderService was created, so the confirmation should carry that time, \(later); it carries \(confirmation.placedAt). Keep the clock and read clock.now in place(_:): a service lives as long as the app.")
  }

  @Test func keepsTheBookkeeping() throws {
    let confirmation = try service(payment: PaymentSpy(outcome: .success("rcpt-9"))).place(sampleOrder())
    #expect(
      confirmation == Confirmation(receipt: "rcpt-9", tracking: "TRK-5", placedAt: placedAt),
      "The confirmation should carry the payment's receipt, the dispatch's tracking number and the injected clock's time; it is \(confirmation).")
    #expect(
      analytics.events == ["order_placed"],
      "A placed order is tracked once, as `order_placed`, by OrderService itself; the analytics saw \(analytics.events).")
  }
}
