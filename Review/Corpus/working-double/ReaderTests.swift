import Foundation

struct SlowFeed: NewsFeed {
  func headlines() async throws -> [String] {
    try await Task.sleep(for: .seconds(1))  // review: working-double
    return ["late"]
  }
}

struct DatedFeed: NewsFeed {
  func headlines() async throws -> [String] { ["at \(Date())"] }  // review: working-double
}

struct CannedFeed: NewsFeed {
  func headlines() async throws -> [String] { ["canned"] }
}

/// A helper of the test, not a double, may wait.
func settle() async throws { try await Task.sleep(for: .milliseconds(1)) }
