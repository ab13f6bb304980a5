import Synchronization

protocol PackingTracker {
  func track(_ event: String)
}

struct LiveTracker: PackingTracker {
  static let sent = Mutex<[String]>([])

  func track(_ event: String) {
    Self.sent.withLock { $0.append(event) }
    print("LIVE: tracking event \(event)")
  }
}

struct NoOpTracker: PackingTracker {
  func track(_ event: String) {}
}

final class PackingList {
  let items: [String]
  private(set) var packed: Set<String> = []

  nonisolated(unsafe) private static var current: any PackingTracker = NoOpTracker()
  var tracker: any PackingTracker {
    get { Self.current }
    set { Self.current = newValue }
  }

  init(items: [String]) {
    self.items = items
  }

  var isComplete: Bool { packed.count == items.count }

  func pack(_ item: String) {
    guard items.contains(item), !packed.contains(item) else { return }
    packed.insert(item)
    tracker.track("item_packed: \(item)")
    if isComplete {
      tracker.track("list_complete")
    }
  }
}
