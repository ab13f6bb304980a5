import Testing

@testable import ProfileScreenTracker

/// A spy: remembers every event instead of sending it anywhere.
final class RecordingScreenTracker: ScreenTracker {
  private(set) var events: [String] = []

  func track(_ event: String) {
    events.append(event)
  }
}

/// Lets a test see whether a property was declared Optional, with `?` or with `!`.
protocol OptionalMarker {}
extension Optional: OptionalMarker {}

func isOptional<Value>(_ value: Value) -> Bool {
  Value.self is any OptionalMarker.Type
}

@Suite struct ProfileScreenTests {
  /// Runs in a child process, so a crash fails this one test instead of the whole run.
  @Test func aScreenNobodyConfiguredDoesNotCrash() async {
    await #expect(
      processExitsWith: .success,
      "ProfileScreen crashed when it appeared before anyone set its tracker: a `ScreenTracker!` that is still nil traps on first use, far from the code that forgot to set it. Make the property non-optional, with a NoOpScreenTracker as its default."
    ) {
      let screen = ScreenFramework.present(ProfileScreen.self)
      screen.tapFollow()
    }
  }

  @Test func aFreshScreenStartsWithTheNullObject() {
    let screen = ProfileScreen()
    #expect(
      screen.tracker is NoOpScreenTracker,
      "A ProfileScreen the framework has just created should already hold a NoOpScreenTracker, so it is never half-built. Give `tracker` a default value instead of `!`.")
    #expect(
      !isOptional(screen.tracker),
      "`tracker` is still declared with `!` or `?`. A default alone is not enough: any code can still set it to nil, and the next tap crashes. Declare it `var tracker: any ScreenTracker = NoOpScreenTracker()`.")
  }

  @Test func theTrackerSetInConfigureSeesTheScreenAppear() {
    let spy = RecordingScreenTracker()
    _ = ScreenFramework.present(ProfileScreen.self) { $0.tracker = spy }
    #expect(
      spy.events == ["profile_viewed"],
      "The app set the tracker in `configure`, before the screen appeared, so it should see `profile_viewed`; it saw \(spy.events).")
  }

  @Test func aTrackerSetLaterReceivesLaterTaps() {
    let first = RecordingScreenTracker()
    let screen = ScreenFramework.present(ProfileScreen.self) { $0.tracker = first }
    let second = RecordingScreenTracker()
    screen.tracker = second  // e.g. the user changed their analytics settings
    screen.tapFollow()
    #expect(screen.followers == 1)
    #expect(
      first.events == ["profile_viewed"] && second.events == ["follow_tapped"],
      "After the tracker is replaced, taps go to the new one: the first saw \(first.events), the second \(second.events).")
  }
}
