import Foundation

protocol Haptics: Sendable { func buzz() }

final class Workout {
  private let haptics: any Haptics
  init(haptics: any Haptics) { self.haptics = haptics }
  deinit { print("ended \(Date())") }  // review: hidden-input
  func tick() {
    func stamp() -> String { "\(Date())" }  // review: hidden-input
    print(stamp())
  }
}
