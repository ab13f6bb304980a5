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
    if fraudCheck.isSuspicious(card: order.card, cents: 0) {
      throw OrderError.suspiciousPayment
    }
    return try gateway.charge(cents: order.totalCents, card: order.card)
  }
}
struct OrderDispatch: OrderDispatching {
  let warehouse: any Warehouse
  let courier: any Courier
  let mailer: any Mailer
  func ship(_ order: Order) -> String {
    let parcel = warehouse.pack(order.items, for: order.id)
    let tracking = courier.bookPickup(parcel: parcel, to: order.address)
    mailer.send("Order \(order.id) is on its way. Tracking: \(tracking)", to: order.customerEmail)
    return tracking
  }
}

