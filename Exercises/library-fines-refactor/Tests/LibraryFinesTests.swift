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

  @Test func theFineChangesAtTheDayBoundary() {
    let due = tuesday
    let clock = ManualClock(due.addingTimeInterval(day - 1))
    let calculator = FineCalculator(now: { clock.now })
    let late = Loan(member: "ana@example.com", title: "Middlemarch", due: due)
    let before = calculator.fine(for: late)
    clock.advance(seconds: 1)
    let after = calculator.fine(for: late)
    #expect(
      before == 0 && after == 20,
      "one second before the loan is a full day late its fine is 0 cents, one second later 20; this calculator said \(before), then \(after). A fine remembered from an earlier call (in a cache, a static, a box) is stale the moment the clock crosses a day: work it out from `now()` at every call")
    let text = calculator.notice(for: late)
    #expect(
      text == "\"Middlemarch\" is 1 days late. Your fine: 20 cents.",
      "a second after the day boundary the notice says 1 day and 20 cents; got \(String(describing: text))")
  }

  @Test func theNoticeReadsTheClockOnce() {
    let clock = SteppingClock(tuesday)
    let calculator = FineCalculator(now: clock.read)
    let text = calculator.notice(for: loan("ana@example.com", "Dune", dueSecondsAgo: 2 * day + 60))
    #expect(
      clock.reads == 1 && text == "\"Dune\" is 2 days late. Your fine: 40 cents.",
      "this test's clock moves a day on every read. notice(for:) read it \(clock.reads) times and wrote \(text ?? "nil"), where one read gives \"Dune\" is 2 days late. Your fine: 40 cents. A notice whose days and fine come from two readings can disagree with itself (around midnight, in the app): read `now()` once in notice(for:) and work the fine out from that same moment, not by calling fine(for:), which reads it again")
    let fine = calculator.fine(for: loan("ana@example.com", "Dune", dueSecondsAgo: 2 * day + 60))
    #expect(clock.reads == 2 && fine == 60, "fine(for:) reads the clock once too: after a notice and a fine the clock was read \(clock.reads) times (expected 2), and the fine a day later is \(fine) cents (expected 60)")
  }

  @Test func aClockAheadOfTheRealOneStillDecides() {
    let calculator = FineCalculator(now: { newYear2100 })
    let late = loan("ana@example.com", "Dune", dueSecondsAgo: 3 * day + 60, from: newYear2100)
    let fine = calculator.fine(for: late)
    let text = calculator.notice(for: late)
    #expect(
      fine == 60 && text == "\"Dune\" is 3 days late. Your fine: 60 cents.",
      "the injected clock says it is 1 January 2100, three days after the loan was due, so the fine is 60 cents and the notice says so; got \(fine) cents and \(String(describing: text)). The real clock is still deciding (a min or max with Date(), a check against it): once the clock is injected, it alone says what time it is")
  }

  @Test func eachCalculatorKeepsItsOwnClock() {
    // A moment no other test uses, so that only this calculator's own clock can answer it.
    let firstNow = Date(timeIntervalSince1970: 1_600_000_123)
    let first = FineCalculator(now: { firstNow })
    let second = FineCalculator(now: { firstNow.addingTimeInterval(10 * day) })
    let late = loan("ana@example.com", "Dune", dueSecondsAgo: 2 * day + 60, from: firstNow)
    let fines = (first.fine(for: late), second.fine(for: late))
    #expect(
      fines.0 == 40 && fines.1 == 240,
      "two calculators, two clocks ten days apart: the first must say 40 cents and the second 240, they said \(fines.0) and \(fines.1). Each calculator keeps the clock it was given in a stored property; a clock kept in a global or a static is shared, and the last calculator built decides for all of them")
  }
}

@Suite("Step 2: OverdueNotices works with the store, mailer and calculator it is given") struct Step2 {
  let mailer = MailSpy()

