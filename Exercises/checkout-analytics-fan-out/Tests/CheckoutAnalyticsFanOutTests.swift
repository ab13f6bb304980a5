import Testing

@testable import CheckoutAnalyticsFanOut

@Suite struct CheckoutAnalyticsFanOutTests {
  // MARK: - AllAnalytics, the composite

  @Test func everyEventReachesEveryBackendInOrderOnce() throws {
    let log = EventLog()
    let reports = ReportSpy()
    let all = AllAnalytics(
      backends: [BackendSpy("product", log: log), BackendSpy("marketing", log: log), BackendSpy("ads", log: log)],
      report: reports.report)
    all.track("checkout_started 2")
    try requireSentInside("track", log)
    let lines = log.lines
    #expect(
      lines == ["product <- checkout_started 2", "marketing <- checkout_started 2", "ads <- checkout_started 2"],
      "AllAnalytics must pass each event to every backend, once each, in the order the root gave: got \(lines)")
    #expect(reports.errors.isEmpty && reports.others == 0, "nothing failed, yet something was reported")
  }

  @Test func aFailingBackendDoesNotSilenceTheOthers() throws {
    let log = EventLog()
    let reports = ReportSpy()
    let all = AllAnalytics(
      backends: [BackendSpy("product", log: log), BackendSpy("marketing", log: log, failing: true), BackendSpy("ads", log: log)],
      report: reports.report)
    all.track("checkout_paid 4200")
    all.track("checkout_paid 100")
    try requireSentInside("track", log)
    let lines = log.lines
    let errors = reports.errors
    #expect(
      lines.filter { $0.hasPrefix("ads") } == ["ads <- checkout_paid 4200", "ads <- checkout_paid 100"],
      "the backend after a failing one must still get every event: catch per backend, not around the loop. The backends heard \(lines)")
    #expect(
      lines.filter { $0.hasPrefix("marketing") }.count == 2,
      "the failing backend is asked once per event, not retried: the backends heard \(lines)")
    #expect(
      errors == [BackendDown(name: "marketing"), BackendDown(name: "marketing")],
      "marketing failed on both events, so report must get its own error once per event, no more, no less: report got \(errors)")
  }

  @Test func everyFailureInOneEventIsReported() throws {
    let log = EventLog()
    let reports = ReportSpy()
    let all = AllAnalytics(
      backends: [BackendSpy("product", log: log, failing: true), BackendSpy("marketing", log: log), BackendSpy("ads", log: log, failing: true)],
      report: reports.report)
    all.track("checkout_started 2")
    try requireSentInside("track", log)
    let lines = log.lines
    let errors = reports.errors
    #expect(
      errors == [BackendDown(name: "product"), BackendDown(name: "ads")],
      "\(neverAsked("ads", lines) ?? "product and ads both failed on the same event, so report must hear of each, once, in the backends' order: it got \(errors). Every failing backend is reported, not only the first one of an event")")
  }

  @Test func aFailureIsReportedBeforeTheNextBackendHearsTheEvent() throws {
    let log = EventLog()
    let reports = ReportSpy(log: log)
    let all = AllAnalytics(
      backends: [BackendSpy("product", log: log), BackendSpy("marketing", log: log, failing: true), BackendSpy("ads", log: log)],
      report: reports.report)
    all.track("checkout_started 2")
    try requireSentInside("track", log)
    let lines = log.lines
    #expect(
      lines == ["product <- checkout_started 2", "marketing <- checkout_started 2", "report: marketing down", "ads <- checkout_started 2"],
      "\(neverAsked("ads", lines) ?? "a failing backend's error must reach report at once, before the next backend hears the event: the log (backends and report) reads \(lines). Call report in the catch, not after the loop")")
  }

  @Test func aBackendListedTwiceHearsEachEventTwice() throws {
    let log = EventLog()
    let spy = BackendSpy("product", log: log)
    let all = AllAnalytics(backends: [spy, spy], report: ReportSpy().report)
    all.track("checkout_started 2")
    try requireSentInside("track", log)
    let lines = log.lines
    #expect(
      lines == ["product <- checkout_started 2", "product <- checkout_started 2"],
      "the root listed the same backend twice, so it hears each event twice: got \(lines). The composite sends to every entry of its array, as given; it does not second-guess the root's list")
  }

  @Test func anEmptyEventIsPassedOnToo() throws {
    let log = EventLog()
    let all = AllAnalytics(backends: [BackendSpy("product", log: log), BackendSpy("ads", log: log)], report: ReportSpy().report)
    all.track("checkout_started 1")
    try requireSentInside("track", log)
    all.track("")
    let lines = log.lines
    #expect(
      lines == ["product <- checkout_started 1", "ads <- checkout_started 1", "product <- ", "ads <- "],
      "AllAnalytics must pass every event on as it is, even an empty one: after checkout_started 1 and \"\", the backends heard \(lines). Judging events is not a composite's job; it only fans them out")
  }

  @Test func noBackendsIsANullObject() {
    let reports = ReportSpy()
    AllAnalytics(backends: [], report: reports.report).track("checkout_started 1")
    let errors = reports.errors
    let others = reports.others
    #expect(
      errors.isEmpty && others == 0,
      "with no backends, AllAnalytics is a null object: track does nothing, and there is nothing to report, yet report was called \(errors.count + others) time(s). No backends is the root's choice (a school build), not an error")
  }

  @Test func eachCompositeKeepsItsOwnBackendsAndReport() throws {
    let log = EventLog()
    let firstReports = ReportSpy(log: log)
    let secondReports = ReportSpy(log: log)
    let first = AllAnalytics(backends: [BackendSpy("product", log: log, failing: true)], report: firstReports.report)
    let second = AllAnalytics(backends: [BackendSpy("ads", log: log, failing: true)], report: secondReports.report)
    first.track("checkout_started 1")
    try requireSentInside("track", log)
    second.track("checkout_paid 200")
    let lines = log.lines
    let firstErrors = firstReports.errors
    let secondErrors = secondReports.errors
    #expect(
      lines == ["product <- checkout_started 1", "report: product down", "ads <- checkout_paid 200", "report: ads down"]
        && firstErrors == [BackendDown(name: "product")] && secondErrors == [BackendDown(name: "ads")],
      "two composites were built, then each tracked one event: each must send to its own backends and report to its own report. The log reads \(lines); the first report got \(firstErrors), the second \(secondErrors). Keep what init was given in the composite's own properties (let backends, let report), not in statics, where the last composite built wins for all of them")
  }

  // MARK: - CheckoutTracker

  @Test func theTrackerSendsThroughTheInjectedAnalytics() throws {
    let log = EventLog()
    let tracker = CheckoutTracker(analytics: BackendSpy("spy", log: log))
    tracker.started(items: 3)
    try requireSentInside("started(items: 3)", log)
    tracker.paid(cents: 4_200)
    let lines = log.lines
    #expect(
      lines == ["spy <- checkout_started 3", "spy <- checkout_paid 4200"],
      "CheckoutTracker must send each event once, to the analytics it was given, not to backends it builds: got \(lines)")
  }

  @Test func eachCallIsSentAtOnceEveryTime() throws {
    let log = EventLog()
    let tracker = CheckoutTracker(analytics: BackendSpy("spy", log: log))
    tracker.started(items: 2)
    try requireSentInside("started(items: 2)", log)
    tracker.started(items: 2)
    let afterRestart = log.lines
    #expect(
      afterRestart == ["spy <- checkout_started 2", "spy <- checkout_started 2"],
      "the user started checkout a second time, so the analytics must hear checkout_started 2 a second time: it heard \(afterRestart). The tracker sends every call's event and remembers nothing between calls")
    tracker.paid(cents: 4_200)
    let afterPaid = log.lines
    #expect(
      afterPaid == ["spy <- checkout_started 2", "spy <- checkout_started 2", "spy <- checkout_paid 4200"],
      "paid(cents: 4200) has returned, so the analytics must have heard checkout_paid 4200, once, after the two starts: it heard \(afterPaid)")
  }

  @Test func zeroIsAnEventToo() throws {
    let log = EventLog()
    let tracker = CheckoutTracker(analytics: BackendSpy("spy", log: log))
    tracker.started(items: 1)
    try requireSentInside("started(items: 1)", log)
    tracker.started(items: 0)
    let afterStarted = log.lines
    #expect(
      afterStarted == ["spy <- checkout_started 1", "spy <- checkout_started 0"],
      "started(items: 0) happened, so the analytics must hear checkout_started 0: it heard \(afterStarted). The tracker reports what happened, zero included; what counts is for the backends to decide")
    tracker.paid(cents: 0)
    let afterPaid = log.lines
    #expect(
      afterPaid == ["spy <- checkout_started 1", "spy <- checkout_started 0", "spy <- checkout_paid 0"],
      "paid(cents: 0) happened (a free order), so the analytics must hear checkout_paid 0: it heard \(afterPaid)")
  }

  @Test func eachTrackerUsesItsOwnAnalytics() throws {
    let log = EventLog()
    let first = CheckoutTracker(analytics: BackendSpy("first", log: log))
    let second = CheckoutTracker(analytics: BackendSpy("second", log: log))
    first.started(items: 1)
    try requireSentInside("started(items: 1)", log)
    second.paid(cents: 200)
    let lines = log.lines
    #expect(
      lines == ["first <- checkout_started 1", "second <- checkout_paid 200"],
      "two trackers were built, then each sent one event: each must send through the analytics given to its own init, but the analytics heard \(lines). A tracker that keeps its analytics in a static (a 'current' analytics) is an Ambient Context: the last tracker built wins for all of them. Keep it in an instance let")
  }

  @Test func theTrackerKeepsOnlyTheAnalyticsItIsGiven() {
    let spy = BackendSpy("spy", log: EventLog())
    let tracker = CheckoutTracker(analytics: spy)
    let stored = Mirror(reflecting: tracker).children.map { (name: propertyName($0.label), value: $0.value) }
    let others = stored.filter { ($0.value as? BackendSpy) !== spy }.map(\.name)
    let live = liveBackends(in: tracker)
    if stored.isEmpty {
      Issue.record(
        "CheckoutTracker stores nothing of its own, so it cannot be sending through the analytics it was given: keep that analytics in an instance property (private let analytics), so that each tracker has its own. A static is shared by every tracker")
      return
    }
    #expect(
      stored.contains { ($0.value as? BackendSpy) === spy },
      "CheckoutTracker must keep the very analytics it was given, so that the root decides what it talks to, but it stores \(stored.map(\.name)) and none of them is that analytics itself: store it as given, not wrapped or copied")
    if !live.isEmpty {
      Issue.record(
        "CheckoutTracker also stores \(others), holding \(live): that is the tracker building its own collaborators again (a Control Freak). Delete those properties; the root passes every backend in through init(analytics:)")
    } else {
      #expect(
        others.isEmpty,
        "CheckoutTracker must store the analytics it was given and nothing else, but it also stores \(others). Anything else it keeps is a collaborator it builds itself (a Control Freak, even as a lazy var that no call reaches) or a memory between calls (sent once, held back, batched): delete it; the tracker passes each call's event on, and that is all")
    }
  }

  @Test func anEmptyCompositeMakesTheTrackerSendNothing() {
    let reports = ReportSpy()
    let tracker = CheckoutTracker(analytics: AllAnalytics(backends: [], report: reports.report))
    tracker.started(items: 1)
    tracker.paid(cents: 100)
    let live = liveBackends(in: tracker)
    let errors = reports.errors
    #expect(
      live.isEmpty,
      "the root gave the tracker an empty composite (a school build, with no analytics), and the tracker holds \(live) instead: an empty composite is a null object, the root's choice, not a sign that nothing was configured. Keep what you were given")
    #expect(errors.isEmpty && reports.others == 0, "an empty composite has nothing to send and nothing to report, yet report was called \(errors.count + reports.others) time(s)")
  }

  // MARK: - LiveAnalytics.swift, as shipped

  @Test func theLiveBackendsStillRaiseTheAlarm() {
    let issues = LiveIssues()
    withKnownIssue(isIntermittent: true) {
      try? ProductAnalytics().track("checkout_started 1")
      try? MarketingAnalytics().track("checkout_started 1")
    } matching: { issue in
      issues.note(issue)
      return true
    }
    let product = issues["ProductAnalytics"]
    let marketing = issues["MarketingAnalytics"]
    #expect(
      product == 2 && marketing == 2,
      "LiveAnalytics.swift must record an issue each time a test builds or uses a live backend, but building and using each once recorded \(product) for ProductAnalytics and \(marketing) for MarketingAnalytics (2 each expected). That alarm is how this exercise shows a test reaching a live server: put LiveAnalytics.swift back as shipped (copy Starter/LiveAnalytics.swift over it)")
  }
}
