import Foundation
import Listening
import Testing

// The code under test is Subject/ListeningQueue.swift, and it is correct. Write the tests that
// drive the app through QueueRoot.test (and QueueRoot.preview) and would catch a miswiring.
// Start from the doubles below.

/// Stands in for the feed server. So far it answers the same title for every show and keeps
/// no count.
final class FeedDouble: EpisodeFeed {
  func latest(show: String) throws -> String { "An episode" }
}

/// Stands in for the queue's storage. So far it keeps nothing.
final class StoreSpy: QueueStore {
  func load() -> [Episode] { [] }
  func save(_ episodes: [Episode]) {}
}

/// Stands in for the clock. So far it always says midnight, 1 January 1970.
final class MovableClock: QueueClock {
  func now() -> Date { Date(timeIntervalSince1970: 0) }
}

/// Stands in for analytics. So far it throws every event away.
final class EventSpy: QueueAnalytics {
  func track(_ event: QueueEvent) {}
}

@Suite struct QueueStoryTests {
  @Test func aQueuedEpisodeIsOnTheQueue() throws {
    let queue = QueueModel(feed: FeedDouble(), store: StoreSpy(), clock: MovableClock(), analytics: EventSpy())
    try queue.queue(show: "Radiolab")
    #expect(queue.episodes.map(\.title) == ["An episode"], "The model should queue the feed's title.")
  }
}
