import Foundation
import Loans
import Testing

// The code under test is Subject/LoanDesk.swift, and it is correct. Write the tests that would
// catch a bug in it, with a clock of your own: LoanDesk must never see the real one.

/// A clock for the tests. So far it is stuck at one moment, 14 November 2023, 22:13 UTC.
struct StoppedClock: TimeSource {
  let now = Date(timeIntervalSince1970: 1_700_000_000)
}

@Suite struct LoanDeskTests {
  @Test func aBookIsLentForThreeWeeks() {
    let loan = LoanDesk(clock: StoppedClock()).lend("Dune")
    #expect(
      loan.dueAt.timeIntervalSince(loan.lentAt) == 21 * 24 * 60 * 60,
      "A loan runs for 21 days from the moment the book is lent: lent \(loan.lentAt), due \(loan.dueAt).")
  }
}
