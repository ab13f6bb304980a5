/// Counts profile views and Follow taps. Businesses pay for every view of their profile, so
/// these events are billing records, not optional analytics: a screen without its tracker is a
/// bug, and a do-nothing tracker would give views away without a sound.
protocol ScreenTracker {
  func track(_ event: String)
}

// MARK: - The framework (do not edit)

/// A screen the framework can show.
protocol FrameworkScreen: AnyObject {
  /// Called by the framework once the screen is on display.
  func screenDidAppear()
}

/// A screen the framework can build by itself, from its type, with a plain `init()`: the way a
/// storyboard builds a view controller. Nothing can be passed to that `init`.
protocol AutoCreatedScreen: FrameworkScreen {
  init()
}

/// The UI framework, as the app sees it: it creates a screen and shows it.
protocol ScreenHost {
  /// The old way: the framework calls `Screen()` itself, then `prepare` (the app's one chance
  /// to set properties), then shows the screen.
  func show<Screen: AutoCreatedScreen>(_ type: Screen.Type, prepare: (Screen) -> Void) -> Screen

  /// The door to constructor injection, like UIKit's
  /// `instantiateViewController(identifier:creator:)`: the framework calls `creator` when it
  /// needs the screen, and the app builds it with any `init` it likes.
  func show<Screen: FrameworkScreen>(creator: () -> Screen) -> Screen
}

extension ScreenHost {
  /// The old way, with nothing to prepare.
  func show<Screen: AutoCreatedScreen>(_ type: Screen.Type) -> Screen {
    show(type, prepare: { _ in })
  }
}

/// The framework's own host, the one the app runs with. (The tests use a fake that also
/// remembers how each screen was made.)
struct Navigator: ScreenHost {
  func show<Screen: AutoCreatedScreen>(_ type: Screen.Type, prepare: (Screen) -> Void) -> Screen {
    let screen = Screen()
    prepare(screen)
    screen.screenDidAppear()
    return screen
  }

  func show<Screen: FrameworkScreen>(creator: () -> Screen) -> Screen {
    let screen = creator()
    screen.screenDidAppear()
    return screen
  }
}

// MARK: - Your code

struct SilentTracker: ScreenTracker {
  func track(_ event: String) {}
}

final class ProfileScreen: FrameworkScreen {
  let tracker: any ScreenTracker
  private(set) var followers = 0

  init(tracker: any ScreenTracker = SilentTracker()) {
    self.tracker = tracker
  }

  func screenDidAppear() {
    tracker.track("profile_viewed")
  }

  func tapFollow() {
    followers += 1
    tracker.track("follow_tapped")
  }
}

struct ProfileRouter {
  let host: any ScreenHost
  let tracker: any ScreenTracker

  func showProfileTab() -> ProfileScreen {
    host.show(creator: { ProfileScreen(tracker: tracker) })
  }

  func openProfileLink() -> ProfileScreen {
    host.show(creator: { ProfileScreen(tracker: tracker) })
  }
}
