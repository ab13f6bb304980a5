import Foundation
import Loans
import Testing

/// A clock stuck at one moment.
struct StoppedClock: TimeSource {
  let now = Date(timeIntervalSince1970: 1_700_000_000)
}

let day: TimeInterval = 24 * 60 * 60

@Suite struct LoanDeskTests {
  let clock = StoppedClock()
  var desk: LoanDesk { LoanDesk(clock: clock) }

  /// A loan that fell due `secondsAgo` seconds before the clock's moment.
  func loan(dueSecondsAgo secondsAgo: TimeInterval) -> Loan {
    let due = clock.now - secondsAgo
    return Loan(title: "Dune", lentAt: due - 21 * day, dueAt: due)
  }

  @Test func lendsForThreeWeeksFromNow() {
    let loan = desk.lend("Dune")
    #expect(loan == Loan(title: "Dune", lentAt: clock.now, dueAt: clock.now + 21 * day))
  }

  @Test func onTimeAtTheDueTimeOverdueAfter() {
    #expect(!desk.isOverdue(desk.lend("Dune")))
    #expect(!desk.isOverdue(loan(dueSecondsAgo: 0)))
    #expect(desk.isOverdue(loan(dueSecondsAgo: 1)))
  }

  @Test(arguments: [(0, 0), (1, 25), (day, 25), (day + 1, 50), (10 * day, 250)])
  func fees(secondsLate: TimeInterval, cents: Int) {
    #expect(desk.lateFee(for: loan(dueSecondsAgo: secondsLate)) == cents)
  }
}
