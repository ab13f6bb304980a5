import Foundation

struct Greeter {
  func greeting() -> String {
    Calendar.current.component(.hour, from: Date()) < 12 ? "Good morning" : "Hello"
  }
}
