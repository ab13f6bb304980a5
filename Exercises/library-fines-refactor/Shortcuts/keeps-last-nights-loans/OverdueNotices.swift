import Foundation

/// Every night: mails a reminder for each open loan that has a fine, in the store's order,
/// and returns how many mails it sent.
struct OverdueNotices {
  private final class Seen: @unchecked Sendable { var loans: [Loan]? }
  let store: any LoanStore
  let mailer: any Mailing
  let calculator: FineCalculator
  private let seen = Seen()

  init(store: any LoanStore, mailer: any Mailing, calculator: FineCalculator) {
    self.store = store
    self.mailer = mailer
    self.calculator = calculator
  }

  func send() -> Int {
    // Ask the store every night, but the database is slow: reuse last night's list if it
    // did not shrink.
    let fresh = store.openLoans()
    let loans: [Loan]
    if let old = seen.loans, old.count >= fresh.count { loans = old } else { loans = fresh }
    seen.loans = loans
    var sent = 0
    for loan in loans {
      guard let text = calculator.notice(for: loan) else { continue }
      mailer.send(to: loan.member, subject: "Overdue: \(loan.title)", body: text)
      sent += 1
    }
    return sent
  }
}
