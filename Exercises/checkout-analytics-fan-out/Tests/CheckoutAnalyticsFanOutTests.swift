import Testing

@testable import CheckoutAnalyticsFanOut

@Suite struct CheckoutAnalyticsFanOutTests {
  @Test func everyEventReachesEveryBackendInOrderOnce() {
    let log = EventLog()
    let reports = ReportSpy()
    let all = AllAnalytics(
      backends: [BackendSpy("product", log: log), BackendSpy("marketing", log: log), BackendSpy("ads", log: log)],
      report: reports.report)
    all.track("checkout_started 2")
    #expect(log.lines == ["product <- checkout_started 2", "marketing <- checkout_started 2", "ads <- checkout_started 2"],
            "AllAnalytics must pass each event to every backend, once each, in the order the root gave: got \(log.lines)")
    #expect(reports.errors.isEmpty && reports.others == 0, "nothing failed, yet something was reported")
  }

  @Test func aFailingBackendDoesNotSilenceTheOthers() {
    let log = EventLog()
    let reports = ReportSpy()
    let all = AllAnalytics(
      backends: [BackendSpy("product", log: log), BackendSpy("marketing", log: log, failing: true), BackendSpy("ads", log: log)],
      report: reports.report)
    all.track("checkout_paid 4200")
    all.track("checkout_paid 100")
    #expect(log.lines.filter { $0.hasPrefix("ads") } == ["ads <- checkout_paid 4200", "ads <- checkout_paid 100"],
            "the backend after a failing one must still get every event: catch per backend, not around the loop")
    #expect(log.lines.filter { $0.hasPrefix("marketing") }.count == 2, "the failing backend is asked once per event, not retried")
    #expect(reports.errors == [BackendDown(name: "marketing"), BackendDown(name: "marketing")],
            "each failure must be reported exactly once, with its error: got \(reports.errors)")
  }

  @Test func noBackendsIsANullObject() {
    let reports = ReportSpy()
    AllAnalytics(backends: [], report: reports.report).track("checkout_started 1")
    #expect(reports.errors.isEmpty && reports.others == 0)
  }

  @Test func theTrackerSendsThroughTheInjectedAnalytics() {
    let log = EventLog()
    let tracker = CheckoutTracker(analytics: BackendSpy("spy", log: log))
    tracker.started(items: 3)
    tracker.paid(cents: 4_200)
    #expect(log.lines == ["spy <- checkout_started 3", "spy <- checkout_paid 4200"],
            "CheckoutTracker must send each event once, to the analytics it was given, not to backends it builds: got \(log.lines)")
  }
}
