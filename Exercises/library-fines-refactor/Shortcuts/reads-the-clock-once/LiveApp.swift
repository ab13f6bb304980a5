import Foundation

/// The app's launch code: what the nightly job runs. The only place that names a live service.
enum LiveApp {
  static func make() -> OverdueNotices {
    OverdueNotices(
      store: LiveLoanStore(),
      mailer: Mailer.shared,
      calculator: FineCalculator(now: Date.init))
  }
}
