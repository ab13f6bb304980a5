import Foundation

/// Asks its base again when the book service times out: up to `attempts` asks in all
/// (`attempts` is at least 1). The first title returned is the answer. Only
/// `BookClientError.timedOut` is asked again; any other error is thrown at once, after one
/// ask. When the last ask times out too, `timedOut` is thrown.
struct RetryingBookClient: BookClient {
  let base: any BookClient
  let attempts: Int

  func title(isbn: String) throws -> String {
    var attempt = 1
    while true {
      do {
        return try base.title(isbn: isbn)
      } catch BookClientError.timedOut where attempt < attempts {
        attempt += 1
      }
    }
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
      client: books(HTTPBookClient(cacheDirectory: directory)),
      store: FileBookStore(directory: directory),
      clock: SystemClock(),
      analytics: ProductAnalytics())
  }

  /// In a test: the graph the app runs, around the parts the test passes in.
  static func test(
    client: any BookClient, store: any BookStore, clock: any AppClock, analytics: any Analytics
  ) -> AppRoot {
    AppRoot(client: books(client), store: store, clock: clock, analytics: analytics)
  }

  /// In a preview: fixed sample data and no I/O; a fresh graph each time.
  static var preview: AppRoot {
    AppRoot(
      client: SampleBookClient(),
      store: MemoryBookStore(books: PreviewData.books),
      clock: FixedClock(date: PreviewData.date),
      analytics: NoAnalytics())
  }

  /// The stack around the book service, one recipe for live and test.
  static func books(_ service: any BookClient) -> any BookClient {
    RetryingBookClient(base: service, attempts: 3)
  }

  /// The reading list screen's model, built from this root's parts.
  func makeReadingList() -> ReadingListModel {
    ReadingListModel(client: client, store: store, clock: clock, analytics: analytics)
  }
}
