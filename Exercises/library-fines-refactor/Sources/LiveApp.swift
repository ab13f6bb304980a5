/// The app's launch code: what the nightly job runs.
enum LiveApp {
  static func make() -> OverdueNotices {
    ServiceLocator.register(LiveLoanStore(), as: LoanStore.self)
    return OverdueNotices()
  }
}
