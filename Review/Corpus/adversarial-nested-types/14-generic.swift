import Foundation

protocol Clock: Sendable { var now: Date { get } }
struct SystemClock: Clock {}
extension SystemClock { var now: Date { Date() } }

actor ReminderScheduler<C: Clock> {
  private let clock: C
  private var scheduled: [Date] = []
  init(clock: C) { self.clock = clock }
  func schedule(in seconds: TimeInterval) { scheduled.append(clock.now.addingTimeInterval(seconds)) }
}

@MainActor final class BadgeModel {
  private let clock: any Clock
  init<C: Clock>(clock: C) { self.clock = clock }
  func label(due: Date) -> String { due < clock.now ? "Overdue" : "Due" }
}

extension BadgeModel {
  /// Nested helper type for formatting.
  struct Formatter {
    func stamp() -> String { Date().formatted() }  // review: hidden-input
  }
}
