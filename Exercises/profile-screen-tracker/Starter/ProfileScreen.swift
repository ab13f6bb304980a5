/// Reports which screens people look at and what they tap.
protocol ScreenTracker {
  func track(_ event: String)
}

/// The null object: a tracker that does nothing.
struct NoOpScreenTracker: ScreenTracker {
  func track(_ event: String) {}
}

// MARK: - The framework (do not edit)

/// A screen that the framework creates by itself, with a plain `init()`, the way a storyboard
/// creates a view controller. You cannot add parameters to that `init`, so you cannot use
/// constructor injection for a screen.
protocol FrameworkScreen: AnyObject {
  init()
  func screenDidAppear()
}

/// A tiny stand-in for a UI framework.
enum ScreenFramework {
  /// Creates a screen, lets the app configure it, and shows it.
  ///
  /// `configure` is the app's one chance to set properties before the screen appears. The app
  /// may also set them later, or forget to.
  static func present<Screen: FrameworkScreen>(
    _ type: Screen.Type, configure: (Screen) -> Void = { _ in }
  ) -> Screen {
    let screen = Screen()
    configure(screen)
    screen.screenDidAppear()
    return screen
  }
}

// MARK: - Your code

/// The profile screen's logic: a follower count and a Follow button.
final class ProfileScreen: FrameworkScreen {
  /// Injected by the app after the framework has created the screen.
  var tracker: (any ScreenTracker)!

  private(set) var followers = 0

  required init() {}

  func screenDidAppear() {
    tracker.track("profile_viewed")
  }

  func tapFollow() {
    followers += 1
    tracker.track("follow_tapped")
  }
}
