import Foundation
import Testing

// The app's parts and the container the stats feature used to reach into. Leave this file as
// it is.

/// A book on the shelf.
struct ShelfBook: Equatable, Sendable {
  let title: String
  /// When it was read; nil while unread.
  let readAt: Date?
}

/// The shelf, as the reading-list app keeps it.
protocol ShelfStore {
  func books() -> [ShelfBook]
}

/// The time.
protocol ShelfClock {
  func now() -> Date
}

/// The old way in: one container for the whole process, reachable from anywhere. The app's
/// composition root no longer fills it for the features it has moved; in this exercise a test
/// that reaches into it fails.
final class FeatureContainer {
  nonisolated(unsafe) static let shared = FeatureContainer()

  var store: any ShelfStore {
    Issue.record(
      "ShelfStats took the store from FeatureContainer.shared: a global the test cannot replace, so the stats came from the live shelf. Receive the store through init.")
    return LiveShelf()
  }

  var clock: any ShelfClock {
    Issue.record(
      "ShelfStats took the clock from FeatureContainer.shared: a global the test cannot replace. Receive the clock through init.")
    return LiveClock()
  }
}

/// The live shelf on disk.
struct LiveShelf: ShelfStore {
  func books() -> [ShelfBook] { [] }
}

/// The wall clock.
struct LiveClock: ShelfClock {
  func now() -> Date { Date() }
}
