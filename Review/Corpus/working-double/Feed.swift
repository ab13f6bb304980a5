import Foundation

protocol NewsFeed: Sendable {
  func headlines() async throws -> [String]
}

struct Reader {
  let feed: any NewsFeed
  func front() async throws -> String { try await feed.headlines().first ?? "" }
}
