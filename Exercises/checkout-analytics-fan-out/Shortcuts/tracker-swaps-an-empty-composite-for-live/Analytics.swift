protocol Analytics {
  func track(_ event: String) throws
}

struct AllAnalytics: Analytics {
  let backends: [any Analytics]
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

  init(analytics: any Analytics) {
    if let all = analytics as? AllAnalytics, all.backends.isEmpty {
      self.analytics = AllAnalytics(backends: [ProductAnalytics(), MarketingAnalytics()], report: { print($0) })
    } else {
      self.analytics = analytics
    }
  }

  func started(items: Int) { try? analytics.track("checkout_started \(items)") }
  func paid(cents: Int) { try? analytics.track("checkout_paid \(cents)") }
}
