import Foundation

@testable import ReadingListApp

/// One list of every effect, across all the doubles, so a test sees the order.
final class Effects {
  var log: [String] = []
}

/// The book service's double: answers from a script, one result per ask; when the script has
/// run out, the title is "Title of <isbn>". Counts the asks.
final class ScriptedBookClient: BookClient {
  private var script: [Result<String, BookClientError>]
  private let effects: Effects
  private(set) var asks: [String] = []

  init(_ script: [Result<String, BookClientError>] = [], effects: Effects = Effects()) {
    self.script = script
    self.effects = effects
  }

  func title(isbn: String) throws -> String {
    asks.append(isbn)
    effects.log.append("lookUp \(isbn)")
    guard !script.isEmpty else { return "Title of \(isbn)" }
    return try script.removeFirst().get()
  }
}

/// A store in memory that records every save.
final class SpyBookStore: BookStore {
  var books: [Book]
  private let effects: Effects
  private(set) var saves = 0

  init(books: [Book] = [], effects: Effects = Effects()) {
    self.books = books
    self.effects = effects
  }

  func load() throws -> [Book] { books }

  func save(_ books: [Book]) throws {
    saves += 1
    effects.log.append("save \(books.count)")
    self.books = books
  }
}

/// A clock the test moves.
final class TestClock: AppClock {
  var time: Date

  init(_ time: Date) {
    self.time = time
  }

  func now() -> Date { time }
}

/// Keeps every event.
final class AnalyticsSpy: Analytics {
  private let effects: Effects
  private(set) var events: [AnalyticsEvent] = []

  init(effects: Effects = Effects()) {
    self.effects = effects
  }

  func track(_ event: AnalyticsEvent) {
    events.append(event)
    effects.log.append("track \(event)")
  }
}

/// 09:00 and 10:00 UTC on 2 March 2024.
let nine = Date(timeIntervalSince1970: 1_709_370_000)
let ten = Date(timeIntervalSince1970: 1_709_373_600)

/// A test configuration with its doubles at hand.
struct TestApp {
  let effects = Effects()
  let client: ScriptedBookClient
  let store: SpyBookStore
  let clock = TestClock(nine)
  let analytics: AnalyticsSpy
  let root: AppRoot

  init(script: [Result<String, BookClientError>] = [], books: [Book] = [], store: (any BookStore)? = nil) {
    client = ScriptedBookClient(script, effects: effects)
    self.store = SpyBookStore(books: books, effects: effects)
    analytics = AnalyticsSpy(effects: effects)
    root = AppRoot.test(client: client, store: store ?? self.store, clock: clock, analytics: analytics)
  }
}

/// The innermost client of a stack of `RetryingBookClient`s.
func innermost(_ client: any BookClient) -> any BookClient {
  if let retrying = client as? RetryingBookClient { return innermost(retrying.base) }
  return client
}

/// A fresh, empty folder for one test.
func temporaryFolder() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("reading-list-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}
