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

/// A framework that builds a screen ahead of time (to have it ready before the user taps) and
/// shows it later, when `appear()` is called.
final class PreloadingScreenHost: ScreenHost {
  private var preloaded: [any FrameworkScreen] = []

  func show<Screen: AutoCreatedScreen>(_ type: Screen.Type, prepare: (Screen) -> Void) -> Screen {
    let screen = Screen()
    prepare(screen)
    preloaded.append(screen)
    return screen
  }

  func show<Screen: FrameworkScreen>(creator: () -> Screen) -> Screen {
    let screen = creator()
    preloaded.append(screen)
    return screen
  }

  /// The user taps: every preloaded screen is now on display.
  func appear() {
    for screen in preloaded { screen.screenDidAppear() }
    preloaded = []
  }
}

/// `ProfileScreen()` with no arguments. If ProfileScreen has an init that needs none (a plain
/// `init()`, or `init(tracker:)` with a default value), Swift calls that one. If it has none,
/// `ProfileScreen()` lands here, in the test's own init, which stops the program: that is the
/// right outcome, checked in a child process.
protocol BuiltWithNoArguments {}
extension ProfileScreen: BuiltWithNoArguments {}
extension BuiltWithNoArguments {
  init(_ nothingGiven: Void = ()) {
    fatalError("ProfileScreen() found no init of ProfileScreen's own to call: right, a screen needs its tracker")
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

  @Test func aViewIsBilledWhenTheScreenAppearsNotWhenItIsBuilt() {
    let host = PreloadingScreenHost()
    let spy = RecordingScreenTracker()
    _ = ProfileRouter(host: host, tracker: spy).showProfileTab()
    #expect(
      spy.events.isEmpty,
      "The framework built the profile screen ahead of time and has not shown it yet, but the tracker already saw \(spy.events). Businesses pay per view: `profile_viewed` belongs in screenDidAppear(), which the framework calls once the screen is on display, not in init.")
    host.appear()
    #expect(
      spy.events == ["profile_viewed"],
      "The preloaded screen appeared once, so the tracker should have seen one `profile_viewed`; it saw \(spy.events).")
  }

  /// Runs in a child process: with no way to build a screen without a tracker, the test's own
  /// stand-in `init` is the one that runs, and it stops the child.
  @Test func noTrackerNoScreen() async {
    await #expect(
      processExitsWith: .failure,
      "`ProfileScreen()` built a screen although nobody gave it a tracker: init(tracker:) has a default value (a do-nothing tracker, say), or a plain init() is still there. Then the next route someone adds can forget the tracker again, and its views are billed to nobody. Give `tracker` no default: every caller must choose it."
    ) {
      _ = ProfileScreen()
    }
  }

  @Test func everyShowBuildsANewScreen() {
    let router = ProfileRouter(host: FakeScreenHost(), tracker: RecordingScreenTracker())
    let first = router.showProfileTab()
    first.tapFollow()
    let second = router.showProfileTab()
    #expect(
      first !== second && second.followers == 0,
      "Showing the Profile tab twice returned the same ProfileScreen, with the first visit's follower count (\(second.followers)) still on it. The framework calls your creator when it needs a screen: build a new ProfileScreen(tracker:) inside the closure, not one kept from the router's init.")
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
