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
    for backend in backends {
      do { try backend.track(event) } catch { report(error) }
    }
  }
}

final class CheckoutTracker {
  private let analytics: any Analytics
  private var pending: [String] = []

  init(analytics: any Analytics) {
    self.analytics = analytics
  }

  func started(items: Int) { pending.append("checkout_started \(items)") }
  func paid(cents: Int) {
    pending.append("checkout_paid \(cents)")
    for e in pending { try? analytics.track(e) }
    pending = []
  }
}
