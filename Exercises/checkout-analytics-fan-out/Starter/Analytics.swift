/// Receives the events users cause.
protocol Analytics {
  func track(_ event: String) throws
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
