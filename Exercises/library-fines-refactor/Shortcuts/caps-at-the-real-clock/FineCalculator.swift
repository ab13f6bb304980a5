import Foundation

/// Works out overdue fines: 20 cents for every full day late, never more than 500 cents.
struct FineCalculator {
  let now: () -> Date

  init(now: @escaping () -> Date = Date.init) {
    self.now = now
  }

  /// The fine for a loan, now. Nothing for a loan that is not yet late, or late by less than a
  /// full day.
  func fine(for loan: Loan) -> Int {
    fine(for: loan, at: min(now(), Date()))  // never bill from the future
  }

  private func fine(for loan: Loan, at now: Date) -> Int {
    guard now > loan.due else { return 0 }
    let days = Int(now.timeIntervalSince(loan.due) / 86_400)
    return min(days * 20, 500)
  }

  /// The text of the reminder mail, or nil when there is no fine.
  func notice(for loan: Loan) -> String? {
    let now = min(now(), Date())
    let fine = fine(for: loan, at: now)
    guard fine > 0 else { return nil }
    let days = Int(now.timeIntervalSince(loan.due) / 86_400)
    return "\"\(loan.title)\" is \(days) days late. Your fine: \(fine) cents."
  }
}
