// The code under test. It is correct: your tests must pass on it.

import Testing

/// An order that is ready to be paid.
public struct Order: Equatable, Sendable {
  public let id: String
  public let totalCents: Int

  public init(id: String, totalCents: Int) {
    self.id = id
    self.totalCents = totalCents
  }
}

/// What the customer gets once the card is charged.
public struct Receipt: Equatable, Sendable {
  public let orderID: String
  public let amountCents: Int
  public let transactionID: String

  public init(orderID: String, amountCents: Int, transactionID: String) {
    self.orderID = orderID
    self.amountCents = amountCents
    self.transactionID = transactionID
  }
}

/// The card processor. `charge` takes the money and returns the processor's transaction id, or
/// throws when the card is refused.
public protocol PaymentGateway {
  func charge(cents: Int, cardToken: String) throws -> String
}

/// Thrown by a gateway that refuses a card.
public struct PaymentDeclined: Error, Equatable, Sendable {
  public let reason: String

  public init(reason: String) {
    self.reason = reason
  }
}

/// The shop's audit log: one line for every attempt to take a customer's money, and one for
/// how it ended. Support reads it when a customer asks "was I charged?".
public protocol AuditLog {
  func record(_ line: String)
}

/// Takes the payment for an order.
public struct Checkout {
  private let gateway: any PaymentGateway
  private let log: any AuditLog

  public init(gateway: any PaymentGateway, log: any AuditLog) {
    self.gateway = gateway
    self.log = log
  }

  /// Charges the order's total to the card, once, and returns the receipt.
  ///
  /// The attempt is logged *before* the card is charged: if the charge never returns (the app
  /// crashes, the network hangs), the log still shows that money may have moved. The outcome is
  /// logged after. A refused card is logged and its error thrown to the caller: no receipt.
  public func pay(_ order: Order, cardToken: String) throws -> Receipt {
    var lines = ["charging order \(order.id): \(order.totalCents) cents"]
    defer { lines.forEach(log.record) }
    do {
      let transactionID = try gateway.charge(cents: order.totalCents, cardToken: cardToken)
      lines.append("charged order \(order.id): \(transactionID)")
      return Receipt(orderID: order.id, amountCents: order.totalCents, transactionID: transactionID)
    } catch {
      lines.append("charge failed for order \(order.id)")
      throw error
    }
  }
}

/// The real card processor, for the app. Exercises run offline, so it refuses to run, the way a
/// sandboxed CI machine would, and a test that reaches it fails: in the app, that is a customer's
/// card.
public struct LivePaymentGateway: PaymentGateway, Sendable {
  public init() {}

  public struct Offline: Error, CustomStringConvertible {
    public let cardToken: String
    public var description: String {
      "LivePaymentGateway tried to reach the card processor for \(cardToken); tests must not"
    }
  }

  public func charge(cents: Int, cardToken: String) throws -> String {
    Issue.record(
      "This test charged \(cents) cents to \(cardToken) through LivePaymentGateway, the real card processor: in the app that is a customer's card, and no test may reach it, not even to get an error back. Hand Checkout a gateway double that throws the error the test chooses.")
    throw Offline(cardToken: cardToken)
  }
}
