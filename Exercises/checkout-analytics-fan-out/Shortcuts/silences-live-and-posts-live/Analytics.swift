protocol Analytics {
  func track(_ event: String) throws
}

struct AllAnalytics: Analytics {
  private let backends: [any Analytics]
  private let report: (any Error) -> Void

  init(backends: [any Analytics], report: @escaping (any Error) -> Void) {
    self.backends = backends
    self.report = report
  }

  func track(_ event: String) {
    for backend in backends {
      do { try backend.track(event) } catch { report(error) }
    }
  }
}

final class CheckoutTracker {
  private let analytics: any Analytics
  private let product = ProductAnalytics()
  private let marketing = MarketingAnalytics()

  init(analytics: any Analytics) {
    self.analytics = analytics
  }

  func started(items: Int) {
    try? analytics.track("checkout_started \(items)")
    try? product.track("checkout_started \(items)")
    try? marketing.track("checkout_started \(items)")
  }
  func paid(cents: Int) {
    try? analytics.track("checkout_paid \(cents)")
    try? product.track("checkout_paid \(cents)")
    try? marketing.track("checkout_paid \(cents)")
  }
}
