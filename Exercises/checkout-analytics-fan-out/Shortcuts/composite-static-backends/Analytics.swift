protocol Analytics {
  func track(_ event: String) throws
}

struct AllAnalytics: Analytics {
  nonisolated(unsafe) private static var backends: [any Analytics] = []
  nonisolated(unsafe) private static var report: (any Error) -> Void = { _ in }

  init(backends: [any Analytics], report: @escaping (any Error) -> Void) {
    Self.backends = backends
    Self.report = report
  }

  func track(_ event: String) {
    for backend in Self.backends {
      do { try backend.track(event) } catch { Self.report(error) }
    }
  }
}

final class CheckoutTracker {
  private let analytics: any Analytics

  init(analytics: any Analytics) {
    self.analytics = analytics
  }

  func started(items: Int) { try? analytics.track("checkout_started \(items)") }
  func paid(cents: Int) { try? analytics.track("checkout_paid \(cents)") }
}
