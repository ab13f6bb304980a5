/// Receives the events users cause.
protocol Analytics {
  func track(_ event: String) throws
}

/// The product team's backend.
struct ProductAnalytics: Analytics {
  func track(_ event: String) throws {
    print("LIVE: POST https://product.example/events \(event)")
  }
}

/// The marketing team's backend.
struct MarketingAnalytics: Analytics {
  func track(_ event: String) throws {
    print("LIVE: POST https://marketing.example/collect \(event)")
  }
}

/// The checkout screen's events.
final class CheckoutTracker {
  private let product = ProductAnalytics()
  private let marketing = MarketingAnalytics()

  func started(items: Int) {
    try? product.track("checkout_started \(items)")
    try? marketing.track("checkout_started \(items)")
  }

  func paid(cents: Int) {
    try? product.track("checkout_paid \(cents)")
    try? marketing.track("checkout_paid \(cents)")
  }
}
