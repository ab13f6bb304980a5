import Foundation
import Testing

@testable import ShelfStatsFeature

final class ShelfDouble: ShelfStore {
  var shelf: [ShelfBook]
  init(_ shelf: [ShelfBook]) { self.shelf = shelf }
  func books() -> [ShelfBook] { shelf }
}

final class ClockDouble: ShelfClock {
  var time: Date
  init(_ time: Date) { self.time = time }
  func now() -> Date { time }
}

/// 15 June 2024, 31 December 2023 23:30, 1 January 2024 00:30, 10 January 2025 (UTC).
let june2024 = Date(timeIntervalSince1970: 1_718_409_600)
let lateDec2023 = Date(timeIntervalSince1970: 1_704_065_400)
let earlyJan2024 = Date(timeIntervalSince1970: 1_704_069_000)
let jan2025 = Date(timeIntervalSince1970: 1_736_467_200)

let shelf = [
  ShelfBook(title: "Dune", readAt: earlyJan2024),
  ShelfBook(title: "Emma", readAt: june2024),
  ShelfBook(title: "Ulysses", readAt: lateDec2023),
  ShelfBook(title: "Middlemarch", readAt: nil),
]

/// "2 of 4 read in 2024", taken apart, so a message can say which number is wrong.
struct Summary: Equatable {
  let read: Int
  let all: Int
  let year: Int

  init(read: Int, all: Int, year: Int) {
    (self.read, self.all, self.year) = (read, all, year)
  }

  init?(_ text: String) {
    let words = text.split(separator: " ")
    guard words.count == 6, words[1] == "of", words[3] == "read", words[4] == "in",
      let read = Int(words[0]), let all = Int(words[2]), let year = Int(words[5])
    else { return nil }
    self.init(read: read, all: all, year: year)
  }
}

@Suite struct ShelfStatsFeatureTests {
  @Test func theStatsComeFromTheInjectedShelfAndClock() {
    let stats = ShelfStats(store: ShelfDouble(shelf), clock: ClockDouble(june2024))
    #expect(stats.summary() == "2 of 4 read in 2024", "with the injected shelf and a clock in June 2024, two books were read in 2024 (Ulysses was read in 2023), got \"\(stats.summary())\"")
  }

  @Test func eachStatsKeepsItsOwnParts() {
    let first = ShelfStats(store: ShelfDouble(shelf), clock: ClockDouble(june2024))
    let second = ShelfStats(store: ShelfDouble([ShelfBook(title: "Persuasion", readAt: jan2025)]), clock: ClockDouble(jan2025))
    let got = first.summary()
    let message =
      got == second.summary()
      ? "the first ShelfStats answered with the parts of the second one built after it (\"\(got)\"): the parts are shared by every ShelfStats, and the last init wins. Keep the store and the clock in instance properties (`let store`, `let clock`), not in a static or a global."
      : "the first ShelfStats, with its own shelf and a clock in June 2024, should say \"2 of 4 read in 2024\" after a second one was built with other parts, got \"\(got)\""
    #expect(got == "2 of 4 read in 2024", Comment(rawValue: message))
    let secondGot = second.summary()
    let secondMessage =
      Summary(secondGot)?.year == 2024
      ? "the second ShelfStats, with a clock in January 2025, said 2024, the year of the first one's clock (\"\(secondGot)\"): a year (or a summary) kept in a static or a global is shared by every ShelfStats. Compute it from this instance's clock at each summary."
      : "the second ShelfStats, with a one-book shelf read in January 2025 and a clock then, should say \"1 of 1 read in 2025\", got \"\(secondGot)\""
    #expect(secondGot == "1 of 1 read in 2025", Comment(rawValue: secondMessage))
  }

  @Test func theClockIsReadAtEachSummary() {
    let clock = ClockDouble(june2024)
    let stats = ShelfStats(store: ShelfDouble(shelf), clock: clock)
    let before = stats.summary()
    clock.time = jan2025
    let got = stats.summary()
    #expect(got == "0 of 4 read in 2025", Comment(rawValue: Self.afterTheClockMoved(got, before: before)))
  }

  @Test func theShelfIsReadAtEachSummary() {
    let store = ShelfDouble(shelf)
    let stats = ShelfStats(store: store, clock: ClockDouble(june2024))
    let before = stats.summary()
    store.shelf.append(ShelfBook(title: "Persuasion", readAt: june2024))
    let got = stats.summary()
    #expect(got == "3 of 5 read in 2024", Comment(rawValue: Self.afterTheShelfGrew(got, before: before)))
  }

  /// What a summary after the clock moved from June 2024 to January 2025 says went wrong.
  static func afterTheClockMoved(_ got: String, before: String) -> String {
    let moved = "the clock moved from June 2024 to January 2025 between two summaries"
    guard let summary = Summary(got) else {
      return "\(moved); the second summary should be \"0 of 4 read in 2025\", got \"\(got)\""
    }
    if summary.year == 2024 {
      return "\(moved), and the year stayed 2024 (\"\(got)\"): the time (or the year, or the whole summary) was taken once, in init or at an earlier summary, and kept. Ask the clock at each summary."
    }
    if summary.year != 2025 {
      return "\(moved), and the summary says \(summary.year) (\"\(got)\"): that year is not the injected clock's. Take the year from the clock ShelfStats received, not from Date() or a year kept elsewhere."
    }
    if summary.all != 4 {
      return "\(moved); the year followed it, but the total is \(summary.all) where the shelf holds 4 books (\"\(got)\"): count every book on the shelf."
    }
    return "\(moved); the year followed it to 2025, but \(summary.read) book(s) counted as read in 2025, where none of the shelf's books was (\"\(got)\"): count only the books whose readAt falls in the clock's year."
  }

