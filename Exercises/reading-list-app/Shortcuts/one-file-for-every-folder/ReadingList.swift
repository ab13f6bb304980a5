import Foundation

/// The reading list screen's model. It receives every part through `init`.
final class ReadingListModel {
  private let client: any BookClient
  private let store: any BookStore
  private let clock: any AppClock
  private let analytics: any Analytics
  private(set) var books: [Book] = []

  init(client: any BookClient, store: any BookStore, clock: any AppClock, analytics: any Analytics) {
    self.client = client
    self.store = store
    self.clock = clock
    self.analytics = analytics
  }

  /// Loads the list from the store, then tracks `opened(books:)` with how many it found.
  func open() throws {
    books = try store.load()
    analytics.track(.opened(books: books.count))
  }

  /// Looks the title up, appends the book stamped with the clock's time, saves the whole list,
  /// then tracks `added(isbn:)`. If the lookup fails, its error is thrown and nothing else
  /// happens.
  func add(isbn: String) throws {
    let title = try client.title(isbn: isbn)
    books.append(Book(isbn: isbn, title: title, addedAt: clock.now()))
    try store.save(books)
    analytics.track(.added(isbn: isbn))
  }

  /// Stamps the book with the clock's time, saves the whole list, then tracks `read(isbn:)`.
  /// An ISBN that is not on the list throws `notOnTheList`, and nothing else happens.
  func markRead(isbn: String) throws {
    guard let index = books.firstIndex(where: { $0.isbn == isbn }) else {
      throw ReadingListError.notOnTheList
    }
    books[index].readAt = clock.now()
    try store.save(books)
    analytics.track(.read(isbn: isbn))
  }
}
