import Foundation

// The types and protocols OrderService works with. You do not need to change this file.

struct Order: Equatable {
  let id: String
  let customerEmail: String
  let card: String
  let totalCents: Int
  let items: [String]
  let address: String
}

/// What `OrderService.place(_:)` hands back.
struct Confirmation: Equatable {
  let receipt: String
  let tracking: String
  let placedAt: Date
}

enum OrderError: Error, Equatable {
  case suspiciousPayment
}

/// Charges a card and returns the receipt number.
protocol PaymentGateway {
  func charge(cents: Int, card: String) throws -> String
}

/// Says whether a payment looks fraudulent.
protocol FraudCheck {
  func isSuspicious(card: String, cents: Int) -> Bool
}

/// Packs the items of an order and returns the parcel's label.
protocol Warehouse {
  func pack(_ items: [String], for orderID: String) -> String
}

/// Books a pickup for a parcel and returns the tracking number.
protocol Courier {
  func bookPickup(parcel: String, to address: String) -> String
}

protocol Mailer {
  func send(_ body: String, to address: String)
}

protocol Analytics {
  func track(_ event: String)
}

protocol OrderClock {
  var now: Date { get }
}

/// Takes the payment for an order and returns the receipt. `OrderPayment` is the real one; the
/// tests of `OrderService` use a stand-in, so they need no gateway and no fraud check.
protocol OrderPaying {
  func pay(_ order: Order) throws -> String
}

/// Ships an order and returns the tracking number. `OrderDispatch` is the real one; the tests
/// of `OrderService` use a stand-in, so they need no warehouse, courier or mailer.
protocol OrderDispatching {
  func ship(_ order: Order) -> String
}
