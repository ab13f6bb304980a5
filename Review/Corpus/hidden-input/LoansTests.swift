import Foundation

struct StoppedClock: Clock {
  let now: Date
}
