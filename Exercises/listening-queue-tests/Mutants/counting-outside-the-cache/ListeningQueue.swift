import Foundation
import Testing

/// An episode on the listening queue.
public struct Episode: Equatable, Sendable {
  public let show: String
  public let title: String
  /// When it was queued, by the app's clock.
  public let queuedAt: Date

  public init(show: String, title: String, queuedAt: Date) {
    self.show = show
    self.title = title
    self.queuedAt = queuedAt
  }
}

public enum FeedError: Error, Equatable, Sendable {
  /// The feed server does not know the show.
  case unknownShow
}

/// What the app tells the product team.
public enum QueueEvent: Equatable, Sendable {
  case opened(episodes: Int)
  case queued(show: String)
  /// One request reached the feed server.
  case feedRequested(show: String)
}

/// The feed server: the latest episode's title of a show.
public protocol EpisodeFeed {
  func latest(show: String) throws -> String
}

/// Where the queue is kept between launches; `save` replaces it.
public protocol QueueStore {
  func load() -> [Episode]
  func save(_ episodes: [Episode])
}

public protocol QueueClock {
  func now() -> Date
}

public protocol QueueAnalytics {
  func track(_ event: QueueEvent)
}

/// Remembers the latest title per show, for the life of the stack it is part of.
public final class CachingFeed: EpisodeFeed {
  private let base: any EpisodeFeed
  private var known: [String: String] = [:]

  public init(base: any EpisodeFeed) {
    self.base = base
  }

  public func latest(show: String) throws -> String {
    if let title = known[show] { return title }
    let title = try base.latest(show: show)
    known[show] = title
    return title
  }
}

/// Tracks `.feedRequested(show:)` for every request that passes through it, then passes it on.
public struct CountingFeed: EpisodeFeed {
  public let base: any EpisodeFeed
  public let analytics: any QueueAnalytics

  public init(base: any EpisodeFeed, analytics: any QueueAnalytics) {
    self.base = base
    self.analytics = analytics
  }

  public func latest(show: String) throws -> String {
    analytics.track(.feedRequested(show: show))
    return try base.latest(show: show)
  }
}

/// The queue screen's model.
public final class QueueModel {
  private let feed: any EpisodeFeed
  private let store: any QueueStore
  private let clock: any QueueClock
  private let analytics: any QueueAnalytics
  public private(set) var episodes: [Episode] = []

  public init(feed: any EpisodeFeed, store: any QueueStore, clock: any QueueClock, analytics: any QueueAnalytics) {
    self.feed = feed
    self.store = store
    self.clock = clock
    self.analytics = analytics
  }

  /// Loads the queue, then tracks `.opened(episodes:)`.
  public func open() {
    episodes = store.load()
    analytics.track(.opened(episodes: episodes.count))
  }

  /// Asks the feed for the show's latest title, appends it stamped with the clock's time, saves
  /// the queue, then tracks `.queued(show:)`. A feed error is thrown, and nothing else happens.
  public func queue(show: String) throws {
    let title = try feed.latest(show: show)
    episodes.append(Episode(show: show, title: title, queuedAt: clock.now()))
    store.save(episodes)
    analytics.track(.queued(show: show))
  }
}

/// The composition root.
public struct QueueRoot {
  public let feed: any EpisodeFeed
  public let store: any QueueStore
  public let clock: any QueueClock
  public let analytics: any QueueAnalytics

  public init(feed: any EpisodeFeed, store: any QueueStore, clock: any QueueClock, analytics: any QueueAnalytics) {
    self.feed = feed
    self.store = store
    self.clock = clock
    self.analytics = analytics
  }

  /// On a phone.
  public static func live(folder: URL) -> QueueRoot {
    let analytics = LiveAnalytics()
    return QueueRoot(
      feed: stack(LiveFeed(), analytics: analytics), store: DiskQueueStore(folder: folder),
      clock: WallClock(), analytics: analytics)
  }

