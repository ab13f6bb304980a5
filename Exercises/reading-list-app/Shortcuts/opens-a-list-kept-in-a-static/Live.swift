import Foundation
import Testing

// The live parts. Leave this file as it is: in the app each one reaches outside the process;
// in this exercise a test that uses one fails.

/// The book service over HTTP. `cacheDirectory` is where it keeps its disk cache.
struct HTTPBookClient: BookClient {
  let cacheDirectory: URL

  func title(isbn: String) throws -> String {
    Issue.record(
      "This test asked HTTPBookClient, the live book service, for \(isbn): in the app that is a request over the network. Whatever a test configuration builds must use the client the test passed in.")
    throw BookClientError.timedOut
  }
}

/// The wall clock.
struct SystemClock: AppClock {
  func now() -> Date { Date() }
}

/// The product team's analytics server.
struct ProductAnalytics: Analytics {
  func track(_ event: AnalyticsEvent) {
    Issue.record(
      "This test sent \(event) to ProductAnalytics, the live analytics server: in the app the product team would count it. Whatever a test configuration builds must track through the analytics the test passed in.")
  }
}

/// The first release's store: the list as one value in the phone's key-value store
/// (`UserDefaults.standard` on a phone), shared by everything in the process.
struct DefaultsBookStore: BookStore {
  func load() throws -> [Book] {
    Issue.record(
      "This test read the list from DefaultsBookStore, the live key-value store shared by the whole process. A test or preview configuration must use a store of its own.")
    return []
  }

  func save(_ books: [Book]) throws {
    Issue.record(
      "This test wrote \(books.count) book(s) to DefaultsBookStore, the live key-value store shared by the whole process. A test or preview configuration must use a store of its own.")
  }
}
