import Foundation
import Testing

/// An episode on the listening queue.
struct Episode: Equatable, Sendable {
  let show: String
  let title: String
  /// When it was queued, by the app's clock.
  let queuedAt: Date
}

enum FeedError: Error, Equatable {
  /// The feed server does not know the show.
  case unknownShow
}

/// What the app tells the product team.
enum QueueEvent: Equatable, Sendable {
  case opened(episodes: Int)
  case queued(show: String)
  /// One request reached the feed server.
  case feedRequested(show: String)
}

/// The feed server: the latest episode's title of a show.
protocol EpisodeFeed {
  func latest(show: String) throws -> String
}

/// Where the queue is kept between launches; `save` replaces it.
protocol QueueStore {
  func load() -> [Episode]
  func save(_ episodes: [Episode])
}

protocol QueueClock {
  func now() -> Date
}

protocol QueueAnalytics {
  func track(_ event: QueueEvent)
}

/// Remembers the latest title per show, for the life of the stack it is part of.
final class CachingFeed: EpisodeFeed {
  private let base: any EpisodeFeed
  private var known: [String: String] = [:]

  init(base: any EpisodeFeed) {
    self.base = base
  }

  func latest(show: String) throws -> String {
    if let title = known[show] { return title }
    let title = try base.latest(show: show)
    known[show] = title
    return title
  }
}

/// Tracks `.feedRequested(show:)` for every request that passes through it, then passes it on.
struct CountingFeed: EpisodeFeed {
  let base: any EpisodeFeed
  let analytics: any QueueAnalytics

  func latest(show: String) throws -> String {
    analytics.track(.feedRequested(show: show))
    return try base.latest(show: show)
  }
}

/// The queue screen's model.
final class QueueModel {
  private let feed: any EpisodeFeed
  private let store: any QueueStore
  private let clock: any QueueClock
  private let analytics: any QueueAnalytics
  private(set) var episodes: [Episode] = []

  init(feed: any EpisodeFeed, store: any QueueStore, clock: any QueueClock, analytics: any QueueAnalytics) {
    self.feed = feed
    self.store = store
    self.clock = clock
    self.analytics = analytics
  }

  /// Loads the queue, then tracks `.opened(episodes:)`.
  func open() {
    episodes = store.load()
    analytics.track(.opened(episodes: episodes.count))
  }

  /// Asks the feed for the show's latest title, appends it stamped with the clock's time, saves
  /// the queue, then tracks `.queued(show:)`. A feed error is thrown, and nothing else happens.
  func queue(show: String) throws {
    let title = try feed.latest(show: show)
    episodes.append(Episode(show: show, title: title, queuedAt: clock.now()))
    store.save(episodes)
    analytics.track(.queued(show: show))
  }
}

/// The composition root.
struct QueueRoot {
  let feed: any EpisodeFeed
  let store: any QueueStore
  let clock: any QueueClock
  let analytics: any QueueAnalytics

  /// On a phone.
  static func live(folder: URL) -> QueueRoot {
    let analytics = LiveAnalytics()
    return QueueRoot(
      feed: stack(LiveFeed(), analytics: analytics), store: DiskQueueStore(folder: folder),
      clock: WallClock(), analytics: analytics)
  }

  /// In a test: the live stack around the test's parts.
  static func test(
    feed: any EpisodeFeed, store: any QueueStore, clock: any QueueClock, analytics: any QueueAnalytics
  ) -> QueueRoot {
    QueueRoot(feed: stack(feed, analytics: analytics), store: store, clock: clock, analytics: analytics)
  }

  /// In a preview: sample data, no I/O, a fresh graph each time.
  static var preview: QueueRoot { sharedPreview }
  nonisolated(unsafe) private static let sharedPreview =
    QueueRoot(
      feed: SampleFeed(), store: MemoryQueueStore(episodes: PreviewQueue.episodes),
      clock: FixedQueueClock(date: PreviewQueue.date), analytics: SilentAnalytics())

  /// Read from the outside in: memory first, so a known show costs no request; the counter
  /// next to the server, so each request is counted once and nothing else is.
  static func stack(_ server: any EpisodeFeed, analytics: any QueueAnalytics) -> any EpisodeFeed {
    CachingFeed(base: CountingFeed(base: server, analytics: analytics))
  }

  func makeQueue() -> QueueModel {
    QueueModel(feed: feed, store: store, clock: clock, analytics: analytics)
  }
}

// MARK: - Preview parts: sample data, no I/O.

struct SampleFeed: EpisodeFeed {
  func latest(show: String) throws -> String { "Sample episode of \(show)" }
}

final class MemoryQueueStore: QueueStore {
  private var episodes: [Episode]
  init(episodes: [Episode] = []) { self.episodes = episodes }
  func load() -> [Episode] { episodes }
  func save(_ episodes: [Episode]) { self.episodes = episodes }
}

