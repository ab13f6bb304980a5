protocol Analytics {
  func track(_ event: String) throws
}

final class Box<T>: @unchecked Sendable { let value: T; init(_ v: T) { value = v } }

struct AllAnalytics: Analytics {
  private let backends: [any Analytics]
  private let report: (any Error) -> Void

  init(backends: [any Analytics], report: @escaping (any Error) -> Void) {
    self.backends = backends
    self.report = report
  }

  func track(_ event: String) {
    for backend in backends {
      let b = Box(backend), r = Box(report)
      Task { do { try b.value.track(event) } catch { r.value(error) } }
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
