import Foundation

protocol Feed: Sendable { func items() async throws -> [String] }

final class FeedModel {
  private let session: URLSession
  private let now: () -> Date
  private let makeID: () -> UUID

  init(session: URLSession, now: @escaping () -> Date, makeID: @escaping () -> UUID) {
    self.session = session
    self.now = now
    self.makeID = makeID
  }

  /// The app's model; tests call the designated init.
  convenience init() {
    self.init(session: URLSession.shared, now: { Date() }, makeID: { UUID() })
  }
}

final class Downloader {
  private let session: URLSession
  init(session: URLSession? = nil) {
    self.session = session ?? URLSession.shared  // review: global-singleton
  }
}
