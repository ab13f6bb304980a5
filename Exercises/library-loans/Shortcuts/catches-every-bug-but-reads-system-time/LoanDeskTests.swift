import Foundation
import Loans
import Testing

/// A clock the tests move by hand.
final class TestClock: TimeSource {
  var now: Date
  init(_ now: Date) { self.now = now }
}

let start = Date(timeIntervalSince1970: 1_700_000_000)
let day: TimeInterval = 24 * 60 * 60

@Suite struct LoanDeskTests {
  @Test func aLoanLentTodayIsNotOverdue() {
    // A smoke test on the real clock, as the app runs it.
    let desk = LoanDesk(clock: SystemTime())
    let loan = desk.lend("Dune")
    #expect(abs(loan.lentAt.timeIntervalSinceNow) < 5)
    #expect(!desk.isOverdue(loan))
    #expect(desk.lateFee(for: loan) == 0)
  }

  @Test func aLoanStartsWhenLentAndIsDueThreeWeeksLater() {
    let clock = TestClock(start)
    let desk = LoanDesk(clock: clock)
    clock.now = start + 3 * day
    let loan = desk.lend("Dune")
    #expect(loan.title == "Dune")
    #expect(loan.lentAt == start + 3 * day)
    #expect(loan.dueAt == start + 24 * day)
  }

  @Test func overdueOnlyAfterTheDueTime() {
    let clock = TestClock(start)
    let desk = LoanDesk(clock: clock)
    let loan = desk.lend("Dune")
    #expect(!desk.isOverdue(loan))
    clock.now = loan.dueAt - 1
    #expect(!desk.isOverdue(loan))
    clock.now = loan.dueAt
    #expect(!desk.isOverdue(loan))
    clock.now = loan.dueAt + 1
    #expect(desk.isOverdue(loan))
    clock.now = loan.dueAt + 30 * day
    #expect(desk.isOverdue(loan))
  }

  @Test(arguments: [
    (-day, 0), (-1, 0), (0, 0), (1, 25), (day - 1, 25), (day, 25), (day + 1, 50), (2 * day, 50),
    (10 * day + 5, 275),
  ] as [(TimeInterval, Int)])
  func lateFee(late: TimeInterval, cents: Int) {
    let clock = TestClock(start)
    let desk = LoanDesk(clock: clock)
    let loan = desk.lend("Dune")
    clock.now = loan.dueAt + late
    #expect(desk.lateFee(for: loan) == cents)
  }
}
