import Foundation
import Testing

@testable import ReadingListApp

@Suite("Step 1: the root builds each configuration, and passes every part to the model")
struct Step1 {
  @Test func theTestConfigurationUsesTheTestsStore() throws {
    let app = TestApp(books: [Book(isbn: "1", title: "Emma", addedAt: nine)])
    let model = app.root.makeReadingList()
    try model.open()
    #expect(model.books.map(\.title) == ["Emma"], "the model built by AppRoot.test did not load the store the test passed in: got \(model.books.map(\.title))")
  }

  @Test func theTestConfigurationUsesTheTestsClient() throws {
    let app = TestApp(script: [.success("Dune")])
    let model = app.root.makeReadingList()
    try model.open()
    try model.add(isbn: "9780441013593")
    #expect(app.client.asks == ["9780441013593"], "AppRoot.test must look books up through the client the test passed in; it was asked \(app.client.asks.count) times")
    #expect(model.books.map(\.title) == ["Dune"], "the title must come from the test's client")
  }

  @Test func theTestConfigurationUsesTheTestsClock() throws {
    let app = TestApp()
    let model = app.root.makeReadingList()
    try model.open()
    try model.add(isbn: "1")
    #expect(model.books.first?.addedAt == nine, "the book was stamped \(String(describing: model.books.first?.addedAt)), not by the clock the test passed to AppRoot.test: the root must hand its clock to the model")
  }

  @Test func theTestConfigurationUsesTheTestsAnalytics() throws {
    let app = TestApp()
    let model = app.root.makeReadingList()
    try model.open()
    try model.add(isbn: "1")
    #expect(app.analytics.events.contains(.added(isbn: "1")), "adding a book must be tracked through the analytics the test passed in; it heard \(app.analytics.events)")
  }

  @Test func thePreviewShowsTheSampleList() throws {
    let model = AppRoot.preview.makeReadingList()
    try model.open()
    #expect(model.books == PreviewData.books, "the preview must open with PreviewData.books, got \(model.books.map(\.title))")
    try model.add(isbn: "42")
    #expect(model.books.last == Book(isbn: "42", title: "Sample book 42", addedAt: PreviewData.date), "a book added in the preview must come from SampleBookClient, stamped by a FixedClock at PreviewData.date")
  }

  @Test func thePreviewUsesThePreviewPartsOnly() {
    let root = AppRoot.preview
    #expect(root.store is MemoryBookStore, "the preview's store must be a MemoryBookStore: a preview does no I/O, got \(type(of: root.store))")
    #expect(root.clock is FixedClock, "the preview's clock must be a FixedClock, got \(type(of: root.clock))")
    #expect(root.analytics is NoAnalytics, "the preview must track nothing (NoAnalytics), got \(type(of: root.analytics))")
    #expect(innermost(root.client) is SampleBookClient, "the preview's books must come from SampleBookClient, got \(type(of: innermost(root.client)))")
  }

  @Test func everyPreviewIsFresh() throws {
    let first = AppRoot.preview.makeReadingList()
    try first.open()
    try first.add(isbn: "42")
    let second = AppRoot.preview.makeReadingList()
    try second.open()
    #expect(second.books == PreviewData.books, "a book added in one preview showed up in the next: each AppRoot.preview must build its own store")
  }

  @Test func theLiveConfigurationIsBuiltFromTheLiveParts() throws {
    let directory = URL(fileURLWithPath: "/tmp/reading-list-live")
    let root = AppRoot.live(directory: directory)
    #expect(root.clock is SystemClock, "the live clock is SystemClock, got \(type(of: root.clock))")
    #expect(root.analytics is ProductAnalytics, "live analytics go to ProductAnalytics, got \(type(of: root.analytics))")
    let service = innermost(root.client) as? HTTPBookClient
    #expect(service?.cacheDirectory == directory, "the live book service is an HTTPBookClient caching in the directory live(directory:) was given, got \(type(of: innermost(root.client)))")
  }
}

@Suite("Step 2: add, mark read, reopen: every effect goes through the injected parts")
struct Step2 {
  @Test func addMarkReadReopen() throws {
    let app = TestApp(script: [.success("Dune")])
    let model = app.root.makeReadingList()
    try model.open()
    try model.add(isbn: "1")
    app.clock.time = ten
    try model.markRead(isbn: "1")
    let expected = [Book(isbn: "1", title: "Dune", addedAt: nine, readAt: ten)]
    #expect(model.books == expected, "after add at 09:00 and mark read at 10:00 the book must be stamped by the test's clock each time, got \(model.books)")
    #expect(app.store.books == expected, "the store holds \(app.store.books): marking read must save the list through the injected store")
    #expect(app.analytics.events == [.opened(books: 0), .added(isbn: "1"), .read(isbn: "1")], "analytics must hear opened, added and read, once each, through the injected analytics: got \(app.analytics.events)")

    let reopened = app.root.makeReadingList()
    try reopened.open()
    #expect(reopened.books == expected, "the reopened app must show what the last one saved, got \(reopened.books)")
    #expect(app.analytics.events.last == .opened(books: 1), "opening must track how many books it found")
  }

