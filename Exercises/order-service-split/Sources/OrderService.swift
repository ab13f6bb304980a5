import Foundation

/// Places an order: takes the payment, ships the parcel, keeps the books.
///
/// Halfway through a split. The new `init` already takes four dependencies instead of seven,
/// but nobody has moved the work yet: the old code is still in `LegacyOrderService`, below.
final class OrderService {
  private let payment: any OrderPaying
  private let dispatch: any OrderDispatching
  private let analytics: any Analytics
  private let clock: any OrderClock

  init(
    payment: any OrderPaying, dispatch: any OrderDispatching, analytics: any Analytics,
    clock: any OrderClock
  ) {
    self.payment = payment
    self.dispatch = dispatch
    self.analytics = analytics
    self.clock = clock
  }

  func place(_ order: Order) throws -> Confirmation {
    // Not written yet: no payment is taken and nothing is shipped.
    analytics.track("order_placed")
    return Confirmation(receipt: "", tracking: "", placedAt: clock.now)
  }
}

/// Takes the payment for an order: the fraud check, then the charge.
struct OrderPayment: OrderPaying {
  init(gateway: any PaymentGateway, fraudCheck: any FraudCheck) {
    // Not written yet: nothing is kept.
  }

  /// Returns the gateway's receipt, or throws `OrderError.suspiciousPayment`.
  func pay(_ order: Order) throws -> String {
    ""
  }
}

/// Ships an order: packs it, books the courier, emails the tracking number.
struct OrderDispatch: OrderDispatching {
  init(warehouse: any Warehouse, courier: any Courier, mailer: any Mailer) {
    // Not written yet: nothing is kept.
  }

  /// Returns the courier's tracking number.
  func ship(_ order: Order) -> String {
    ""
  }
}

/// The old `OrderService`, before the split: seven dependencies, because it does two jobs
/// (payment, shipping) plus the bookkeeping. Nothing uses it any more. Move its code into the
/// types above, then delete it.
final class LegacyOrderService {
  private let gateway: any PaymentGateway
  private let fraudCheck: any FraudCheck
  private let warehouse: any Warehouse
  private let courier: any Courier
  private let mailer: any Mailer
  private let analytics: any Analytics
  private let clock: any OrderClock

  init(
    gateway: any PaymentGateway, fraudCheck: any FraudCheck, warehouse: any Warehouse,
    courier: any Courier, mailer: any Mailer, analytics: any Analytics, clock: any OrderClock
  ) {
    self.gateway = gateway
    self.fraudCheck = fraudCheck
    self.warehouse = warehouse
    self.courier = courier
    self.mailer = mailer
    self.analytics = analytics
    self.clock = clock
  }

  func place(_ order: Order) throws -> Confirmation {
    // Taking the payment.
    if fraudCheck.isSuspicious(card: order.card, cents: order.totalCents) {
      throw OrderError.suspiciousPayment
    }
    let receipt = try gateway.charge(cents: order.totalCents, card: order.card)

    // Shipping the parcel and telling the customer.
    let parcel = warehouse.pack(order.items, for: order.id)
    let tracking = courier.bookPickup(parcel: parcel, to: order.address)
    mailer.send("Order \(order.id) is on its way. Tracking: \(tracking)", to: order.customerEmail)

    analytics.track("order_placed")
    return Confirmation(receipt: receipt, tracking: tracking, placedAt: clock.now)
  }
}
