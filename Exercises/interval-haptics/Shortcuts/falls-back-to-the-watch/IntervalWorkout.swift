import Synchronization

enum HapticPattern: Equatable {
  case nextInterval
  case workoutDone
}

/// The paired watch's vibration motor.
protocol Haptics {
  func play(_ pattern: HapticPattern)
}

struct WatchHaptics: Haptics {
  static let shared = WatchHaptics()

  /// Every pattern a `WatchHaptics` played in this run.
  static let played = Mutex<[HapticPattern]>([])

  func play(_ pattern: HapticPattern) {
    Self.played.withLock { $0.append(pattern) }
    print("LIVE: buzzing the watch: \(pattern)")
  }
}

/// No watch: no buzz.
struct SilentHaptics: Haptics {
  func play(_ pattern: HapticPattern) {}
}

struct Interval: Equatable {
  let name: String
  let seconds: Int
}

final class IntervalWorkout {
  let intervals: [Interval]
  private(set) var current = 0
  private(set) var secondsLeft: Int
  private(set) var isFinished = false
  var haptics: any Haptics = SilentHaptics()

  init(intervals: [Interval]) {
    precondition(!intervals.isEmpty, "a workout needs at least one interval")
    self.intervals = intervals
    secondsLeft = intervals[0].seconds
  }

  private func buzz(_ pattern: HapticPattern) {
    if haptics is SilentHaptics {
      WatchHaptics.shared.play(pattern)
    } else {
      haptics.play(pattern)
    }
  }

  func tick() {
    guard !isFinished else { return }
    secondsLeft -= 1
    guard secondsLeft == 0 else { return }
    if current + 1 < intervals.count {
      current += 1
      secondsLeft = intervals[current].seconds
      buzz(.nextInterval)
    } else {
      isFinished = true
      buzz(.workoutDone)
    }
  }
}
