import Foundation

/// Every night: mails a reminder for each open loan that has a fine, in the store's order,
/// and returns how many mails it sent.
struct OverdueNotices {
  let store: any LoanStore
  let mailer: any Mailing
  let calculator: FineCalculator

  func send() -> Int {
    let loans = store.openLoans()
    for loan in loans {
      guard let text = calculator.notice(for: loan) else { continue }
      mailer.send(to: loan.member, subject: "Overdue: \(loan.title)", body: text)
    }
    return loans.filter { calculator.fine(for: $0) > 0 }.count
  }
}
