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

  @Test func listsACharge() {
    let text = formatter.statement(for: [Charge(member: "ana", cents: 120, due: utc(2023, 11, 20, 10, 0))])
    #expect(text.contains("ana: 1.20"))
  }
}
