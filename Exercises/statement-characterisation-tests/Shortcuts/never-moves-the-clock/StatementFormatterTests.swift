import Foundation
import Statements
import Testing

/// A clock that always says the same moment.
struct FixedTime: TimeSource {
  let now: Date
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
      Charge(member: "ana", cents: 84, due: utc(2023, 11, 14, 8, 0)),
    ])
    #expect(text == """
      Statement for 2023-11-14
      ana: 0.84
      bo: 10.00
      zoe: 0.45 LATE
      zoe: 3.00
      Total due: 14.20 EUR
      """)
  }

  @Test func emptyDay() {
    #expect(formatter.statement(for: []) == "No charges on 2023-11-14.")
  }

  @Test func todayIsBerlinsDay() {
    let late = StatementFormatter(clock: FixedTime(now: utc(2023, 11, 14, 23, 30)))
    #expect(late.statement(for: []) == "No charges on 2023-11-15.")
  }
}
