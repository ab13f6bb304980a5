import Foundation

/// Places an order: takes the payment, ships the parcel, keeps the books.
/// Seven dependencies, because it does two jobs (payment, shipping) plus the bookkeeping.
final class OrderService {
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

/// Takes the payment for an order: the fraud check, then the charge.
struct OrderPayment {
  init(gateway: any PaymentGateway, fraudCheck: any FraudCheck) {
    // Not written yet: nothing is kept.
  }

  /// Returns the gateway's receipt, or throws `OrderError.suspiciousPayment`.
  func pay(_ order: Order) throws -> String {
    ""
  }
}

/// Ships an order: packs it, books the courier, emails the tracking number.
struct OrderDispatch {
  init(warehouse: any Warehouse, courier: any Courier, mailer: any Mailer) {
    // Not written yet: nothing is kept.
  }

  /// Returns the courier's tracking number.
  func ship(_ order: Order) -> String {
    ""
  }
}