  /// In a test: the live stack around the test's parts.
  public static func test(
    feed: any EpisodeFeed, store: any QueueStore, clock: any QueueClock, analytics: any QueueAnalytics
  ) -> QueueRoot {
    QueueRoot(feed: stack(feed, analytics: analytics), store: store, clock: clock, analytics: analytics)
  }

  /// In a preview: sample data, no I/O, a fresh graph each time.
  public static var preview: QueueRoot {
    QueueRoot(
      feed: SampleFeed(), store: MemoryQueueStore(episodes: PreviewQueue.episodes),
      clock: FixedQueueClock(date: PreviewQueue.date), analytics: SilentAnalytics())
  }

  /// Read from the outside in: memory first, so a known show costs no request; the counter
  /// next to the server, so each request is counted once and nothing else is.
  public static func stack(_ server: any EpisodeFeed, analytics: any QueueAnalytics) -> any EpisodeFeed {
    CountingFeed(base: CachingFeed(base: server), analytics: analytics)
  }

  public func makeQueue() -> QueueModel {
    QueueModel(feed: feed, store: store, clock: clock, analytics: analytics)
  }
}

// MARK: - Preview parts: sample data, no I/O.

public struct SampleFeed: EpisodeFeed, Sendable {
  public init() {}

  public func latest(show: String) throws -> String { "Sample episode of \(show)" }
}

public final class MemoryQueueStore: QueueStore {
  private var episodes: [Episode]
  public init(episodes: [Episode] = []) { self.episodes = episodes }
  public func load() -> [Episode] { episodes }
  public func save(_ episodes: [Episode]) { self.episodes = episodes }
}

public struct FixedQueueClock: QueueClock, Sendable {
  public let date: Date

  public init(date: Date) {
    self.date = date
  }
  public func now() -> Date { date }
}

public struct SilentAnalytics: QueueAnalytics, Sendable {
  public init() {}

  public func track(_ event: QueueEvent) {}
}

public enum PreviewQueue: Sendable {
  public static let date = Date(timeIntervalSince1970: 1_709_283_600)
  public static let episodes = [Episode(show: "Radiolab", title: "Sample episode of Radiolab", queuedAt: date)]
}

// MARK: - Live parts: in this exercise a test that uses one fails.

public struct LiveFeed: EpisodeFeed, Sendable {
  public init() {}

  public func latest(show: String) throws -> String {
    reachedALivePart(
      "This test asked LiveFeed, the live feed server, for \(show): in the app that is a network request. Drive the app through QueueRoot.test with a feed double of your own.")
    return "live"
  }
}

public struct DiskQueueStore: QueueStore, Sendable {
  public let folder: URL

  public init(folder: URL) {
    self.folder = folder
  }
  public func load() -> [Episode] {
    reachedALivePart(
      "This test read the queue from DiskQueueStore, the live store on disk. Pass a store double of your own to QueueRoot.test.")
    return []
  }
  public func save(_ episodes: [Episode]) {
    reachedALivePart(
      "This test wrote the queue to DiskQueueStore, the live store on disk. Pass a store double of your own to QueueRoot.test.")
  }
}

public struct WallClock: QueueClock, Sendable {
  public init() {}

  public func now() -> Date {
    reachedALivePart(
      "This test read WallClock, the device's clock: its time is new at every run, so no test can check a stamp by it or see a clock read at the wrong moment. Pass a clock double the test moves.")
    return Date()
  }
}

public struct LiveAnalytics: QueueAnalytics, Sendable {
  public init() {}

  public func track(_ event: QueueEvent) {
    reachedALivePart(
      "This test sent \(event) to LiveAnalytics, the product team's live server. Pass an analytics spy of your own to QueueRoot.test.")
  }
}

/// Records the issue on the test that reached a live part. Off every test's task (a thread of
/// its own, a dispatch queue) no issue reaches a test, so it stops the test run instead.
private func reachedALivePart(_ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
  guard Test.current != nil else {
    fatalError(
      "\(message) It ran outside the test's task (on a thread or a queue of its own), where no issue reaches the test, so the test run stops here.")
  }
  Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
}