  /// What a summary after a fifth book was added to the shelf says went wrong.
  static func afterTheShelfGrew(_ got: String, before: String) -> String {
    let grew = "a fifth book, read in June 2024, was added to the shelf between two summaries"
    guard let summary = Summary(got) else {
      return "\(grew); the second summary should be \"3 of 5 read in 2024\", got \"\(got)\""
    }
    if summary.all == 4 {
      return "\(grew), and the total stayed 4 (\"\(got)\"): the books (or the whole summary) were taken once, in init or at an earlier summary, and kept. Ask the shelf at each summary."
    }
    if summary.year != 2024 {
      return "\(grew); the clock still says June 2024, but the summary says \(summary.year) (\"\(got)\"): take the year from the clock ShelfStats received, not from Date() or a year kept elsewhere."
    }
    if summary.all != 5 {
      return "\(grew), and the total is \(summary.all) where the shelf now holds 5 books (\"\(got)\"): count every book the shelf gives at this summary."
    }
    return "\(grew); the total followed it to 5, but \(summary.read) book(s) counted as read in 2024 where 3 were (Dune, Emma, Persuasion; Ulysses was read in 2023) (\"\(got)\"): count only the books whose readAt falls in the clock's year."
  }
}

/// Runs `body` as if the machine that runs the tests were in `zone` (its default time zone and
/// its system one, which `Calendar.current` and `TimeZone.current` follow), then puts both back.
func onAMachine<T>(in zone: String, _ body: () throws -> T) rethrows -> T {
  let savedDefault = NSTimeZone.default
  let savedTZ = ProcessInfo.processInfo.environment["TZ"]
  setenv("TZ", zone, 1)
  NSTimeZone.resetSystemTimeZone()
  NSTimeZone.default = TimeZone(identifier: zone)!
  defer {
    if let savedTZ { setenv("TZ", savedTZ, 1) } else { unsetenv("TZ") }
    NSTimeZone.resetSystemTimeZone()
    NSTimeZone.default = savedDefault
  }
  return try body()
}

/// These tests change the process's time zone while they run, so they run one at a time.
@Suite(.serialized) struct TheYearIsTheUTCYearOnAnyMachine {
  /// What a summary at the turn of a year says went wrong, on a machine set to `zone`, where the
  /// clock's time falls in `localYear`; `inUTC` is what a new ShelfStats with the same parts says
  /// on a machine set to UTC.
  static func atTheTurnOfTheYear(
    _ got: String, inUTC: String, expected: Summary, zone: String, localYear: Int, when: String
  ) -> String {
    let setting = "on a machine set to \(zone), with the clock at \(when) UTC"
    let right = "\(expected.read) of \(expected.all) read in \(expected.year)"
    guard let summary = Summary(got) else {
      return "\(setting), the summary should be \"\(right)\", got \"\(got)\""
    }
    if inUTC == right {
      return "\(setting), the summary is \"\(got)\", and on a machine set to UTC the same parts give \"\(inUTC)\": the count follows the machine's time zone, where it is already (or still) \(localYear). The stats count by the UTC year on every machine: use Calendar(identifier: .gregorian) with its timeZone set to UTC, not Calendar.current, TimeZone.current or the calendar's default zone."
    }
    if summary.year != expected.year {
      return "\(setting), the summary says \(summary.year) (\"\(got)\"), where the clock's year in UTC is \(expected.year): take the year from the injected clock at this summary, in a Gregorian calendar in UTC, not from Date() or a year kept from an earlier summary."
    }
    return "\(setting), the year is right, but \(summary.read) of \(summary.all) books counted (\"\(got)\"), where \(expected.read) of \(expected.all) were read in \(expected.year) in UTC: count a book when the UTC year of its readAt is the clock's year, in the same calendar."
  }

  @Test func onlyTheClocksYearCounts() {
    // In Kiritimati (UTC+14) the clock's 31 December 2023, 23:30 UTC is already 2024.
    let got = onAMachine(in: "Pacific/Kiritimati") {
      ShelfStats(store: ShelfDouble(shelf), clock: ClockDouble(lateDec2023)).summary()
    }
    let inUTC = onAMachine(in: "UTC") {
      ShelfStats(store: ShelfDouble(shelf), clock: ClockDouble(lateDec2023)).summary()
    }
    #expect(
      got == "1 of 4 read in 2023",
      Comment(rawValue: Self.atTheTurnOfTheYear(
        got, inUTC: inUTC, expected: Summary(read: 1, all: 4, year: 2023), zone: "Pacific/Kiritimati (UTC+14)", localYear: 2024,
        when: "31 December 2023, 23:30")))
  }

  @Test func theNewYearStartsAtMidnightUTC() {
    // In Pago Pago (UTC-11) the clock's 1 January 2024, 00:30 UTC is still 2023.
    let got = onAMachine(in: "Pacific/Pago_Pago") {
      ShelfStats(store: ShelfDouble(shelf), clock: ClockDouble(earlyJan2024)).summary()
    }
    let inUTC = onAMachine(in: "UTC") {
      ShelfStats(store: ShelfDouble(shelf), clock: ClockDouble(earlyJan2024)).summary()
    }
    #expect(
      got == "2 of 4 read in 2024",
      Comment(rawValue: Self.atTheTurnOfTheYear(
        got, inUTC: inUTC, expected: Summary(read: 2, all: 4, year: 2024), zone: "Pacific/Pago_Pago (UTC-11)", localYear: 2023,
        when: "1 January 2024, 00:30")))
  }
}
