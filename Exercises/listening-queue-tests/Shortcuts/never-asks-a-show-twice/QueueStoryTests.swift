import Foundation
import Listening
import Testing

/// The feed server's double: a title per show (or an error), and a count of requests.
final class FeedDouble: EpisodeFeed {
  private let titles: [String: String]
  private(set) var requests: [String] = []

  init(_ titles: [String: String]) {
    self.titles = titles
  }

  func latest(show: String) throws -> String {
    requests.append(show)
    guard let title = titles[show] else { throw FeedError.unknownShow }
    return title
  }
}

final class StoreSpy: QueueStore {
  var episodes: [Episode] = []
  private(set) var saves = 0
  func load() -> [Episode] { episodes }
  func save(_ episodes: [Episode]) {
    saves += 1
    self.episodes = episodes
  }
}

final class MovableClock: QueueClock {
  var time = Date(timeIntervalSince1970: 0)
  func now() -> Date { time }
}

final class EventSpy: QueueAnalytics {
  private(set) var events: [QueueEvent] = []
  func track(_ event: QueueEvent) { events.append(event) }
}

/// A test configuration and its doubles.
struct App {
  let feed: FeedDouble
  let store = StoreSpy()
  let clock = MovableClock()
  let events = EventSpy()
  let root: QueueRoot

  init(_ titles: [String: String]) {
    feed = FeedDouble(titles)
    root = QueueRoot.test(feed: feed, store: store, clock: clock, analytics: events)
  }
}

@Suite struct QueueStoryTests {
  @Test func queueTwoShowsAndReopen() throws {
    let app = App(["Radiolab": "Colors", "99% Invisible": "Roman Mars"])
    let queue = app.root.makeQueue()
    queue.open()
    try queue.queue(show: "Radiolab")
    app.clock.time = Date(timeIntervalSince1970: 3_600)
    try queue.queue(show: "99% Invisible")
    let expected = [
      Episode(show: "Radiolab", title: "Colors", queuedAt: Date(timeIntervalSince1970: 0)),
      Episode(show: "99% Invisible", title: "Roman Mars", queuedAt: Date(timeIntervalSince1970: 3_600)),
    ]
    #expect(app.store.episodes == expected)
    #expect(app.events.events == [
      .opened(episodes: 0), .feedRequested(show: "Radiolab"), .queued(show: "Radiolab"),
      .feedRequested(show: "99% Invisible"), .queued(show: "99% Invisible"),
    ])
    let reopened = app.root.makeQueue()
    reopened.open()
    #expect(reopened.episodes == expected)
  }

  @Test func eachRootHasItsOwnCache() throws {
    let first = App(["Radiolab": "Colors"])
    try first.root.makeQueue().queue(show: "Radiolab")
    let second = App(["Radiolab": "Space"])
    let queue = second.root.makeQueue()
    try queue.queue(show: "Radiolab")
    #expect(queue.episodes.map(\.title) == ["Space"])
    #expect(second.feed.requests == ["Radiolab"])
  }

  @Test func aFeedErrorQueuesNothing() {
    let app = App([:])
    let queue = app.root.makeQueue()
    #expect(throws: FeedError.unknownShow) { try queue.queue(show: "Nope") }
    #expect(queue.episodes.isEmpty && app.store.saves == 0)
    #expect(!app.events.events.contains(.queued(show: "Nope")))
  }

  @Test func thePreviewShowsSamplesWithoutIO() throws {
    let queue = QueueRoot.preview.makeQueue()
    queue.open()
    #expect(queue.episodes == PreviewQueue.episodes)
    try queue.queue(show: "Serial")
    #expect(queue.episodes.last?.title == "Sample episode of Serial")
  }
}
