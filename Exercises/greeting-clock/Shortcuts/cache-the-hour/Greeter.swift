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
struct Greeter {
  private let hour: Int

  init(clock: any HourSource) {
    // The injected clock is read, but only once: the hour is kept, the clock is dropped.
    hour = clock.currentHour
  }

  func greeting(for name: String) -> String {
    switch hour {
    case ..<12: return "Good morning, \(name)!"
    case ..<18: return "Good afternoon, \(name)!"
    default: return "Good evening, \(name)!"
    }
  }
}
