/// Receives the events users cause.
protocol Analytics {
  func track(_ event: String) throws
}

/// Sends every event to every backend, in order. A backend's failure is reported, once, and
/// does not keep the event from the backends after it.
struct AllAnalytics: Analytics {
  let backends: [any Analytics]
  let report: (any Error) -> Void

  func track(_ event: String) {
    for backend in backends {
      do {
        try backend.track(event)
      } catch {
        report(error)
      }
    }
  }
}

/// The checkout screen's events, sent to the analytics the root chose.
final class CheckoutTracker {
  private let analytics: any Analytics

  init(analytics: any Analytics) {
    self.analytics = analytics
  }

  func started(items: Int) {
    try? analytics.track("checkout_started \(items)")
    try? analytics.track("checkout_started \(items)")
  }

  func paid(cents: Int) {
    try? analytics.track("checkout_paid \(cents)")
  }
}
