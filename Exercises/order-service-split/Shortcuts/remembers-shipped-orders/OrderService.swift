import Foundation

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
    let receipt = try payment.pay(order)
    let tracking = dispatch.ship(order)
    analytics.track("order_placed")
    return Confirmation(receipt: receipt, tracking: tracking, placedAt: clock.now)
  }
}

struct OrderPayment: OrderPaying {
  let gateway: any PaymentGateway
  let fraudCheck: any FraudCheck
  func pay(_ order: Order) throws -> String {
    if fraudCheck.isSuspicious(card: order.card, cents: order.totalCents) {
      throw OrderError.suspiciousPayment
    }
    return try gateway.charge(cents: order.totalCents, card: order.card)
  }
}

final class TrackingMemo { var byOrder: [String: String] = [:] }
struct OrderDispatch: OrderDispatching {
  let warehouse: any Warehouse
  let courier: any Courier
  let mailer: any Mailer
  private let memo = TrackingMemo()
  init(warehouse: any Warehouse, courier: any Courier, mailer: any Mailer) {
    self.warehouse = warehouse
    self.courier = courier
    self.mailer = mailer
  }
  func ship(_ order: Order) -> String {
    if let known = memo.byOrder[order.id] { return known }
    let parcel = warehouse.pack(order.items, for: order.id)
    let tracking = courier.bookPickup(parcel: parcel, to: order.address)
    mailer.send("Order \(order.id) is on its way. Tracking: \(tracking)", to: order.customerEmail)
    memo.byOrder[order.id] = tracking
    return tracking
  }
}
