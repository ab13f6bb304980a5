import Foundation
import Loans
import Testing

let day: TimeInterval = 24 * 60 * 60

@Suite struct LoanDeskTests {
  @Test func lendsForThreeWeeksFromNow() {
    let before = Date()
    let desk = LoanDesk(clock: SystemTime())
    let loan = desk.lend("Dune")
    #expect(loan.lentAt >= before && loan.lentAt <= Date())
    #expect(loan.dueAt == loan.lentAt + 21 * day)
  }

  @Test func aNewLoanIsNotOverdueAndCostsNothing() {
    let desk = LoanDesk(clock: SystemTime())
    let loan = desk.lend("Dune")
    #expect(!desk.isOverdue(loan))
    #expect(desk.lateFee(for: loan) == 0)
  }

  @Test func aLoanDueAnHourAgoIsOverdueAndCostsOneDay() {
    let desk = LoanDesk(clock: SystemTime())
    let due = Date() - 3_600
    let loan = Loan(title: "Dune", lentAt: due - 21 * day, dueAt: due)
    #expect(desk.isOverdue(loan))
    #expect(desk.lateFee(for: loan) == 25)
  }
}
