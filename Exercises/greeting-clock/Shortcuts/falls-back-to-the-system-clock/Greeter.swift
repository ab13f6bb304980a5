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
    var hour = clock.currentHour
    if !(0...23).contains(hour) { hour = SystemHourSource().currentHour }
    switch hour {
    case ..<12: return "Good morning, \(name)!"
    case ..<18: return "Good afternoon, \(name)!"
    default: return "Good evening, \(name)!"
    }
  }
}