struct FixedQueueClock: QueueClock {
  let date: Date
  func now() -> Date { date }
}

struct SilentAnalytics: QueueAnalytics {
  func track(_ event: QueueEvent) {}
}

enum PreviewQueue {
  static let date = Date(timeIntervalSince1970: 1_709_283_600)
  static let episodes = [Episode(show: "Radiolab", title: "Sample episode of Radiolab", queuedAt: date)]
}

// MARK: - Live parts: in this exercise a test that uses one fails.

struct LiveFeed: EpisodeFeed {
  func latest(show: String) throws -> String {
    reachedALivePart(
      "This test asked LiveFeed, the live feed server, for \(show): in the app that is a network request. Drive the app through QueueRoot.test with a feed double of your own.")
    return "live"
  }
}

struct DiskQueueStore: QueueStore {
  let folder: URL
  func load() -> [Episode] {
    reachedALivePart(
      "This test read the queue from DiskQueueStore, the live store on disk. Pass a store double of your own to QueueRoot.test.")
    return []
  }
  func save(_ episodes: [Episode]) {
    reachedALivePart(
      "This test wrote the queue to DiskQueueStore, the live store on disk. Pass a store double of your own to QueueRoot.test.")
  }
}

struct WallClock: QueueClock {
  func now() -> Date {
    reachedALivePart(
      "This test read WallClock, the device's clock: its time is new at every run, so no test can check a stamp by it or see a clock read at the wrong moment. Pass a clock double the test moves.")
    return Date()
  }
}

struct LiveAnalytics: QueueAnalytics {
  func track(_ event: QueueEvent) {
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

// MARK: - Two rules for the tests, kept by the module they are compiled in

/// `withKnownIssue` in this module hides nothing: it records an issue of its own and runs its body
/// as plain test code. Here it could only hide what a live part records when a test reaches it,
/// and a known issue does not make that request safe.
let knownIssueHidesNothing =
  "This test used withKnownIssue, which would hide the issue a live part (LiveFeed, DiskQueueStore, WallClock, LiveAnalytics) records when a test reaches it; in this exercise it hides nothing. A known issue does not make a live call safe: drive every story through QueueRoot.test with doubles of your own, and leave QueueRoot.live to the app."

func withKnownIssue(
  _ comment: Comment? = nil, isIntermittent: Bool = false, sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () throws -> Void
) {
  Issue.record(Comment(rawValue: knownIssueHidesNothing), sourceLocation: sourceLocation)
  do { try body() } catch { Issue.record(error, sourceLocation: sourceLocation) }
}

func withKnownIssue(
  _ comment: Comment? = nil, isIntermittent: Bool = false, sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () throws -> Void, when precondition: () -> Bool = { true },
  matching issueMatcher: @escaping KnownIssueMatcher = { _ in true }
) rethrows {
  Issue.record(Comment(rawValue: knownIssueHidesNothing), sourceLocation: sourceLocation)
  try body()
}

func withKnownIssue(
  _ comment: Comment? = nil, isIntermittent: Bool = false, isolation: isolated (any Actor)? = #isolation,
  sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
) async {
  Issue.record(Comment(rawValue: knownIssueHidesNothing), sourceLocation: sourceLocation)
  do { try await body() } catch { Issue.record(error, sourceLocation: sourceLocation) }
}

func withKnownIssue(
  _ comment: Comment? = nil, isIntermittent: Bool = false, isolation: isolated (any Actor)? = #isolation,
  sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void,
  when precondition: () async -> Bool = { true }, matching issueMatcher: @escaping KnownIssueMatcher = { _ in true }
) async rethrows {
  Issue.record(Comment(rawValue: knownIssueHidesNothing), sourceLocation: sourceLocation)
  try await body()
}

/// `Task.detached` in this module keeps the test it was started from: it runs its work as a plain
/// `Task`, which carries the test's task-locals along (lesson 9). A detached task starts with none,
/// not even the current test, so the issue a live part records there would reach no test; here it
/// reaches the test that started the task, and fails it.
extension Task where Failure == Never {
  @discardableResult
  static func detached(
    name: String? = nil, priority: TaskPriority? = nil,
    operation: sending @escaping @isolated(any) () async -> Success
  ) -> Task<Success, Never> {
    Task(name: name, priority: priority, operation: operation)
  }
}

extension Task where Failure == any Error {
  @discardableResult
  static func detached(
    name: String? = nil, priority: TaskPriority? = nil,
    operation: sending @escaping @isolated(any) () async throws -> Success
  ) -> Task<Success, any Error> {
    Task(name: name, priority: priority, operation: operation)
  }
}
