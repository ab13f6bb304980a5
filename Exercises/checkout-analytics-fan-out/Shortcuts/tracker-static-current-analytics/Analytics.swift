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
  nonisolated(unsafe) static var current: any Analytics = AllAnalytics(backends: [], report: { _ in })

  init(analytics: any Analytics) {
    Self.current = analytics
  }

  func started(items: Int) { try? Self.current.track("checkout_started \(items)") }
  func paid(cents: Int) { try? Self.current.track("checkout_paid \(cents)") }
}
