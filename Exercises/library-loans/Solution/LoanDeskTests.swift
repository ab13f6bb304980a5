import Foundation
import Loans
import Testing

/// A clock that stands still until a test moves it.
final class ManualClock: TimeSource {
  var now: Date

  init(_ now: Date) {
    self.now = now
  }
}

let day: TimeInterval = 24 * 60 * 60

@Suite struct LoanDeskTests {
  /// Far from today, so a desk that asks the real clock gives itself away.
  let opening = Date(timeIntervalSince1970: 1_700_000_000)
  let clock: ManualClock
  let desk: LoanDesk

  init() {
    clock = ManualClock(opening)
    desk = LoanDesk(clock: clock)
  }

  @Test func aLoanStartsWhenTheBookIsLentNotWhenTheDeskWasCreated() {
    clock.now = opening + 3 * day
    let loan = desk.lend("Dune")
    #expect(
      loan == Loan(title: "Dune", lentAt: opening + 3 * day, dueAt: opening + 24 * day),
      "The desk was created on day 0 and lent Dune on day 3: the loan runs from day 3 to day 24. Does the desk read the clock when it lends, or only once?")
  }

  @Test func aLoanIsOnTimeUntilItsDueTimeAndOverdueRightAfter() {
    let loan = desk.lend("Dune")
    #expect(!desk.isOverdue(loan), "A book lent a moment ago cannot be overdue.")
    #expect(desk.lateFee(for: loan) == 0, "A book lent a moment ago, three weeks before its due time, costs nothing.")
    clock.now = loan.dueAt
    #expect(!desk.isOverdue(loan), "A book brought back at its due time exactly is on time.")
    #expect(desk.lateFee(for: loan) == 0, "A book on time costs nothing.")
    clock.now = loan.dueAt + 1
    #expect(desk.isOverdue(loan), "One second after the due time, the loan is overdue.")
  }

  @Test(arguments: [(1, 25), (day, 25), (day + 1, 50), (10 * day, 250)])
  func feesCountEveryStartedDayPastTheDueTime(secondsLate: TimeInterval, cents: Int) {
    let loan = desk.lend("Dune")
    clock.now = loan.dueAt + secondsLate
    #expect(
      desk.lateFee(for: loan) == cents,
      "\(secondsLate) seconds past the due time is \(cents / 25) started day(s) late: \(cents) cents.")
  }
}
