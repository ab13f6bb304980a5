// The code under test. It is correct: your tests must pass on it.

import Foundation
import Testing

/// What time it is. The app passes `SystemTime`; a test passes a clock it controls.
protocol TimeSource {
  var now: Date { get }
}

/// The real clock, for the app. A test that reads it fails: see `now`.
struct SystemTime: TimeSource {
  var now: Date {
    Issue.record(
      "This test read SystemTime, the real clock. What it sees depends on the day the test runs, so it checks nothing about a due date, and it cannot stand on an edge (the due time exactly, a second after it). LoanDesk must never see the real clock in a test: hand every desk a clock of your own that the test sets and moves.")
    return Date()
  }
}

/// A book lent to a reader.
struct Loan: Equatable {
  let title: String
  let lentAt: Date
  let dueAt: Date
}

/// The library's loan desk. The app creates one when it starts and uses it for weeks: it lends
/// books for three weeks and works out late fees.
struct LoanDesk {
  static let day: TimeInterval = 24 * 60 * 60
  static let loanPeriod = 21 * day
  static let centsPerLateDay = 25

  private let now: Date

  init(clock: any TimeSource) {
    now = clock.now
  }

  /// Lends a book now. It is due back three weeks from now.
  func lend(_ title: String) -> Loan {
    return Loan(title: title, lentAt: now, dueAt: now + Self.loanPeriod)
  }

  /// Whether the loan's due time has passed. A book brought back at its due time exactly is on
  /// time.
  func isOverdue(_ loan: Loan) -> Bool {
    now > loan.dueAt
  }

  /// 25 cents for every day, or part of a day, past the due time; nothing before it.
  func lateFee(for loan: Loan) -> Int {
    let late = now.timeIntervalSince(loan.dueAt)
    guard late > 0 else { return 0 }
    let days = Int((late / Self.day).rounded(.up))
    return days * Self.centsPerLateDay
  }
}
