import Synchronization

/// A vibration the runner feels on the wrist.
enum HapticPattern: Equatable {
  /// Time to switch: the next interval starts.
  case nextInterval
  /// The last interval is over.
  case workoutDone
}

/// Something that can buzz the runner.
protocol Haptics {
  func play(_ pattern: HapticPattern)
}

/// The paired watch's vibration motor. The real one sends each pattern to the watch over
/// Bluetooth; exercises run offline, so it prints what it would have played, and keeps it in
/// `played` (the tests read it: keep it).
struct WatchHaptics: Haptics {
  static let shared = WatchHaptics()

  /// Every pattern a `WatchHaptics` played in this run.
  static let played = Mutex<[HapticPattern]>([])

  func play(_ pattern: HapticPattern) {
    Self.played.withLock { $0.append(pattern) }
    print("LIVE: buzzing the watch: \(pattern)")
  }
}

/// The null object: no watch, no buzz.
struct NoHaptics: Haptics {
  func play(_ pattern: HapticPattern) {}
}

/// One part of a workout: run for 60 seconds, walk for 30.
struct Interval: Equatable {
  let name: String
  let seconds: Int
}

/// Runs an interval workout on the phone. The app calls `tick()` once a second, and the
/// runner feels a buzz on the wrist when it is time to switch, and when the workout is done.
final class IntervalWorkout {
  let intervals: [Interval]
  /// The position of the interval in progress, in `intervals`.
  private(set) var current = 0
  private(set) var secondsLeft: Int
  private(set) var isFinished = false

  /// Set when a watch connects, and set back to `NoHaptics()` when it goes. Until then, the
  /// workout runs without a buzz.
  var haptics: any Haptics = NoHaptics()

  init(intervals: [Interval]) {
    precondition(!intervals.isEmpty, "a workout needs at least one interval")
    self.intervals = intervals
    secondsLeft = intervals[0].seconds
  }

  /// One second has passed.
  func tick() {
    guard !isFinished else { return }
    secondsLeft -= 1
    guard secondsLeft == 0 else { return }
    if current + 1 < intervals.count {
      current += 1
      secondsLeft = intervals[current].seconds
      haptics.play(.nextInterval)
    } else {
      isFinished = true
      haptics.play(.workoutDone)
    }
  }
}
