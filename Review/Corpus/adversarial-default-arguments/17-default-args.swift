import Foundation

final class Feed {
  private let session: URLSession
  private let now: () -> Date
  init(session: URLSession = URLSession.shared, now: @escaping () -> Date = { Date() }) {
    self.session = session
    self.now = now
  }
}
