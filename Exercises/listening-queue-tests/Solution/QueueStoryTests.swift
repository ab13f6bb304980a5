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

/// What the store and analytics were asked to do, in one list, so a test sees the order across
/// the two parts.
enum Effect: Equatable {
  case saved(episodes: Int)
  case tracked(QueueEvent)
}

final class EffectLog {
  private(set) var effects: [Effect] = []
  func append(_ effect: Effect) { effects.append(effect) }
}

final class StoreSpy: QueueStore {
  private let log: EffectLog
  var episodes: [Episode] = []
  init(log: EffectLog) { self.log = log }
  func load() -> [Episode] { episodes }
  func save(_ episodes: [Episode]) {
    log.append(.saved(episodes: episodes.count))
    self.episodes = episodes
  }
}

final class MovableClock: QueueClock {
  var time = Date(timeIntervalSince1970: 0)
  func now() -> Date { time }
}

final class EventSpy: QueueAnalytics {
  private let log: EffectLog
  init(log: EffectLog) { self.log = log }
  func track(_ event: QueueEvent) { log.append(.tracked(event)) }
}

/// A test configuration and its doubles.
struct App {
  let feed: FeedDouble
  let log = EffectLog()
  let store: StoreSpy
  let clock = MovableClock()
  let root: QueueRoot

  init(_ titles: [String: String]) {
    feed = FeedDouble(titles)
    store = StoreSpy(log: log)
    root = QueueRoot.test(feed: feed, store: store, clock: clock, analytics: EventSpy(log: log))
  }

  var saves: Int { log.effects.filter { if case .saved = $0 { true } else { false } }.count }
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
    #expect(app.log.effects == [
      .tracked(.opened(episodes: 0)),
      .tracked(.feedRequested(show: "Radiolab")), .saved(episodes: 1), .tracked(.queued(show: "Radiolab")),
      .tracked(.feedRequested(show: "99% Invisible")), .saved(episodes: 2), .tracked(.queued(show: "99% Invisible")),
    ])
    let reopened = app.root.makeQueue()
    reopened.open()
    #expect(reopened.episodes == expected)
    #expect(app.log.effects.last == .tracked(.opened(episodes: 2)))
  }

  @Test func aKnownShowIsNeitherRequestedNorCountedAgain() throws {
    let app = App(["Radiolab": "Colors"])
    let queue = app.root.makeQueue()
    try queue.queue(show: "Radiolab")
    try queue.queue(show: "Radiolab")
    #expect(app.feed.requests == ["Radiolab"])
    #expect(app.log.effects.filter { $0 == .tracked(.feedRequested(show: "Radiolab")) }.count == 1)
  }

  @Test func eachRootHasItsOwnCache() throws {
    let first = App(["Radiolab": "Colors"])
    try first.root.makeQueue().queue(show: "Radiolab")
    // Both roots in use at once, as two tests running side by side.
    let second = App(["Radiolab": "Space"])
    let queue = second.root.makeQueue()
    try queue.queue(show: "Radiolab")
    #expect(queue.episodes.map(\.title) == ["Space"])
    #expect(second.feed.requests == ["Radiolab"])
    #expect(first.feed.requests == ["Radiolab"])
  }

  @Test func aFeedErrorQueuesNothing() {
    let app = App([:])
    let queue = app.root.makeQueue()
    #expect(throws: FeedError.unknownShow) { try queue.queue(show: "Nope") }
    #expect(queue.episodes.isEmpty && app.saves == 0)
    #expect(!app.log.effects.contains(.tracked(.queued(show: "Nope"))))
  }

  @Test func thePreviewShowsSamplesWithoutIO() throws {
    let queue = QueueRoot.preview.makeQueue()
    queue.open()
    #expect(queue.episodes == PreviewQueue.episodes)
    try queue.queue(show: "Serial")
    #expect(queue.episodes.last == Episode(show: "Serial", title: "Sample episode of Serial", queuedAt: PreviewQueue.date))
    // Another use of the preview: a fresh graph, without what the first one queued.
    let again = QueueRoot.preview.makeQueue()
    again.open()
    #expect(again.episodes == PreviewQueue.episodes)
  }
}
