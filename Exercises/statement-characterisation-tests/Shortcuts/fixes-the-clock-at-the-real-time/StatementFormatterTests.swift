import Foundation
import Statements
import Testing

/// A clock that always says the same moment.
struct FixedTime: TimeSource {
  let now: Date
}

/// A clock the test can move.
final class MovableTime: TimeSource, @unchecked Sendable {
  var now: Date
  init(_ now: Date) { self.now = now }
}

/// A moment in UTC, written as numbers: `utc(2023, 11, 14, 10, 0)`.
func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int) -> Date {
  var calendar = Calendar(identifier: .gregorian)
  calendar.timeZone = TimeZone(identifier: "UTC")!
  return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
}

@Suite struct StatementFormatterTests {
  let formatter = StatementFormatter(clock: FixedTime(now: utc(2023, 11, 14, 10, 0)))

  @Test func goldenStatement() {
    let text = formatter.statement(for: [
      Charge(member: "zoe", cents: 45, due: utc(2023, 11, 13, 10, 0)),
      Charge(member: "bo", cents: 1000, due: utc(2023, 11, 15, 10, 0)),
      Charge(member: "zoe", cents: 300, due: utc(2023, 11, 20, 10, 0)),
      Charge(member: "ana", cents: 84, due: utc(2023, 11, 20, 10, 0)),
      Charge(member: "zoe", cents: 0, due: utc(2023, 11, 14, 8, 0)),
    ])
    #expect(text == """
      Statement for 2023-11-14
      ana: 0.84
      bo: 10.00
      zoe: 0.45 LATE
      zoe: 3.00
      zoe: 0.00
      Total due: 14.20 EUR
      """)
  }

  @Test func totalIsTruncatedToTenCents() {
    let cases: [(Int, String)] = [(129, "1.20"), (125, "1.20"), (9, "0.00"), (99, "0.90"), (130, "1.30")]
    for (cents, total) in cases {
      let text = formatter.statement(for: [Charge(member: "ana", cents: cents, due: utc(2023, 11, 20, 10, 0))])
      #expect(text.split(separator: "\n").last.map(String.init) == "Total due: \(total) EUR", "total of \(cents) cents")
    }
  }

  @Test func emptyDay() {
    #expect(formatter.statement(for: []) == "No charges on 2023-11-14.")
  }

  @Test func todayIsBerlinsDay() {
    let late = StatementFormatter(clock: FixedTime(now: utc(2023, 11, 14, 23, 30)))
    #expect(late.statement(for: []) == "No charges on 2023-11-15.")
    let text = late.statement(for: [
      Charge(member: "ana", cents: 10, due: utc(2023, 11, 14, 22, 30)),  // Berlin 14th 23:30: late
      Charge(member: "bo", cents: 20, due: utc(2023, 11, 14, 23, 10)),  // Berlin 15th 00:10: today
    ])
    #expect(text == """
      Statement for 2023-11-15
      ana: 0.10 LATE
      bo: 0.20
      Total due: 0.30 EUR
      """)
    let summer = StatementFormatter(clock: FixedTime(now: utc(2023, 7, 1, 22, 30)))
    #expect(summer.statement(for: []) == "No charges on 2023-07-02.")
    let early = StatementFormatter(clock: FixedTime(now: utc(2023, 11, 14, 0, 30)))
    #expect(early.statement(for: []) == "No charges on 2023-11-14.")
  }

  @Test func lateStartsTheDayAfterTheDueDate() {
    let text = formatter.statement(for: [
      Charge(member: "ana", cents: 100, due: utc(2023, 11, 14, 0, 0)),  // earlier today (Berlin 01:00)
      Charge(member: "ana", cents: 200, due: utc(2023, 11, 13, 22, 59)),  // Berlin 13th 23:59
      Charge(member: "ana", cents: 300, due: utc(2023, 11, 14, 9, 59)),  // a minute ago
      Charge(member: "ana", cents: 400, due: utc(2023, 11, 14, 20, 0)),  // later today
    ])
    #expect(text == """
      Statement for 2023-11-14
      ana: 1.00
      ana: 2.00 LATE
      ana: 3.00
      ana: 4.00
      Total due: 10.00 EUR
      """)
  }

  @Test func readsTheClockAtEveryStatement() {
    let clock = MovableTime(utc(2023, 11, 14, 10, 0))
    let f = StatementFormatter(clock: clock)
    #expect(f.statement(for: []) == "No charges on 2023-11-14.")
    clock.now = utc(2023, 11, 20, 10, 0)
    #expect(f.statement(for: []) == "No charges on 2023-11-20.")
  }
}

@Suite struct RealClockSmoke {
  @Test func todayOnTheRealClock() {
    let f = StatementFormatter(clock: FixedTime(now: Date()))
    #expect(f.statement(for: []) == "No charges on \(StatementFormatter.day(of: Date())).")
  }
}
