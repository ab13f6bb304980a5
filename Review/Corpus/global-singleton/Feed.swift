import Foundation

final class Analytics: Sendable {
  static let shared = Analytics()
  func track(_ event: String) {}
  /// A type naming its own shared instance is not reaching for a global.
  var isShared: Bool { self === Analytics.shared }
}

struct FeedLoader {
  let url: URL

  func load() async throws -> Data {
    Analytics.shared.track("load")  // review: global-singleton
    return try await URLSession.shared.data(from: url).0  // review: global-singleton
  }

  func cached() -> Bool {
    FileManager.default.fileExists(atPath: url.path)  // review: global-singleton
  }
}

enum LiveApp {
  /// The composition root names the live instances.
  static func feed() -> (FeedLoader, Analytics) { (FeedLoader(url: URL(fileURLWithPath: "/feed")), Analytics.shared) }
}
