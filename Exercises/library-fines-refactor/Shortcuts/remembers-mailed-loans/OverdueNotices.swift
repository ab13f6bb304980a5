import Foundation

/// Every night: mails a reminder for each open loan that has a fine, in the store's order,
/// and returns how many mails it sent.
struct OverdueNotices {
  private final class Mailed: @unchecked Sendable { var keys: Set<String> = [] }
  let store: any LoanStore
  let mailer: any Mailing
  let calculator: FineCalculator
  private let mailed = Mailed()

  init(store: any LoanStore, mailer: any Mailing, calculator: FineCalculator) {
    self.store = store
    self.mailer = mailer
    self.calculator = calculator
  }

  func send() -> Int {
    var sent = 0
    for loan in store.openLoans() {
      guard let text = calculator.notice(for: loan) else { continue }
      // Members complained about duplicate reminders: mail each loan once.
      guard mailed.keys.insert("\(loan.member)|\(loan.title)").inserted else { continue }
      mailer.send(to: loan.member, subject: "Overdue: \(loan.title)", body: text)
      sent += 1
    }
    return sent
  }
}
