protocol Analytics {
  func track(_ event: String) throws
}

struct AllAnalytics: Analytics {
  private let backends: [any Analytics]
  private let report: (any Error) -> Void

  init(backends: [any Analytics], report: @escaping (any Error) -> Void) {
    var seen: Set<ObjectIdentifier> = []
    self.backends = backends.filter { b in
      guard type(of: b) is AnyClass else { return true }
      return seen.insert(ObjectIdentifier(b as AnyObject)).inserted
    }
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
    self.analytics = analytics
  }

  func started(items: Int) { try? analytics.track("checkout_started \(items)") }
  func paid(cents: Int) { try? analytics.track("checkout_paid \(cents)") }
}
