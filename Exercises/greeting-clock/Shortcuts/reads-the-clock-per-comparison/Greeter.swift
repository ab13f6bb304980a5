import Foundation

/// Tells a `Greeter` what hour it is, from 0 to 23.
protocol HourSource {
  var currentHour: Int { get }
}

/// The real clock, for the app. Tests hand in their own `HourSource`.
struct SystemHourSource: HourSource {
  var currentHour: Int { Calendar.current.component(.hour, from: Date()) }
}

struct Greeter {
  private let clock: any HourSource
  init(clock: any HourSource) { self.clock = clock }
  func greeting(for name: String) -> String {
    if clock.currentHour < 12 { return "Good morning, \(name)!" }
    if clock.currentHour < 18 { return "Good afternoon, \(name)!" }
    return "Good evening, \(name)!"
  }
}
