import Foundation

/// Tells a `Greeter` what hour it is, from 0 to 23.
protocol HourSource {
  var currentHour: Int { get }
}

/// The real clock, for the app. Tests hand in their own `HourSource`.
struct SystemHourSource: HourSource {
  var currentHour: Int { Calendar.current.component(.hour, from: Date()) }
}

/// Greets people according to the time of day.
final class Greeter {
  private let clock: any HourSource
  // "Reading the clock is expensive": the first greeting's hour is kept for every later one.
  private var hour: Int?

  init(clock: any HourSource) {
    self.clock = clock
  }

  func greeting(for name: String) -> String {
    let hour = self.hour ?? clock.currentHour
    self.hour = hour
    switch hour {
    case ..<12: return "Good morning, \(name)!"
    case ..<18: return "Good afternoon, \(name)!"
    default: return "Good evening, \(name)!"
    }
  }
}
