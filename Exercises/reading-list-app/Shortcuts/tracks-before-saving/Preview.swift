import Foundation

// The parts for previews: fixed sample data, no I/O. Leave this file as it is.

/// Knows every ISBN: the title is "Sample book <isbn>".
struct SampleBookClient: BookClient {
  func title(isbn: String) throws -> String { "Sample book \(isbn)" }
}

/// Keeps the list in memory, starting from the books it is given.
final class MemoryBookStore: BookStore {
  private var books: [Book]

  init(books: [Book] = []) {
    self.books = books
  }

  func load() throws -> [Book] { books }
  func save(_ books: [Book]) throws { self.books = books }
}

/// Always the same time.
struct FixedClock: AppClock {
  let date: Date
  func now() -> Date { date }
}

/// Tracks nothing.
struct NoAnalytics: Analytics {
  func track(_ event: AnalyticsEvent) {}
}

/// What a preview shows.
enum PreviewData {
  /// The preview's clock: 1 March 2024, 09:00 UTC.
  static let date = Date(timeIntervalSince1970: 1_709_283_600)
  /// The preview's list: one read book and one unread.
  static let books = [
    Book(isbn: "9780441013593", title: "Dune", addedAt: date, readAt: date),
    Book(isbn: "9780141439518", title: "Pride and Prejudice", addedAt: date),
  ]
}
