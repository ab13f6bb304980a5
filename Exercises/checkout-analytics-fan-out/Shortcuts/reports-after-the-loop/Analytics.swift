/// Receives the events users cause.
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
    var errors: [any Error] = []
    for backend in backends {
      do { try backend.track(event) } catch { errors.append(error) }
    }
    for error in errors { report(error) }
  }
}

/// The checkout screen's events.
final class CheckoutTracker {
  private let analytics: any Analytics

  init(analytics: any Analytics) {
    self.analytics = analytics
  }

  func started(items: Int) {
    try? analytics.track("checkout_started \(items)")
  }

  func paid(cents: Int) {
    try? analytics.track("checkout_paid \(cents)")
  }
}
