import Foundation

/// Every night: mails a reminder for each open loan that has a fine, in the store's order,
/// and returns how many mails it sent.
struct OverdueNotices {
  func send() -> Int {
    guard let store = ServiceLocator.resolve(LoanStore.self) else { return 0 }
    let calculator = FineCalculator()
    var sent = 0
    for loan in store.openLoans() {
      guard let text = calculator.notice(for: loan) else { continue }
      Mailer.shared.send(to: loan.member, subject: "Overdue: \(loan.title)", body: text)
      sent += 1
    }
    return sent
  }
}
