import Foundation
import Testing

/// Where "now" comes from.
public protocol TimeSource {
  var now: Date { get }
}

/// The system clock. In the app it is the default; in this exercise a test that reads it
/// fails, because a statement built on the real time is different every run.
public struct SystemTime: TimeSource, Sendable {
  public init() {}

  public var now: Date {
    readTheRealClock(
      "This test read SystemTime, the real clock: the statement's date then changes every run, and so does what the test pins. Build the formatter with a clock the test sets: StatementFormatter(clock: FixedTime(...)).")
    return Date(timeIntervalSinceNow: 0)
  }
}

/// One fine or fee owed at the library desk.
public struct Charge: Equatable, Sendable {
  public let member: String
  public let cents: Int
  public let due: Date

  public init(member: String, cents: Int, due: Date) {
    self.member = member
    self.cents = cents
    self.due = due
  }
}

/// The desk's end-of-day statement. Old code, and its odd corners are relied upon: the
/// accounts office's script reads it line by line.
public struct StatementFormatter {
  private let clock: any TimeSource

  public init(clock: any TimeSource = SystemTime()) {
    self.clock = clock
  }

  public func statement(for charges: [Charge]) -> String {
    let today = Self.day(of: clock.now)
    guard !charges.isEmpty else { return "No charges on \(today)." }
    var lines = ["Statement for \(today)"]
    let ordered = charges.enumerated().sorted { a, b in a.offset < b.offset }
    for (_, charge) in ordered {
      let late = Self.day(of: charge.due) < today ? " LATE" : ""
      lines.append("\(charge.member): \(Self.euros(charge.cents))\(late)")
    }
    let total = charges.reduce(0) { $0 + $1.cents } / 10 * 10
    lines.append("Total due: \(Self.euros(total)) EUR")
    return lines.joined(separator: "\n")
  }

  /// The library's calendar day (Berlin time), as yyyy-MM-dd.
  public static func day(of date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
  }

  public static func euros(_ cents: Int) -> String {
    String(format: "%d.%02d", cents / 100, cents % 100)
  }
}

/// Records the issue on the test that read the real clock. Off every test's task (a thread of its
/// own, a dispatch queue) no issue reaches a test, so it stops the test run instead.
private func readTheRealClock(_ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
  guard Test.current != nil else {
    fatalError(
      "\(message) It ran outside the test's task (on a thread or a queue of its own), where no issue reaches the test, so the test run stops here.")
  }
  Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
}
