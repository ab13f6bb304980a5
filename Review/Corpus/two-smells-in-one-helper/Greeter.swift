import Foundation

/// A helper with the clock read directly and a singleton reached for: two remarks, two lines.
func greeting(for name: String) -> String {
  let hour = Calendar.current.component(.hour, from: Date())  // review: hidden-input
  UserDefaults.standard.set(name, forKey: "last")  // review: global-singleton
  return hour < 12 ? "Good morning, \(name)" : "Hello, \(name)"
}

final class Greeter: @unchecked Sendable {  // review: unguarded-unchecked-sendable
  var greeted = 0
  var lastID = UUID()  // review: hidden-input
}
