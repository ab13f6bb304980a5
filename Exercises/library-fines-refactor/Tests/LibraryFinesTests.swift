import Foundation
import Testing

@testable import LibraryFinesRefactor

@Suite("Step 1: FineCalculator keeps what it did, and takes its clock") struct Step1 {
  // Characterisation tests: what the calculator did before the refactoring, on the real clock.
  // They pass on the code as shipped, and must stay green through every step.

  @Test func pinned_twentyCentsPerFullDay() {
    let calculator = FineCalculator()
    let late = loan("ana@example.com", "Dune", dueSecondsAgo: 3 * day + 3_600, from: Date())
    #expect(calculator.fine(for: late) == 60, "pinned behaviour changed: 3 days and an hour late was 60 cents (20 per full day)")
    #expect(
      calculator.notice(for: late) == "\"Dune\" is 3 days late. Your fine: 60 cents.",
      "pinned behaviour changed: the notice text was exactly \"\\\"Dune\\\" is 3 days late. Your fine: 60 cents.\"; a refactoring keeps every character")
  }

  @Test func pinned_partDaysAreFree() {
    let calculator = FineCalculator()
    let late = loan("ana@example.com", "Dune", dueSecondsAgo: day - 600, from: Date())
    #expect(calculator.fine(for: late) == 0, "pinned behaviour changed: less than a full day late was free (whole 24-hour periods, not calendar days)")
    #expect(calculator.notice(for: late) == nil, "pinned behaviour changed: no fine, no notice")
    let early = loan("ana@example.com", "Dune", dueSecondsAgo: -day, from: Date())
    #expect(calculator.fine(for: early) == 0 && calculator.notice(for: early) == nil, "pinned behaviour changed: a loan not yet due costs nothing")
  }

  @Test func pinned_theFineStopsAtFiveHundred() {
    let calculator = FineCalculator()
    let late = loan("bo@example.com", "Emma", dueSecondsAgo: 40 * day + 60, from: Date())
    #expect(calculator.fine(for: late) == 500, "pinned behaviour changed: the fine was capped at 500 cents")
    #expect(
      calculator.notice(for: late) == "\"Emma\" is 40 days late. Your fine: 500 cents.",
      "pinned behaviour changed: past the cap the notice still counted the days")
  }

  // The seam: a clock the tests choose.

  @Test func theInjectedClockDecides() {
    let calculator = FineCalculator(now: { tuesday })
    let cases: [(TimeInterval, Int)] = [
      (day - 1, 0), (day, 20), (2 * day - 1, 20), (2 * day, 40), (25 * day, 500), (300 * day, 500), (-60, 0),
    ]
    for (secondsLate, expected) in cases {
      let fine = calculator.fine(for: loan("ana@example.com", "Dune", dueSecondsAgo: secondsLate))
      #expect(
        fine == expected,
        "with the clock pinned at Tuesday 10:00, a loan due \(secondsLate) seconds earlier has a fine of \(expected) cents, got \(fine): the calculator must read the time from the `now` it was given, not Date()")
    }
  }

  @Test func theNoticeReadsTheInjectedClockToo() {
    let calculator = FineCalculator(now: { tuesday })
    let text = calculator.notice(for: loan("ana@example.com", "Dune", dueSecondsAgo: 2 * day + 60))
    #expect(
      text == "\"Dune\" is 2 days late. Your fine: 40 cents.",
      "notice(for:) must take the days and the fine from the injected clock, like fine(for:); got \(String(describing: text))")
  }

  @Test func theClockIsReadAtEveryCall() {
    let clock = ManualClock(tuesday)
    let calculator = FineCalculator(now: { clock.now })
    let late = loan("ana@example.com", "Dune", dueSecondsAgo: day + 60)
    let first = calculator.fine(for: late)
    clock.advance(days: 2)
    let later = calculator.fine(for: late)
    #expect(first == 20 && later == 60, "the clock moved two days on, and the fine went from \(first) to \(later) cents (expected 20, then 60): read `now()` at every call, never once in init")
    #expect(
      calculator.notice(for: late) == "\"Dune\" is 3 days late. Your fine: 60 cents.",
      "the notice, too, must read the clock when it is asked")
  }
}

@Suite("Step 2: OverdueNotices works with the store, mailer and calculator it is given") struct Step2 {
  let mailer = MailSpy()

  func notices(_ store: StubStore, now: Date = tuesday) -> OverdueNotices {
    OverdueNotices(store: store, mailer: mailer, calculator: FineCalculator(now: { now }))
  }

