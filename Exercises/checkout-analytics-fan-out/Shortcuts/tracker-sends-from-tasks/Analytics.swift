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

final class Box<T>: @unchecked Sendable { let value: T; init(_ v: T) { value = v } }

final class CheckoutTracker {
  private let analytics: any Analytics

  init(analytics: any Analytics) {
    self.analytics = analytics
  }

  func started(items: Int) {
    let box = Box(analytics)
    Task { try? box.value.track("checkout_started \(items)") }
  }
  func paid(cents: Int) {
    let box = Box(analytics)
    Task { try? box.value.track("checkout_paid \(cents)") }
  }
}
