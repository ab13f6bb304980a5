import Testing

@testable import GreetingClock

/// A clock that shows the hour the test sets, and counts how often it is asked.
final class ManualHour: HourSource {
  var hour: Int
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
    let clock = ManualHour(9)
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
    let greeting = Greeter(clock: ManualHour(hour)).greeting(for: "Ada")
    #expect(greeting == expected, "At \(hour):00 the clock handed to Greeter says \(hour), so the greeting should be \"\(expected)\".")
  }

  @Test func readsTheClockForEveryGreetingNotOnceInInit() {
    let clock = ManualHour(9)
    let greeter = Greeter(clock: clock)
    #expect(
      clock.reads == 0,
      "Creating a Greeter already asked the clock for the hour (\(clock.reads == 1 ? "once" : "\(clock.reads) times")), before anyone was greeted. An init should only store the clock; ask it for the hour when greeting(for:) runs.")
    clock.hour = 20
    let greeting = greeter.greeting(for: "Ada")
    #expect(
      greeting == "Good evening, Ada!",
      "This Greeter was created at 09:00 and asked for a greeting at 20:00, and it said \"\(greeting)\": the hour from when it was created. Reading the clock once in init and keeping the number is the bug injection was meant to fix: an app keeps one Greeter all day. Store the clock itself and read clock.currentHour in greeting(for:), every time.")
  }

  @Test func readsTheClockAgainForEveryLaterGreeting() {
    let clock = ManualHour(9)
    let greeter = Greeter(clock: clock)
    _ = greeter.greeting(for: "Ada")
    clock.hour = 20
    let later = greeter.greeting(for: "Ada")
    #expect(
      later == "Good evening, Ada!",
      "This Greeter greeted at 09:00, then at 20:00 said \"\(later)\": it kept the hour from its first greeting. Keeping any one reading is the bug injection was meant to fix; read clock.currentHour in greeting(for:) every time.")
  }
}