  @Test func mailsEveryFinedLoanInTheStoresOrder() {
    let store = StubStore([
      loan("zoe@example.com", "Ulysses", dueSecondsAgo: 5 * day + 60),
      loan("ana@example.com", "Dune", dueSecondsAgo: 60),
      loan("bo@example.com", "Emma", dueSecondsAgo: 30 * day),
    ])
    let count = notices(store).send()
    let expected = [
      MailSpy.Mail(to: "zoe@example.com", subject: "Overdue: Ulysses", body: "\"Ulysses\" is 5 days late. Your fine: 100 cents."),
      MailSpy.Mail(to: "bo@example.com", subject: "Overdue: Emma", body: "\"Emma\" is 30 days late. Your fine: 500 cents."),
    ]
    #expect(
      mailer.sent == expected,
      "OverdueNotices must send one mail per fined loan, in the store's order, through the Mailing it was given, with the fine from the calculator it was given. The spy got \(mailer.sent.count) mails: \(mailer.sent)")
    #expect(count == 2, "send() returns how many mails it sent: 2, got \(count)")
  }

  @Test func asksTheStoreAtEverySend() {
    let store = StubStore([loan("ana@example.com", "Dune", dueSecondsAgo: 2 * day)])
    let job = notices(store)
    _ = job.send()
    store.loans = [loan("bo@example.com", "Emma", dueSecondsAgo: 3 * day), loan("cy@example.com", "Kim", dueSecondsAgo: 4 * day)]
    let second = job.send()
    #expect(store.asks == 2, "two nights, two sends: the injected store must be asked at each send, it was asked \(store.asks) times")
    #expect(second == 2 && mailer.sent.map(\.to) == ["ana@example.com", "bo@example.com", "cy@example.com"], "the second night mails the loans the store has then; the spy got \(mailer.sent)")
  }

  @Test func nothingFinedNothingSent() {
    let store = StubStore([loan("ana@example.com", "Dune", dueSecondsAgo: day - 1)])
    let count = notices(store).send()
    #expect(count == 0 && mailer.sent.isEmpty, "a loan late by less than a day has no fine, so no mail: got \(mailer.sent)")
    #expect(notices(StubStore([])).send() == 0, "an empty store: nothing to send")
  }

  @Test func theTimeComesFromTheInjectedCalculator() {
    let store = StubStore([loan("ana@example.com", "Dune", dueSecondsAgo: 0)])
    let count = notices(store, now: tuesday.addingTimeInterval(3 * day)).send()
    #expect(
      mailer.sent.map(\.body) == ["\"Dune\" is 3 days late. Your fine: 60 cents."] && count == 1,
      "the calculator handed in says it is three days after the due date, so the notice says 3 days and 60 cents; got \(mailer.sent.map(\.body)). Use the calculator you were given, not a FineCalculator() of your own.")
  }
}

@Suite("Step 3: the root builds everything, and nothing uses the locator") struct Step3 {
  @Test func theRootPassesTheLiveServicesIn() throws {
    let notices = LiveApp.make()
    #expect(holds(notices, a: LiveLoanStore.self), "LiveApp.make() must hand OverdueNotices the LiveLoanStore itself, not register it in the locator for the use case to find")
    #expect(holds(notices, a: Mailer.self), "LiveApp.make() must hand OverdueNotices Mailer.shared: the root is the one place that names the singleton")
    let calculator = try #require(stored(notices, FineCalculator.self), "OverdueNotices holds no FineCalculator")
    let fine = calculator.fine(for: loan("ana@example.com", "Dune", dueSecondsAgo: 2 * day + 600, from: Date()))
    #expect(fine == 40, "the app's calculator must read the real clock (the root passes Date.init): a loan due two days ago has a fine of 40 cents, got \(fine)")
  }

  @Test func theRootsClockKeepsRunning() throws {
    let notices = LiveApp.make()
    let calculator = try #require(stored(notices, FineCalculator.self), "OverdueNotices holds no FineCalculator")
    // Due so that it becomes a full day late two milliseconds after the job was built.
    let dueAt = Date().addingTimeInterval(-day + 0.002)
    while Date() <= dueAt.addingTimeInterval(day) {}
    let fine = calculator.fine(for: Loan(member: "ana@example.com", title: "Dune", due: dueAt))
    #expect(fine == 20, "a loan became a full day late after LiveApp.make() returned, and the app's calculator still says \(fine) cents: its clock stopped when the root was built. Pass the function Date.init, not a Date read at launch")
  }

  @Test func aJobBuiltWithDoublesTouchesNothingElse() {
    let mailer = MailSpy()
    let store = StubStore([loan("ana@example.com", "Dune", dueSecondsAgo: 2 * day)])
    let notices = OverdueNotices(store: store, mailer: mailer, calculator: FineCalculator(now: { tuesday }))
    _ = notices.send()
    _ = notices.send()
    #expect(mailer.sent.count == 2 && store.asks == 2, "two sends, two asks of the injected store and two mails to the spy; got \(store.asks) asks and \(mailer.sent.count) mails")
  }
}
