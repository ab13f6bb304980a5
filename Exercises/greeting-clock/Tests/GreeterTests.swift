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

/// The clock this file's own `Greeter()` hands in (below).
struct ProbeHour: HourSource {
  var currentHour: Int { 9 }
}

/// Gives `Greeter` a `Greeter()` of last resort. It is chosen only when Greeter has no init of its
/// own that can be called without a clock: if `init(clock:)` has a default (or an optional that
/// falls back), `Greeter()` means that one, and the Greeter it builds holds the default clock,
/// not a `ProbeHour`.
protocol BuiltWithoutAClock {
  static func withProbe() -> Self
}

extension BuiltWithoutAClock {
  @_disfavoredOverload init() {
    self = Self.withProbe()
  }
}

extension Greeter: BuiltWithoutAClock {
  static func withProbe() -> Greeter { Greeter(clock: ProbeHour()) }
}

@Suite struct GreeterTests {
  @Test func asksTheInjectedClockForTheHour() {
    let clock = ManualHour(9)
    _ = Greeter(clock: clock).greeting(for: "Ada")
    #expect(
      clock.reads > 0,
      "Greeter ignored the injected clock: it asked it for the hour \(clock.reads) times. Keep the clock from init(clock:) and read clock.currentHour in greeting(for:).")
  }

  @Test func readsTheClockOncePerGreeting() {
    let clock = ManualHour(12)
    let greeter = Greeter(clock: clock)
    for _ in 1...3 { _ = greeter.greeting(for: "Ada") }
    #expect(
      clock.reads == 3,
      "Three greetings asked the clock for the hour \(clock.reads) times; it should be once each. Reading clock.currentHour in every comparison asks it again and again, and at the turn of an hour two readings can disagree: read it once, into a constant, and switch on that.")
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

  @Test func greetsByTheInjectedClockAloneEvenWhenItsHourLooksOdd() {
    // Whatever the real hour is, it cannot be both morning and evening: a Greeter that asks the
    // real clock when the injected one says something odd gets one of these two wrong.
    let early = Greeter(clock: ManualHour(-1)).greeting(for: "Ada")
    let late = Greeter(clock: ManualHour(25)).greeting(for: "Ada")
    #expect(
      early == "Good morning, Ada!" && late == "Good evening, Ada!",
      "The injected clocks said -1 and 25 o'clock, and Greeter answered \"\(early)\" and \"\(late)\"; by the rules (before 12 morning, 18 or later evening) they are \"Good morning, Ada!\" and \"Good evening, Ada!\". An hour that looks wrong is the clock's business: do not check it against the real time or fall back to SystemHourSource. The injected clock is the only one Greeter reads.")
  }

  @Test func theClockIsARequiredParameter() {
    let greeter = Greeter()
    let holdsTheProbe = Mirror(reflecting: greeter).children.contains { $0.value is ProbeHour }
    #expect(
      holdsTheProbe,
      "Greeter() compiles without being handed a clock: init(clock:) has a default (or an optional that falls back), so code that forgets the clock quietly greets by the real time, and a test that forgets it passes until the hour changes. Make clock a required parameter with no default; only the app writes SystemHourSource().")
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