  @Test func theSaveComesBeforeTheEvent() throws {
    let app = TestApp()
    let model = app.root.makeReadingList()
    try model.open()
    try model.add(isbn: "1")
    try model.markRead(isbn: "1")
    #expect(app.effects.log == ["track opened(books: 0)", "lookUp 1", "save 1", "track added(isbn: \"1\")", "save 1", "track read(isbn: \"1\")"], "each effect once, in the promised order (look up, save, then track: the team must not count a book the save lost): got \(app.effects.log)")
  }

  @Test func theClockIsReadAtEachEffect() throws {
    let app = TestApp()
    let model = app.root.makeReadingList()
    try model.open()
    try model.add(isbn: "1")
    app.clock.time = ten
    try model.add(isbn: "2")
    #expect(model.books.map(\.addedAt) == [nine, ten], "two books added at 09:00 and 10:00 were stamped \(model.books.map(\.addedAt)): read the clock when the effect happens, not once")
  }

  @Test func aFailedLookupChangesNothing() throws {
    let app = TestApp(script: [.failure(.notFound)])
    let model = app.root.makeReadingList()
    try model.open()
    #expect(throws: BookClientError.notFound, "the lookup's error must reach the caller") {
      try model.add(isbn: "0")
    }
    #expect(app.client.asks.count == 1, "notFound was asked \(app.client.asks.count) times: asking again cannot help")
    #expect(model.books.isEmpty && app.store.saves == 0, "a book the service does not know must not be added or saved")
    #expect(app.analytics.events == [.opened(books: 0)], "nothing happened, so nothing is tracked; got \(app.analytics.events)")
  }

  @Test func markingAnUnknownBookChangesNothing() throws {
    let app = TestApp()
    let model = app.root.makeReadingList()
    try model.open()
    #expect(throws: ReadingListError.notOnTheList) { try model.markRead(isbn: "7") }
    #expect(app.store.saves == 0 && app.analytics.events == [.opened(books: 0)], "marking a book that is not on the list must save and track nothing")
  }

  @Test func eachRootHasItsOwnList() throws {
    let first = TestApp(books: [Book(isbn: "1", title: "Emma", addedAt: nine)])
    let one = first.root.makeReadingList()
    try one.open()
    let second = TestApp()
    let other = second.root.makeReadingList()
    try other.open()
    #expect(one.books.map(\.title) == ["Emma"], "a model must open the list of the store its root was given, got \(one.books.map(\.title))")
    #expect(other.books.isEmpty, "a model over an empty store showed \(other.books.map(\.title)): the list comes from the store the root was given, nothing else")
  }
}

@Suite("Step 3: a retry at the root, in the live and the test configuration")
struct Step3 {
  @Test func aTimeoutIsAskedAgain() throws {
    let service = ScriptedBookClient([.failure(.timedOut), .failure(.timedOut), .success("Dune")])
    #expect(try RetryingBookClient(base: service, attempts: 3).title(isbn: "1") == "Dune", "two timeouts then a title: RetryingBookClient must ask again, up to `attempts` asks")
    #expect(service.asks.count == 3)
  }

