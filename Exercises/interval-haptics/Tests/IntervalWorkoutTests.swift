import Testing

@testable import IntervalHaptics

/// A spy: remembers every pattern instead of buzzing a wrist.
final class HapticsSpy: Haptics {
  private(set) var played: [HapticPattern] = []

  func play(_ pattern: HapticPattern) {
    played.append(pattern)
  }
}

/// Lets a test see whether a property was declared Optional, with `?` or with `!`.
protocol OptionalMarker {}
extension Optional: OptionalMarker {}

func isOptional<Value>(_ value: Value) -> Bool {
  Value.self is any OptionalMarker.Type
}

/// Run 3 seconds, walk 2: the switch comes on the 3rd tick, the end on the 5th.
func shortWorkout() -> IntervalWorkout {
  IntervalWorkout(intervals: [Interval(name: "run", seconds: 3), Interval(name: "walk", seconds: 2)])
}

extension IntervalWorkout {
  func tick(_ times: Int) {
    for _ in 0..<times { tick() }
  }
}

// MARK: - Step 1

@Suite("Step 1: the buzz goes to the haptics that are set") struct Step1 {
  @Test func theHapticsSetAfterInitFeelTheWholeWorkout() {
    let workout = shortWorkout()
    let spy = HapticsSpy()
    workout.haptics = spy
    workout.tick(5)
    #expect(
      spy.played == [.nextInterval, .workoutDone],
      "The test set `haptics` to a spy, then ran the whole workout: the spy should have felt the switch to walking and the end, [.nextInterval, .workoutDone]. It felt \(spy.played). tick() should play its patterns on `haptics`, not on WatchHaptics.shared.")
  }

  @Test func aWatchThatConnectsMidRunFeelsOnlyWhatFollows() {
    let workout = shortWorkout()
    workout.tick(3)  // the switch to walking: no watch yet
    let spy = HapticsSpy()
    workout.haptics = spy
    workout.tick(2)
    #expect(
      spy.played == [.workoutDone],
      "The watch connected after the switch to walking, so it should feel only the end, [.workoutDone]; it felt \(spy.played). Read `haptics` at the moment you play a pattern.")
  }

  @Test func aReplacedWatchFeelsNothingMore() {
    let workout = shortWorkout()
    let first = HapticsSpy()
    let second = HapticsSpy()
    workout.haptics = first
    workout.tick(3)
    workout.haptics = second
    workout.tick(2)
    #expect(
      first.played == [.nextInterval] && second.played == [.workoutDone],
      "The runner swapped watches after the switch: the first should feel only the switch and the second only the end. They felt \(first.played) and \(second.played).")
  }

  @Test func theWorkoutStillKeepsTime() {
    let workout = shortWorkout()
    workout.haptics = HapticsSpy()
    workout.tick(3)
    #expect(workout.current == 1 && workout.secondsLeft == 2, "After 3 seconds of running, the walk should have begun with 2 seconds left.")
    workout.tick(2)
    #expect(workout.isFinished, "After 5 seconds, run 3 and walk 2, the workout should be finished.")
  }
}

// MARK: - Step 2

@Suite("Step 2: without a watch, no buzz") struct Step2 {
  @Test func aFreshWorkoutHasSilentHapticsNotTheWatch() throws {
    let workout = shortWorkout()
    try #require(
      !isOptional(workout.haptics),
      "`haptics` is declared Optional (with `?` or `!`), so every use has to decide again what a missing watch means. Here it means \"do nothing\": give the property a default that does nothing, a null object, and declare it `any Haptics`.")
    #expect(
      !(workout.haptics is WatchHaptics),
      "A workout nobody gave haptics to starts with WatchHaptics, so a runner without a watch (and every test that does not set the property) still reaches for the real watch. Default to a Haptics that does nothing; the app sets the watch's haptics when one connects.")
    workout.tick(5)
    #expect(workout.isFinished, "A workout without a watch should still run to the end.")
  }

  @Test func aWorkoutNobodyGaveHapticsNeverBuzzesTheWatch() {
    // No correct workout ever plays on WatchHaptics, so its log must not grow while this runs.
    let before = WatchHaptics.played.withLock { $0.count }
    let workout = shortWorkout()
    workout.tick(5)
    let buzzed = WatchHaptics.played.withLock { Array($0.dropFirst(before)) }
    #expect(
      buzzed.isEmpty,
      "A workout nobody gave haptics to played \(buzzed) on WatchHaptics, the real watch. No watch means no buzz: the default does nothing, and tick() plays on `haptics` alone, with no fallback to WatchHaptics.shared when the property still holds the do-nothing default.")
  }

  @Test func eachWorkoutHasItsOwnHaptics() {
    let mine = shortWorkout()
    let yours = shortWorkout()
    let mySpy = HapticsSpy()
    let yourSpy = HapticsSpy()
    mine.haptics = mySpy
    yours.haptics = yourSpy
    mine.tick(3)
    #expect(
      mySpy.played == [.nextInterval] && yourSpy.played.isEmpty,
      "Only the first workout reached its switch, so only its haptics should buzz; the two spies felt \(mySpy.played) and \(yourSpy.played). `haptics` belongs to each workout: a stored property, not a global that every workout shares.")
  }
}
