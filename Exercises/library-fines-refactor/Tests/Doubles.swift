import Foundation
import Testing

@testable import LibraryFinesRefactor

// MARK: - Inits of last resort
//
// Until you add them, these stand in for the inits the tests call, so that every step's tests
// compile against your code at every stage. Each records an Issue that says what to add. Once
// your own init exists, it is chosen instead of these (each has one more, unused, parameter so
// that it does not hide yours).

extension FineCalculator {
  @_disfavoredOverload init(now: @escaping () -> Date, _: Void = ()) {
    Issue.record(
      "FineCalculator has no init(now:) yet, so this test got one that reads the real clock. Add the seam: an init parameter `now: @escaping () -> Date` whose default is `Date.init`, so that `FineCalculator()` still compiles, and read the time through it.")
    self.init()
  }
}

extension OverdueNotices {
  @_disfavoredOverload init(
    store: any LoanStore, mailer: any Mailing, calculator: FineCalculator, _: Void = ()
  ) {
    Issue.record(
      "OverdueNotices has no init(store:mailer:calculator:) yet, so this test got the one the app builds, with the live services. Give OverdueNotices its three collaborators as stored properties, received in init.")
    self = LiveApp.make()
  }
}

// MARK: - Doubles

/// A clock the test sets and moves by hand.
final class ManualClock: @unchecked Sendable {
  var now: Date

  init(_ now: Date) {
    self.now = now
  }

  func advance(days: Double) {
    now = now.addingTimeInterval(days * 86_400)
  }

  func advance(seconds: TimeInterval) {
    now = now.addingTimeInterval(seconds)
  }
}

/// A clock that moves a day on every read, and counts the reads: code that reads it twice for
/// one answer gets two different moments.
final class SteppingClock: @unchecked Sendable {
  private var next: Date
  private(set) var reads = 0

  init(_ start: Date) {
    next = start
  }

  func read() -> Date {
    defer { next = next.addingTimeInterval(86_400) }
    reads += 1
    return next
  }
}

/// Answers with the loans a test gives it, and counts how often it was asked.
final class StubStore: LoanStore {
  var loans: [Loan]
  private(set) var asks = 0

  init(_ loans: [Loan]) {
    self.loans = loans
  }

  func openLoans() -> [Loan] {
    asks += 1
    return loans
  }
}

/// Keeps every mail instead of sending it.
final class MailSpy: Mailing {
  struct Mail: Equatable, CustomStringConvertible {
    let to: String
    let subject: String
    let body: String
    var description: String { "to \(to), \"\(subject)\": \(body)" }
  }

  private(set) var sent: [Mail] = []

  func send(to address: String, subject: String, body: String) {
    sent.append(Mail(to: address, subject: subject, body: body))
  }
}

/// 10:00 UTC on 14 November 2023: "now" in most tests.
let tuesday = Date(timeIntervalSince1970: 1_699_956_000)

func loan(_ member: String, _ title: String, dueSecondsAgo seconds: TimeInterval, from now: Date = tuesday) -> Loan {
  Loan(member: member, title: title, due: now.addingTimeInterval(-seconds))
}

let day: TimeInterval = 86_400

/// Midnight UTC, 1 January 2100: a "now" ahead of the real clock, so that only a calculator
/// that believes its injected clock finds loans late by it.
let newYear2100 = Date(timeIntervalSince1970: 4_102_444_800)

/// Whether `value` holds a stored property of type `T`, directly.
func holds<T>(_ value: Any, a _: T.Type) -> Bool {
  Mirror(reflecting: value).children.contains { $0.value is T }
}

/// The first stored property of `value` of type `T`.
func stored<T>(_ value: Any, _ _: T.Type) -> T? {
  Mirror(reflecting: value).children.lazy.compactMap { $0.value as? T }.first
}