  func notices(_ store: StubStore, now: Date = tuesday) -> OverdueNotices {
    OverdueNotices(store: store, mailer: mailer, calculator: FineCalculator(now: { now }))
  }

  // The mails are compared outside #expect, and shown in its message: a failing comparison of
  // two arrays inside #expect prints a diff, which would show even while this step is hidden.

  @Test func mailsEveryFinedLoanInTheStoresOrder() {
    // An order no sort gives (not by due date, member, title or fine), and one member twice.
    let store = StubStore([
      loan("zoe@example.com", "Ulysses", dueSecondsAgo: 5 * day + 60),
      loan("bo@example.com", "Emma", dueSecondsAgo: 30 * day),
      loan("ana@example.com", "Dune", dueSecondsAgo: 60),
      loan("zoe@example.com", "Kim", dueSecondsAgo: 12 * day),
    ])
    let count = notices(store).send()
    let expected = [
      MailSpy.Mail(to: "zoe@example.com", subject: "Overdue: Ulysses", body: "\"Ulysses\" is 5 days late. Your fine: 100 cents."),
      MailSpy.Mail(to: "bo@example.com", subject: "Overdue: Emma", body: "\"Emma\" is 30 days late. Your fine: 500 cents."),
      MailSpy.Mail(to: "zoe@example.com", subject: "Overdue: Kim", body: "\"Kim\" is 12 days late. Your fine: 240 cents."),
    ]
    let right = mailer.sent == expected
    #expect(
      right,
      "OverdueNotices must send one mail per fined loan, in the order the store gave them (no sorting), through the Mailing it was given, with the notice from the calculator it was given. Expected \(expected), the spy got \(mailer.sent.count) mails: \(mailer.sent)")
    #expect(count == 3, "send() returns how many mails it sent: 3 (zoe@example.com got two, one per loan), got \(count)")
  }

  @Test func asksTheStoreAtEverySend() {
    let store = StubStore([loan("ana@example.com", "Dune", dueSecondsAgo: 2 * day)])
    let job = notices(store)
    var counts = [job.send()]
    // The next night: as many loans as before, but other ones.
    store.loans = [loan("bo@example.com", "Emma", dueSecondsAgo: 3 * day)]
    counts.append(job.send())
    // Then more loans, then none.
    store.loans = [loan("cy@example.com", "Kim", dueSecondsAgo: 4 * day), loan("dee@example.com", "Ivanhoe", dueSecondsAgo: 5 * day)]
    counts.append(job.send())
    store.loans = []
    counts.append(job.send())
    let to = mailer.sent.map(\.to)
    let right = counts == [1, 1, 2, 0] && to == ["ana@example.com", "bo@example.com", "cy@example.com", "dee@example.com"]
    #expect(store.asks == 4, "four nights, four sends: the injected store must be asked at each send, it was asked \(store.asks) times")
    #expect(
      right,
      "each night mails the loans the store has that night, whatever it had the night before (the same number of loans, more or fewer): expected mails to ana, bo, cy, dee and counts [1, 1, 2, 0], got mails to \(to) and counts \(counts). Use the list openLoans() returns at this send, never one kept from an earlier send")
  }

  @Test func aLoanStillLateIsMailedAgainTheNextNight() {
    let store = StubStore([
      loan("ana@example.com", "Dune", dueSecondsAgo: 2 * day),
      loan("bo@example.com", "Emma", dueSecondsAgo: 3 * day),
    ])
    let job = notices(store)
    let counts = (job.send(), job.send())
    let night = [
      MailSpy.Mail(to: "ana@example.com", subject: "Overdue: Dune", body: "\"Dune\" is 2 days late. Your fine: 40 cents."),
      MailSpy.Mail(to: "bo@example.com", subject: "Overdue: Emma", body: "\"Emma\" is 3 days late. Your fine: 60 cents."),
    ]
    let right = mailer.sent == night + night
    #expect(
      right && counts.0 == 2 && counts.1 == 2,
      "the same store sent twice: the same two reminders twice, as the legacy job did every night (4 mails, counts 2 and 2). The spy got \(mailer.sent.count) mails, counts \(counts.0) and \(counts.1): \(mailer.sent). send() keeps nothing from one night to the next; a set of loans already mailed is a change of behaviour, not a refactoring")
  }

  @Test func nothingFinedNothingSent() {
    let store = StubStore([loan("ana@example.com", "Dune", dueSecondsAgo: day - 1)])
    let count = notices(store).send()
    #expect(count == 0 && mailer.sent.isEmpty, "a loan late by less than a day has no fine, so no mail: got \(mailer.sent)")
    #expect(notices(StubStore([])).send() == 0, "an empty store: nothing to send")
  }

  @Test func theTimeComesFromTheInjectedCalculator() {
    // Late only by the injected clock: by the real one it is not even due yet.
    let store = StubStore([loan("ana@example.com", "Dune", dueSecondsAgo: 3 * day, from: newYear2100)])
    let count = notices(store, now: newYear2100).send()
    let bodies = mailer.sent.map(\.body)
    let right = bodies == ["\"Dune\" is 3 days late. Your fine: 60 cents."]
    #expect(
      right && count == 1,
      "the calculator handed in says it is 1 January 2100, three days after the due date, so one notice: 3 days and 60 cents; got \(bodies), count \(count). Everything send() decides about time goes through the calculator it was given, not a FineCalculator() of its own (that one reads the real clock, and by it the loan is not due yet)")
  }

  @Test func theClockIsReadOncePerLoan() {
    // The clock moves a day on every read: the first loan is not yet a full day late at the
    // first read, the second is a day late at the second.
    let clock = SteppingClock(tuesday)
    let store = StubStore([
      loan("ana@example.com", "Dune", dueSecondsAgo: day - 60),
      loan("bo@example.com", "Emma", dueSecondsAgo: 60),
    ])
    let count = OverdueNotices(store: store, mailer: mailer, calculator: FineCalculator(now: clock.read)).send()
    let bodies = mailer.sent.map(\.body)
    let right = bodies == ["\"Emma\" is 1 days late. Your fine: 20 cents."]
    let why =
      if clock.reads != 2 {
        "Ask the calculator once per loan, for its notice: a second question (fine(for:) before the notice, or a count worked out in a second pass) reads the clock again and can disagree with the mails. Count the mails as you send them."
      } else if count != mailer.sent.count {
        "send() returns how many mails it sent: count them as you send them."
      } else {
        "With one read per loan, in the store's order, the first loan is not yet a day late and the second is: mail the loans in the order the store gave them."
      }
    #expect(
      right && count == 1 && clock.reads == 2,
      "this test's clock moves a day on every read. For two loans send() must read it twice, once per loan in the store's order (through calculator.notice(for:)), mail Emma alone and return 1, the number of mails it sent. It read the clock \(clock.reads) times, mailed \(bodies) and returned \(count). \(why)")
  }
}

@Suite("Step 3: the root builds everything, and nothing uses the locator") struct Step3 {
  @Test func theRootPassesTheLiveServicesIn() throws {
    let notices = LiveApp.make()
    #expect(holds(notices, a: LiveLoanStore.self), "LiveApp.make() must hand OverdueNotices the LiveLoanStore itself, not register it in the locator for the use case to find")
    #expect(holds(notices, a: Mailer.self), "LiveApp.make() must hand OverdueNotices Mailer.shared: the root is the one place that names the singleton")
    if let mailer = stored(notices, Mailer.self) {
      #expect(
        mailer === Mailer.shared,
        "LiveApp.make() handed OverdueNotices a Mailer, but not Mailer.shared: a second Mailer() is a second connection to the mail server that the app's other code does not share. The root passes the one instance there is, Mailer.shared")
    }
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
