import Foundation

// The app's types and the four parts the model depends on. Leave this file as it is.

/// A book on the reading list.
struct Book: Equatable, Codable, Sendable {
  let isbn: String
  let title: String
  /// When the book was added, by the app's clock.
  let addedAt: Date
  /// When the book was marked read, by the app's clock; nil while unread.
  var readAt: Date?
}

/// What can go wrong when the app looks a book up.
enum BookClientError: Error, Equatable {
  /// No answer in time: asking again may work.
  case timedOut
  /// The book service does not know the ISBN: asking again will not help.
  case notFound
}

/// What can go wrong on the list itself.
enum ReadingListError: Error, Equatable {
  /// `markRead` was given an ISBN that is not on the list.
  case notOnTheList
}

/// What the app tells the product team.
enum AnalyticsEvent: Equatable, Sendable {
  case opened(books: Int)
  case added(isbn: String)
  case read(isbn: String)
}

/// The book service: the title of a book, by ISBN.
protocol BookClient {
  func title(isbn: String) throws -> String
}

/// Where the list is kept between launches. `save` replaces the whole list.
protocol BookStore {
  func load() throws -> [Book]
  func save(_ books: [Book]) throws
}

/// The time, for stamping books.
protocol AppClock {
  func now() -> Date
}

/// The product team's analytics.
protocol Analytics {
  func track(_ event: AnalyticsEvent)
}
