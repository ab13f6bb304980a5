import Foundation

/// A meeting point for factories that should run at the same time.
///
/// Each factory that calls `arrive()` waits there until `expected` of them have arrived, so the
/// work after the meeting certainly overlaps, however the threads were scheduled. A container
/// that makes one creation wait for another never lets them all arrive: the waiting ends at the
/// deadline and `everyoneCame` is false, so the test fails instead of hanging, and no test needs
/// a sleep or a stopwatch to tell "in parallel" from "one after another".
final class Meeting: @unchecked Sendable {
  private let condition = NSCondition()
  private let expected: Int
  private let deadline: Date
  private var arrivals = 0

  init(of expected: Int, within seconds: TimeInterval = 10) {
    self.expected = expected
    self.deadline = Date(timeIntervalSinceNow: seconds)
  }

  /// Waits until every expected caller has arrived, or the deadline has passed.
  func arrive() {
    condition.lock()
    defer { condition.unlock() }
    arrivals += 1
    if arrivals == expected { condition.broadcast() }
    while arrivals < expected && condition.wait(until: deadline) {}
  }

  /// Whether all `expected` callers were at the meeting at once.
  var everyoneCame: Bool {
    condition.lock()
    defer { condition.unlock() }
    return arrivals >= expected
  }
}
