import Testing

@testable import ProfileScreenTracker

/// A spy: remembers every event instead of billing anyone.
final class RecordingScreenTracker: ScreenTracker {
  private(set) var events: [String] = []

  func track(_ event: String) {
    events.append(event)
  }
}

/// A fake framework: shows screens the way `Navigator` does, and remembers how each one was
/// made: by the framework with `init()`, or by the app's creator closure.
final class FakeScreenHost: ScreenHost {
  private(set) var creations: [String] = []

  func show<Screen: AutoCreatedScreen>(_ type: Screen.Type, prepare: (Screen) -> Void) -> Screen {
    creations.append("init()")
    let screen = Screen()
    prepare(screen)
    screen.screenDidAppear()
    return screen
  }

  func show<Screen: FrameworkScreen>(creator: () -> Screen) -> Screen {
    creations.append("creator")
    let screen = creator()
    screen.screenDidAppear()
    return screen
  }
}

/// Lets a test see whether a property was declared Optional, with `?` or with `!`.
protocol OptionalMarker {}
extension Optional: OptionalMarker {}

func holdsAnOptional<Root, Value>(_ property: KeyPath<Root, Value>) -> Bool {
  Value.self is any OptionalMarker.Type
}

/// Whether code outside the type can assign the property after `init`.
func canBeSetLater<Root, Value>(_ property: KeyPath<Root, Value>) -> Bool {
  property is WritableKeyPath<Root, Value>
}

/// Whether the framework may build the type by itself, with no arguments.
func frameworkCanBuild<Screen>(_ type: Screen.Type) -> Bool {
  type is any AutoCreatedScreen.Type
}

@Suite struct ProfileScreenTests {
  @Test func theTabLetsTheFrameworkCallYourCreator() {
    let host = FakeScreenHost()
    let spy = RecordingScreenTracker()
    _ = ProfileRouter(host: host, tracker: spy).showProfileTab()
    #expect(
      host.creations == ["creator"],
      "ProfileRouter let the framework build ProfileScreen with init() (the host saw \(host.creations)) and set the tracker afterwards, in `prepare`. Until that line runs the screen exists half-built, and a route without it crashes. The host has a door to constructor injection: show(creator:), where you build the screen yourself, as ProfileScreen(tracker: tracker).")
    #expect(
      spy.events == ["profile_viewed"],
      "The screen appeared, so the tracker the router was given should have seen `profile_viewed`; it saw \(spy.events).")
  }

  @Test func followTapsReachTheTrackerTheScreenWasBuiltWith() {
    let spy = RecordingScreenTracker()
    let screen = ProfileRouter(host: FakeScreenHost(), tracker: spy).showProfileTab()
    screen.tapFollow()
    screen.tapFollow()
    #expect(screen.followers == 2, "Two taps on Follow, two new followers; the screen counted \(screen.followers).")
    #expect(
      spy.events == ["profile_viewed", "follow_tapped", "follow_tapped"],
      "Every view and every tap is billed, so all of them must reach the tracker the screen was built with; it saw \(spy.events).")
  }

  /// Runs in a child process, so a crash fails this one test instead of the whole run.
  @Test func aProfileLinkCannotShowAScreenWithoutItsTracker() async {
    await #expect(
      processExitsWith: .success,
      "Opening an app://profile link crashed (or its tracker missed the view and the tap). openProfileLink() never sets the tracker, so `tracker!` traps when the screen appears: the crash report points at screenDidAppear(), far from the line that is missing. Make the tracker an `init` parameter of ProfileScreen, and the compiler rejects every route that forgets it."
    ) {
      let spy = RecordingScreenTracker()
      let screen = ProfileRouter(host: FakeScreenHost(), tracker: spy).openProfileLink()
      screen.tapFollow()
      precondition(spy.events == ["profile_viewed", "follow_tapped"], "the link's tracker saw \(spy.events)")
    }
  }

  @Test func aProfileScreenCannotExistWithoutItsTracker() {
    #expect(
      !frameworkCanBuild(ProfileScreen.self),
      "ProfileScreen still conforms to AutoCreatedScreen, so it promises a plain init() and anything can build one without a tracker. Shown through show(creator:), a screen only needs FrameworkScreen: drop AutoCreatedScreen and the `required init()` with it.")
    #expect(
      !holdsAnOptional(\ProfileScreen.tracker),
      "`tracker` is still declared with `!` or `?`, so a ProfileScreen can exist without one. Declare `let tracker: any ScreenTracker` and set it in `init(tracker:)`.")
    #expect(
      !canBeSetLater(\ProfileScreen.tracker),
      "`tracker` can still be assigned after the screen is built. A required dependency that the screen keeps for life is a `let`, set once, in `init(tracker:)`.")
  }
}
