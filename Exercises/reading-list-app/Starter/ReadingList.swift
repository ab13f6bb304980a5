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

  /// Loads the list from the store, once, then tracks `opened(books:)` with how many it found.
  /// A failed load is thrown, and nothing is tracked. After this the model keeps its own list.
  func open() throws {
    books = try store.load()
  }

  /// Looks the title up; once it has answered, appends the book stamped with the clock's time,
  /// saves the whole list, then tracks `added(isbn:)`. If the lookup fails, its error is thrown
  /// and nothing else happens; if the save fails, its error is thrown and nothing is tracked.
  func add(isbn: String) throws {
    let title = try client.title(isbn: isbn)
    books.append(Book(isbn: isbn, title: title, addedAt: clock.now()))
    analytics.track(.added(isbn: isbn))
    try store.save(books)
  }

  /// Stamps the book with the clock's time, saves the whole list, then tracks `read(isbn:)`.
  /// An ISBN that is not on the list throws `notOnTheList`, and nothing else happens; a failed
  /// save is thrown, and nothing is tracked.
  func markRead(isbn: String) throws {
    guard let index = books.firstIndex(where: { $0.isbn == isbn }) else {
      throw ReadingListError.notOnTheList
    }
    books[index].readAt = Date()
    try store.save(books)
    ProductAnalytics().track(.read(isbn: isbn))
  }
}
