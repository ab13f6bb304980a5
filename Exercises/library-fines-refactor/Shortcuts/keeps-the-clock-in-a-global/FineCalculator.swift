import Foundation

/// The clock every calculator uses (set by the latest init).
nonisolated(unsafe) var fineClock: () -> Date = Date.init

/// Works out overdue fines: 20 cents for every full day late, never more than 500 cents.
struct FineCalculator {
  init(now: @escaping () -> Date = Date.init) {
    fineClock = now
  }

  func fine(for loan: Loan) -> Int {
    fine(for: loan, at: fineClock())
  }

  private func fine(for loan: Loan, at now: Date) -> Int {
    guard now > loan.due else { return 0 }
    let days = Int(now.timeIntervalSince(loan.due) / 86_400)
    return min(days * 20, 500)
  }

  func notice(for loan: Loan) -> String? {
    let now = fineClock()
    let fine = fine(for: loan, at: now)
    guard fine > 0 else { return nil }
    let days = Int(now.timeIntervalSince(loan.due) / 86_400)
    return "\"\(loan.title)\" is \(days) days late. Your fine: \(fine) cents."
  }
}
