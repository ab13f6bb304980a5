import Foundation
import Testing

@testable import ReadingListApp

/// One list of every effect, across all the doubles, so a test sees the order.
final class Effects {
  var log: [String] = []
}

/// The book service's double: answers from a script, one result per ask; when the script has
/// run out, the title is "Title of <isbn>". Counts the asks. `whileAnswering` runs inside each
/// ask, before the answer: a test moves its clock there to stand for a slow service.
final class ScriptedBookClient: BookClient {
  private var script: [Result<String, BookClientError>]
  private let effects: Effects
  private(set) var asks: [String] = []
  var whileAnswering: () -> Void = {}

  init(_ script: [Result<String, BookClientError>] = [], effects: Effects = Effects()) {
    self.script = script
    self.effects = effects
  }

  func title(isbn: String) throws -> String {
    asks.append(isbn)
    effects.log.append("lookUp \(isbn)")
    whileAnswering()
    guard !script.isEmpty else { return "Title of \(isbn)" }
    return try script.removeFirst().get()
  }
}

/// What a test store throws when the test tells it to fail.
enum StoreFailure: Error, Equatable {
  /// The list could not be read.
  case unreadable
  /// The list could not be written.
  case diskFull
}

/// A store in memory that records every load and save, and fails them when the test says so.
final class SpyBookStore: BookStore {
  var books: [Book]
  /// When set, `load` throws it (and records the load).
  var loadFailure: StoreFailure?
  /// When set, `save` throws it (and records the save, which keeps nothing).
  var saveFailure: StoreFailure?
  private let effects: Effects
  private(set) var loads = 0
  private(set) var saves = 0

  init(books: [Book] = [], effects: Effects = Effects()) {
    self.books = books
    self.effects = effects
  }

  func load() throws -> [Book] {
    loads += 1
    effects.log.append("load")
    if let loadFailure { throw loadFailure }
    return books
  }

  func save(_ books: [Book]) throws {
    saves += 1
    effects.log.append("save \(books.count)")
    if let saveFailure { throw saveFailure }
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

/// Runs `body`; when it throws, records an issue that says what was being done and what was
/// thrown (not a bare "Caught error"), then `advice`, read after the throw, and returns nil.
func attempt<T>(
  _ what: String, _ advice: @autoclosure () -> String = "",
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () throws -> T
) -> T? {
  do {
    return try body()
  } catch {
    Issue.record("\(what) threw \(show(error)). \(advice())", sourceLocation: sourceLocation)
    return nil
  }
}

/// An error as a learner reads it: `BookClientError.timedOut`, not `.timedOut`.
func show(_ error: any Error) -> String {
  "\(type(of: error)).\(error)"
}

/// A time as the tests speak of it.
func show(_ date: Date?) -> String {
  switch date {
  case nil: return "nil"
  case nine?: return "09:00"
  case ten?: return "10:00"
  case PreviewData.date?: return "PreviewData.date"
  case let date?: return "\(date)"
  }
}

/// A list as a learner reads it: `[Dune (1) added 09:00, read 10:00]`.
func show(_ books: [Book]) -> String {
  let each = books.map { book in
    "\(book.title) (\(book.isbn)) added \(show(book.addedAt))" + (book.readAt.map { ", read \(show($0))" } ?? "")
  }
  return "[" + each.joined(separator: "; ") + "]"
}

/// Events as a learner reads them: `[opened(books: 0), added(isbn: "1")]`.
func show(_ events: [AnalyticsEvent]) -> String {
  "[" + events.map { "\($0)" }.joined(separator: ", ") + "]"
}

/// A fresh, empty folder for one test.
func temporaryFolder() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("reading-list-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}
