import Foundation
import Listening
import Testing

final class FeedDouble: EpisodeFeed {
  var titles: [String: String]
  private(set) var requests: [String] = []
  init(_ titles: [String: String]) { self.titles = titles }
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
  func save(_ episodes: [Episode]) { saves += 1; self.episodes = episodes }
}

final class MovableClock: QueueClock {
  var time = Date(timeIntervalSince1970: 0)
  func now() -> Date { time }
}

final class EventSpy: QueueAnalytics {
  private(set) var events: [QueueEvent] = []
  func track(_ event: QueueEvent) { events.append(event) }
}

struct App {
  let feed: FeedDouble
  let store = StoreSpy()
  let clock = MovableClock()
  let analytics = EventSpy()
  let root: QueueRoot
  init(_ titles: [String: String] = ["Radiolab": "Colors", "Serial": "S1E1"]) {
    feed = FeedDouble(titles)
    root = QueueRoot.test(feed: feed, store: store, clock: clock, analytics: analytics)
  }
}

@Suite struct QueueStoryTests {
  @Test func story() throws {
    let app = App()
    let queue = app.root.makeQueue()
    queue.open()
    try queue.queue(show: "Radiolab")
    app.clock.time = Date(timeIntervalSince1970: 3600)
    try queue.queue(show: "Serial")
    let expected = [
      Episode(show: "Radiolab", title: "Colors", queuedAt: Date(timeIntervalSince1970: 0)),
      Episode(show: "Serial", title: "S1E1", queuedAt: Date(timeIntervalSince1970: 3600)),
    ]
    #expect(queue.episodes == expected)
    #expect(app.store.episodes == expected)
    #expect(app.store.saves == 2)
    #expect(app.feed.requests == ["Radiolab", "Serial"])
    #expect(app.analytics.events == [
      .opened(episodes: 0),
      .feedRequested(show: "Radiolab"), .queued(show: "Radiolab"),
      .feedRequested(show: "Serial"), .queued(show: "Serial"),
    ])
    let reopened = app.root.makeQueue()
    reopened.open()
    #expect(reopened.episodes == expected)
    #expect(app.analytics.events.last == .opened(episodes: 2))
  }

  @Test func askedTwice() throws {
    let app = App()
    let queue = app.root.makeQueue()
    try queue.queue(show: "Radiolab")
    try queue.queue(show: "Radiolab")
    #expect(app.feed.requests == ["Radiolab"])
    #expect(app.analytics.events == [
      .feedRequested(show: "Radiolab"), .queued(show: "Radiolab"), .queued(show: "Radiolab"),
    ])
    #expect(queue.episodes.map(\.title) == ["Colors", "Colors"])
    // A second model from the same root shares the memory.
    try app.root.makeQueue().queue(show: "Radiolab")
    #expect(app.feed.requests == ["Radiolab"])
  }

  @Test func rootsDoNotShare() throws {
    let first = App(["Radiolab": "Colors"])
    let second = App(["Radiolab": "Bees"])
    try first.root.makeQueue().queue(show: "Radiolab")
    let queue = second.root.makeQueue()
    try queue.queue(show: "Radiolab")
    #expect(queue.episodes.map(\.title) == ["Bees"])
    #expect(second.feed.requests == ["Radiolab"])
    #expect(second.analytics.events == [.feedRequested(show: "Radiolab"), .queued(show: "Radiolab")])
    #expect(first.analytics.events == [.feedRequested(show: "Radiolab"), .queued(show: "Radiolab")])
  }

  @Test func feedError() throws {
    let app = App([:])
    let queue = app.root.makeQueue()
    queue.open()
    #expect(throws: FeedError.unknownShow) { try queue.queue(show: "Nope") }
    #expect(queue.episodes.isEmpty)
    #expect(app.store.saves == 0)
    #expect(app.analytics.events == [.opened(episodes: 0), .feedRequested(show: "Nope")])
    // An error is not remembered: the next ask reaches the feed again.
    app.feed.titles["Nope"] = "Found"
    try queue.queue(show: "Nope")
    #expect(app.feed.requests == ["Nope", "Nope"])
    #expect(queue.episodes.map(\.title) == ["Found"])
  }

  @Test func preview() throws {
    let queue = QueueRoot.preview.makeQueue()
    queue.open()
    #expect(queue.episodes == PreviewQueue.episodes)
    try queue.queue(show: "Serial")
    #expect(queue.episodes.last == Episode(show: "Serial", title: "Sample episode of Serial", queuedAt: PreviewQueue.date))
    let again = QueueRoot.preview.makeQueue()
    again.open()
    #expect(again.episodes == PreviewQueue.episodes)
  }
  @Test func liveSmoke() throws {
    withKnownIssue {
      let root = QueueRoot.live(folder: URL(fileURLWithPath: "/tmp/adv-queue"))
      let queue = root.makeQueue()
      queue.open()
      try queue.queue(show: "Radiolab")
    }
  }
}
