import Testing

@testable import GreetingClock

/// A clock stuck at one hour, which counts how often it is asked.
final class FixedHour: HourSource {
  let hour: Int
  private(set) var reads = 0

  init(_ hour: Int) {
    self.hour = hour
  }

  var currentHour: Int {
    reads += 1
    return hour
  }
}

@Suite struct GreeterTests {
  @Test func asksTheInjectedClockForTheHour() {
    let clock = FixedHour(9)
    _ = Greeter(clock: clock).greeting(for: "Ada")
    #expect(
      clock.reads > 0,
      "Greeter ignored the injected clock: it asked it for the hour \(clock.reads) times. Keep the clock from init(clock:) and read clock.currentHour in greeting(for:).")
  }

  @Test(arguments: [
    (0, "Good morning, Ada!"), (11, "Good morning, Ada!"),
    (12, "Good afternoon, Ada!"), (17, "Good afternoon, Ada!"),
    (18, "Good evening, Ada!"), (23, "Good evening, Ada!"),
  ])
  func greetsAccordingToTheInjectedHour(hour: Int, expected: String) {
    let greeting = Greeter(clock: FixedHour(hour)).greeting(for: "Ada")
    #expect(greeting == expected, "At \(hour):00 the clock handed to Greeter says \(hour), so the greeting should be \"\(expected)\".")
  }
}
