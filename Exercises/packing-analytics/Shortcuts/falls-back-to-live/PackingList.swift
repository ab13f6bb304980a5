import Synchronization

/// Receives product analytics events, such as `item_packed: tent`.
protocol PackingTracker {
  func track(_ event: String)
}

/// The real tracker. The app would send each event to the analytics service; exercises run
/// offline, so it prints what it would have sent, and keeps it in `sent`.
struct LiveTracker: PackingTracker {
  /// Every event a `LiveTracker` sent in this run.
  static let sent = Mutex<[String]>([])

  func track(_ event: String) {
    Self.sent.withLock { $0.append(event) }
    print("LIVE: tracking event \(event)")
  }
}

/// The null object: a tracker that does nothing. For builds without analytics, and for users
/// who have not agreed to it.
struct NoOpTracker: PackingTracker {
  func track(_ event: String) {}
}

/// A travel packing list.
///
/// Analytics is optional here: the kids' edition ships without it, and in the main app the
/// tracker is set only once the user agrees to analytics, long after the list was created.
/// That is why the tracker is a property and not an `init` parameter.
final class PackingList {
  let items: [String]
  private(set) var packed: Set<String> = []

  /// Set by the app when (and if) analytics is allowed.
  var tracker: (any PackingTracker)?

  init(items: [String]) {
    self.items = items
  }

  var isComplete: Bool { packed.count == items.count }

  /// Marks `item` as packed. Unknown items and items packed already are ignored.
  func pack(_ item: String) {
    guard items.contains(item), !packed.contains(item) else { return }
    packed.insert(item)
    let tracker = self.tracker ?? LiveTracker()
    tracker.track("item_packed: \(item)")
    if isComplete {
      tracker.track("list_complete")
    }
  }
}
