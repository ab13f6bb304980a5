import Foundation

/// Places an order: takes the payment, ships the parcel, keeps the books.
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
    let tracking = dispatch.ship(order)
    let receipt = try payment.pay(order)
    analytics.track("order_placed")
    return Confirmation(receipt: receipt, tracking: tracking, placedAt: clock.now)
  }
}

/// Takes the payment for an order: the fraud check, then the charge.
struct OrderPayment: OrderPaying {
  let gateway: any PaymentGateway
  let fraudCheck: any FraudCheck

  /// Returns the gateway's receipt, or throws `OrderError.suspiciousPayment`.
  func pay(_ order: Order) throws -> String {
    if fraudCheck.isSuspicious(card: order.card, cents: order.totalCents) {
      throw OrderError.suspiciousPayment
    }
    return try gateway.charge(cents: order.totalCents, card: order.card)
  }
}

/// Ships an order: packs it, books the courier, emails the tracking number.
struct OrderDispatch: OrderDispatching {
  let warehouse: any Warehouse
  let courier: any Courier
  let mailer: any Mailer

  /// Returns the courier's tracking number.
  func ship(_ order: Order) -> String {
    let parcel = warehouse.pack(order.items, for: order.id)
    let tracking = courier.bookPickup(parcel: parcel, to: order.address)
    mailer.send("Order \(order.id) is on its way. Tracking: \(tracking)", to: order.customerEmail)
    return tracking
  }
}
