import Foundation

enum Shipping: String, CaseIterable {
  case standard, express
}

enum ListVisibility {
  case personal, shared
}

struct RetryPolicy: Sendable {
  var attempts: Int
  var delay: Duration
  static let `default` = RetryPolicy(attempts: 3, delay: .seconds(1))
}

struct Quote {
  let shipping: Shipping
  let visibility: ListVisibility

  func price(cents: Int) -> Int {
    switch shipping {
    case Shipping.standard: return cents + 499
    case Shipping.express: return cents + 999
    }
  }

  var isPublic: Bool { visibility == ListVisibility.shared }

  func retries() -> RetryPolicy { RetryPolicy.default }
}