  @Test func exactlyTheGivenAttempts() {
    for attempts in [1, 3, 5] {
      let service = ScriptedBookClient(Array(repeating: .failure(.timedOut), count: 10))
      #expect(throws: BookClientError.timedOut, "after the last timed-out ask, timedOut reaches the caller") {
        try RetryingBookClient(base: service, attempts: attempts).title(isbn: "1")
      }
      #expect(service.asks.count == attempts, "RetryingBookClient(attempts: \(attempts)) asked \(service.asks.count) times: `attempts` is the number of asks in all")
    }
  }

  @Test func onlyTimeoutsAreRetried() {
    let service = ScriptedBookClient([.failure(.notFound), .success("Dune")])
    #expect(throws: BookClientError.notFound, "notFound must reach the caller unchanged") {
      try RetryingBookClient(base: service, attempts: 3).title(isbn: "1")
    }
    #expect(service.asks.count == 1, "notFound was asked \(service.asks.count) times: only a timeout is worth another ask")
  }

  @Test func theTestConfigurationRetries() throws {
    let app = TestApp(script: [.failure(.timedOut), .failure(.timedOut), .success("Dune")])
    let model = app.root.makeReadingList()
    try model.open()
    try model.add(isbn: "1")
    #expect(model.books.map(\.title) == ["Dune"], "two timeouts then a title: the app's stack must retry, and AppRoot.test must build the same stack as live around the test's client")
    #expect(app.client.asks.count == 3)
    #expect(app.store.saves == 1 && app.analytics.events == [.opened(books: 0), .added(isbn: "1")], "a retried lookup is still one add: one save, one event")
  }

  @Test func theTestConfigurationGivesUpAfterThreeAsks() throws {
    let app = TestApp(script: Array(repeating: .failure(.timedOut), count: 10))
    let model = app.root.makeReadingList()
    try model.open()
    #expect(throws: BookClientError.timedOut) { try model.add(isbn: "1") }
    #expect(app.client.asks.count == 3, "the root's retry is 3 asks in all, got \(app.client.asks.count)")
    #expect(app.store.saves == 0 && model.books.isEmpty, "nothing is added when every ask timed out")
  }

  @Test func theLiveConfigurationRetriesTheBookService() {
    let root = AppRoot.live(directory: URL(fileURLWithPath: "/tmp/reading-list-live"))
    let retrying = root.client as? RetryingBookClient
    #expect(retrying?.attempts == 3, "live's client must be a RetryingBookClient with 3 attempts, got \(type(of: root.client))")
    #expect(retrying.map { $0.base is HTTPBookClient } == true, "live's retry must sit right around the HTTPBookClient")
  }
}

@Suite("Step 4: the live list moves to a file, and no consumer changes")
struct Step4 {
  @Test func aNewFileStoreIsEmpty() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try FileBookStore(directory: folder).load() == [], "with no books.json yet, load returns an empty list")
  }

  @Test func whatOneFileStoreSavedTheNextLoads() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let books = [Book(isbn: "1", title: "Dune", addedAt: nine, readAt: ten), Book(isbn: "2", title: "Emma", addedAt: ten)]
    try FileBookStore(directory: folder).save(books)
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("books.json").path), "FileBookStore keeps the list in books.json inside its directory")
    #expect(try FileBookStore(directory: folder).load() == books, "a new FileBookStore over the same folder (the app, reopened) must load what the last one saved")
    try FileBookStore(directory: folder).save([books[1]])
    #expect(try FileBookStore(directory: folder).load() == [books[1]], "save replaces the whole list")
  }

  @Test func eachFolderHasItsOwnList() throws {
    let a = try temporaryFolder()
    let b = try temporaryFolder()
    defer {
      try? FileManager.default.removeItem(at: a)
      try? FileManager.default.removeItem(at: b)
    }
    try FileBookStore(directory: a).save([Book(isbn: "1", title: "Dune", addedAt: nine)])
    #expect(try FileBookStore(directory: b).load() == [], "a store over another folder saw this one's books: use the directory it was given")
  }

  /// The same story, the same consumer, over each store.
  func story(_ store: any BookStore) throws -> (books: [Book], events: [AnalyticsEvent]) {
    let app = TestApp(script: [.success("Dune"), .success("Emma")], store: store)
    let model = app.root.makeReadingList()
    try model.open()
    try model.add(isbn: "1")
    app.clock.time = ten
    try model.add(isbn: "2")
    try model.markRead(isbn: "1")
    let reopened = app.root.makeReadingList()
    try reopened.open()
    return (reopened.books, app.analytics.events)
  }

  @Test func theModelBehavesTheSameOverEveryStore() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let inMemory = try story(MemoryBookStore())
    let onDisk = try story(FileBookStore(directory: folder))
    #expect(inMemory.books.count == 2, "the story adds two books")
    #expect(onDisk.books == inMemory.books, "the same story over FileBookStore and MemoryBookStore showed different lists: \(onDisk.books) vs \(inMemory.books). A consumer must not depend on which store it got")
    #expect(onDisk.events == inMemory.events, "the same story tracked different events over the two stores")
  }

  @Test func theLiveListIsKeptInTheAppsFolder() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let books = [Book(isbn: "1", title: "Dune", addedAt: nine)]
    try AppRoot.live(directory: folder).store.save(books)
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("books.json").path), "live must keep the list in books.json in the folder live(directory:) was given")
    #expect(try AppRoot.live(directory: folder).store.load() == books, "a live app reopened over the same folder must load the list")
  }
}
