import Foundation

struct StoppedTime: TimeSource {
  let now: Date
}
