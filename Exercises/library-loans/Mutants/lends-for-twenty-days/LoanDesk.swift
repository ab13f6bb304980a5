// The code under test. It is correct: your tests must pass on it.

import Foundation
import Testing

/// What time it is. The app passes `SystemTime`; a test passes a clock it controls.
public protocol TimeSource {
  var now: Date { get }
}

/// The real clock, for the app. A test that reads it fails: see `now`.
public struct SystemTime: TimeSource, Sendable {
  public init() {}

  public var now: Date {
    Issue.record(
      "This test read SystemTime, the real clock. What it sees depends on the day the test runs, so it checks nothing about a due date, and it cannot stand on an edge (the due time exactly, a second after it). LoanDesk must never see the real clock in a test: hand every desk a clock of your own that the test sets and moves.")
    return Date()
  }
}

/// A book lent to a reader.
public struct Loan: Equatable, Sendable {
  public let title: String
  public let lentAt: Date
  public let dueAt: Date

  public init(title: String, lentAt: Date, dueAt: Date) {
    self.title = title
    self.lentAt = lentAt
    self.dueAt = dueAt
  }
}

/// The library's loan desk. The app creates one when it starts and uses it for weeks: it lends
/// books for three weeks and works out late fees.
public struct LoanDesk {
  public static let day: TimeInterval = 24 * 60 * 60
  public static let loanPeriod = 20 * day
  public static let centsPerLateDay = 25

  private let clock: any TimeSource

  public init(clock: any TimeSource) {
    self.clock = clock
  }

  /// Lends a book now. It is due back three weeks from now.
  public func lend(_ title: String) -> Loan {
    let now = clock.now
    return Loan(title: title, lentAt: now, dueAt: now + Self.loanPeriod)
  }

  /// Whether the loan's due time has passed. A book brought back at its due time exactly is on
  /// time.
  public func isOverdue(_ loan: Loan) -> Bool {
    clock.now > loan.dueAt
  }

  /// 25 cents for every day, or part of a day, past the due time; nothing before it.
  public func lateFee(for loan: Loan) -> Int {
    let late = clock.now.timeIntervalSince(loan.dueAt)
    guard late > 0 else { return 0 }
    let days = Int((late / Self.day).rounded(.up))
    return days * Self.centsPerLateDay
  }
}
