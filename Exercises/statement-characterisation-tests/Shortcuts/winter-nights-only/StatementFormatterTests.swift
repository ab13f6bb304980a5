import Foundation
import Statements
import Testing

/// A clock that always says the same moment.
struct FixedTime: TimeSource {
  let now: Date
}

/// A clock the test moves, as the days go by for a formatter the app keeps.
final class MovingTime: TimeSource {
  var now: Date

  init(_ now: Date) {
    self.now = now
  }
}

/// A moment in UTC, written as numbers: `utc(2023, 11, 14, 10, 0)`.
func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int) -> Date {
  var calendar = Calendar(identifier: .gregorian)
  calendar.timeZone = TimeZone(identifier: "UTC")!
  return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
}

/// Characterisation tests: they pin what `statement(for:)` prints today, odd corners included.
@Suite struct StatementFormatterTests {
  let tuesday = StatementFormatter(clock: FixedTime(now: utc(2023, 11, 14, 10, 0)))

  @Test func theWholeStatementIsPinned() {
    let text = tuesday.statement(for: [
      Charge(member: "zoe", cents: 40, due: utc(2023, 11, 20, 10, 0)),
      Charge(member: "ana", cents: 500, due: utc(2023, 11, 1, 10, 0)),
      Charge(member: "bo", cents: 123, due: utc(2023, 11, 13, 10, 0)),
      Charge(member: "Cy", cents: 0, due: utc(2023, 11, 20, 10, 0)),
    ])
    // Capitals sort before small letters; a waived charge of 0 cents keeps its line.
    #expect(text == """
      Statement for 2023-11-14
      Cy: 0.00
      ana: 5.00 LATE
      bo: 1.23 LATE
      zoe: 0.40
      Total due: 6.60 EUR
      """)
  }

  @Test func aMembersChargesKeepTheirOrder() {
    let text = tuesday.statement(for: [
      Charge(member: "bo", cents: 100, due: utc(2023, 11, 20, 10, 0)),
      Charge(member: "ana", cents: 20, due: utc(2023, 11, 20, 10, 0)),
      Charge(member: "ana", cents: 300, due: utc(2023, 11, 20, 10, 0)),
    ])
    #expect(text == """
      Statement for 2023-11-14
      ana: 0.20
      ana: 3.00
      bo: 1.00
      Total due: 4.20 EUR
      """)
  }

  @Test func theTotalIsRoundedDownToTenCents() {
    let text = tuesday.statement(for: [Charge(member: "ana", cents: 129, due: utc(2023, 11, 20, 10, 0))])
    #expect(text.hasSuffix("\nTotal due: 1.20 EUR"), "\(text)")
  }

  @Test func anEmptyDaySaysSo() {
    #expect(tuesday.statement(for: []) == "No charges on 2023-11-14.")
  }

  @Test func theDayIsBerlinsDay() {
    // 23:30 UTC on the 14th is 00:30 on the 15th in Berlin (UTC+1 in winter).
    let night = StatementFormatter(clock: FixedTime(now: utc(2023, 11, 14, 23, 30)))
    #expect(night.statement(for: []) == "No charges on 2023-11-15.")
    let text = night.statement(for: [Charge(member: "ana", cents: 20, due: utc(2023, 11, 14, 12, 0))])
    #expect(text.hasPrefix("Statement for 2023-11-15\nana: 0.20 LATE"), "\(text)")
  }

  @Test func dueTodayIsNotLate() {
    let text = tuesday.statement(for: [Charge(member: "ana", cents: 20, due: utc(2023, 11, 14, 8, 0))])
    #expect(text.hasPrefix("Statement for 2023-11-14\nana: 0.20\n"), "\(text)")
  }

  @Test func eachStatementReadsTheClock() {
    // The app builds one formatter and keeps it: each statement is dated the day it is printed.
    let clock = MovingTime(utc(2023, 11, 14, 10, 0))
    let formatter = StatementFormatter(clock: clock)
    #expect(formatter.statement(for: []) == "No charges on 2023-11-14.")
    clock.now = utc(2023, 11, 15, 10, 0)
    #expect(formatter.statement(for: []) == "No charges on 2023-11-15.")
  }
}
