import Foundation
import Testing

@testable import ReadingListApp

// Lists are compared into a named Bool before `#expect`, and shown with `show(_:)` in the
// message: Swift Testing's own "inserted […], removed […]" diff of two lists says nothing
// about which part of the app went wrong.

@Suite("Step 1: the root builds each configuration, and passes every part to the model")
struct Step1 {
  @Test func theTestConfigurationUsesTheTestsStore() throws {
    let app = TestApp(books: [Book(isbn: "1", title: "Emma", addedAt: nine)])
    let model = app.root.makeReadingList()
    try model.open()
    let loadedTheTestsStore = model.books.map(\.title) == ["Emma"]
    #expect(loadedTheTestsStore, "the test's store holds [Emma], but the model built by AppRoot.test opened \(show(model.books)): the root must hand the store the test passed in to the model")
  }

  @Test func theTestConfigurationUsesTheTestsClient() throws {
    let app = TestApp(script: [.success("Dune")])
    let model = app.root.makeReadingList()
    try model.open()
    let added: Void? = attempt("add, through the model AppRoot.test built,", "The test's client answers every ISBN, so the add should go through: look for a live part the root built instead of using the test's.") {
      try model.add(isbn: "9780441013593")
    }
    guard added != nil else { return }
    #expect(app.client.asks.count == 1, "AppRoot.test must look books up through the client the test passed in, once per add; it was asked \(app.client.asks.count) times")
    let titledByTheTestsClient = model.books.map(\.title) == ["Dune"]
    #expect(titledByTheTestsClient, "the test's client answers \"Dune\", but the list is \(show(model.books)): the title must come from the test's client")
  }

  @Test func theTestConfigurationUsesTheTestsClock() throws {
    let app = TestApp()
    let model = app.root.makeReadingList()
    try model.open()
    let added: Void? = attempt("add, through the model AppRoot.test built,", "The test's client answers every ISBN, so the add should go through: look for a live part the root built instead of using the test's.") {
      try model.add(isbn: "1")
    }
    guard added != nil else { return }
    #expect(model.books.first?.addedAt == nine, "the book was stamped \(show(model.books.first?.addedAt)), not 09:00 by the clock the test passed to AppRoot.test: the root must hand its clock to the model")
  }

  @Test func theTestConfigurationUsesTheTestsAnalytics() throws {
    let app = TestApp()
    let model = app.root.makeReadingList()
    try model.open()
    let added: Void? = attempt("add, through the model AppRoot.test built,", "The test's client answers every ISBN, so the add should go through: look for a live part the root built instead of using the test's.") {
      try model.add(isbn: "1")
    }
    guard added != nil else { return }
    #expect(app.analytics.events.contains(.added(isbn: "1")), "adding a book must be tracked through the analytics the test passed in; it heard \(show(app.analytics.events))")
  }

  @Test func thePreviewShowsTheSampleList() throws {
    let model = AppRoot.preview.makeReadingList()
    try model.open()
    let showsTheSampleList = model.books == PreviewData.books
    #expect(showsTheSampleList, "the preview must open with PreviewData.books \(show(PreviewData.books)), got \(show(model.books))")
    try model.add(isbn: "42")
    #expect(model.books.last == Book(isbn: "42", title: "Sample book 42", addedAt: PreviewData.date), "a book added in the preview must come from SampleBookClient, stamped by a FixedClock at PreviewData.date; got \(show(Array(model.books.suffix(1))))")
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
    let startsFromTheSampleList = second.books == PreviewData.books
    #expect(startsFromTheSampleList, "a book added in one preview showed up in the next, which opened \(show(second.books)): each AppRoot.preview must build its own store")
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
    let stampedByTheTestsClock = model.books == expected
    #expect(stampedByTheTestsClock, "after add at 09:00 and mark read at 10:00 the list must be \(show(expected)), stamped by the test's clock each time; it is \(show(model.books))")
    let savedThroughTheTestsStore = app.store.books == expected
    #expect(savedThroughTheTestsStore, "the test's store holds \(show(app.store.books)), not \(show(expected)): marking read must save the list through the injected store")
    let heardEachOnce = app.analytics.events == [.opened(books: 0), .added(isbn: "1"), .read(isbn: "1")]
    #expect(heardEachOnce, "analytics must hear opened, added and read, once each, through the injected analytics: it heard \(show(app.analytics.events))")

    let reopened = app.root.makeReadingList()
    try reopened.open()
    let showsTheSavedList = reopened.books == expected
    #expect(showsTheSavedList, "the reopened app must show what the last one saved, \(show(expected)); it showed \(show(reopened.books))")
    #expect(app.analytics.events.last == .opened(books: 1), "opening must track how many books it found: the reopened app found 1, and the last event was \(app.analytics.events.last.map { "\($0)" } ?? "none")")
  }

  @Test func theListIsLoadedOnceInOpen() throws {
    let app = TestApp()
    let model = app.root.makeReadingList()
    try model.open()
    try model.add(isbn: "1")
    try model.add(isbn: "2")
    try model.markRead(isbn: "1")
    #expect(app.store.loads == 1, "open, add, add, mark read loaded the store \(app.store.loads) times: open() loads the list once, and after that the model keeps its own list; add and markRead change that list and save it, they do not load it again")
  }

  @Test func theSaveComesBeforeTheEvent() throws {
    let app = TestApp()
    let model = app.root.makeReadingList()
    try model.open()
    try model.add(isbn: "1")
    try model.markRead(isbn: "1")
    let inThePromisedOrder = app.effects.log == ["load", "track opened(books: 0)", "lookUp 1", "save 1", "track added(isbn: \"1\")", "save 1", "track read(isbn: \"1\")"]
    #expect(inThePromisedOrder, "each effect once, in the promised order (load, then track opened; look up, save, then track added; save, then track read: the team must not count a book the save lost). The parts saw, in this order: \(app.effects.log.joined(separator: ", "))")
  }

  @Test func theClockIsReadAtEachEffect() throws {
    let app = TestApp()
    let model = app.root.makeReadingList()
    try model.open()
    try model.add(isbn: "1")
    app.clock.time = ten
    try model.add(isbn: "2")
    let stampedEachTime = model.books.map(\.addedAt) == [nine, ten]
    #expect(stampedEachTime, "two books added at 09:00 and 10:00 were stamped \(model.books.map { show($0.addedAt) }.joined(separator: " and ")): read the clock when the effect happens, not once")
  }

  @Test func theBookIsStampedWhenTheLookupHasAnswered() throws {
    let app = TestApp()
    // A slow book service: the test's clock moves from 09:00 to 10:00 while it answers.
    app.client.whileAnswering = { app.clock.time = ten }
    let model = app.root.makeReadingList()
    try model.open()
    try model.add(isbn: "1")
    #expect(model.books.first?.addedAt == ten, "the lookup answered at 10:00 (the clock moved while the book service answered), but the book was stamped \(show(model.books.first?.addedAt)): read the clock when you append the book, after the lookup, not before it (a retried lookup can take a while)")
  }

  @Test func aFailedLookupChangesNothing() throws {
    let app = TestApp(script: [.failure(.notFound)])
    let model = app.root.makeReadingList()
    try model.open()
    #expect(throws: BookClientError.notFound, "the lookup's error must reach the caller") {
      try model.add(isbn: "0")
    }
    #expect(app.client.asks.count == 1, "notFound was asked \(app.client.asks.count) times: asking again cannot help")
    let addedNothing = model.books.isEmpty && app.store.saves == 0
    #expect(addedNothing, "a book the service does not know must not be added or saved: the list is \(show(model.books)), the store was saved \(app.store.saves) times")
    let trackedOnlyTheOpen = app.analytics.events == [.opened(books: 0)]
    #expect(trackedOnlyTheOpen, "nothing happened, so nothing is tracked after the open; analytics heard \(show(app.analytics.events))")
  }

  @Test func markingAnUnknownBookChangesNothing() throws {
    let app = TestApp()
    let model = app.root.makeReadingList()
    try model.open()
    #expect(throws: ReadingListError.notOnTheList) { try model.markRead(isbn: "7") }
    let changedNothing = app.store.saves == 0 && app.analytics.events == [.opened(books: 0)]
    #expect(changedNothing, "marking a book that is not on the list must save and track nothing: the store was saved \(app.store.saves) times, analytics heard \(show(app.analytics.events))")
  }

  @Test func aStoreThatCannotLoadStopsTheOpen() {
    let app = TestApp()
    app.store.loadFailure = .unreadable
    let model = app.root.makeReadingList()
    #expect(throws: StoreFailure.unreadable, "the store's load threw StoreFailure.unreadable, and open() must throw it to its caller: the model does not decide where else to look for the list (moving an old store's list is the root's job, never the consumer's)") {
      try model.open()
    }
    let showsNothing = model.books.isEmpty
    #expect(showsNothing, "the load failed, yet the model shows \(show(model.books))")
    let nothingTracked = app.analytics.events.isEmpty
    #expect(nothingTracked, "the open failed, so nothing is tracked; analytics heard \(show(app.analytics.events))")
  }

  @Test func aFailedSaveIsNotTracked() throws {
    let app = TestApp(books: [Book(isbn: "1", title: "Emma", addedAt: nine)])
    let model = app.root.makeReadingList()
    try model.open()
    app.store.saveFailure = .diskFull
    #expect(throws: StoreFailure.diskFull, "the store's save threw StoreFailure.diskFull: add must throw it to its caller") {
      try model.add(isbn: "2")
    }
    #expect(throws: StoreFailure.diskFull, "the store's save threw StoreFailure.diskFull: markRead must throw it to its caller") {
      try model.markRead(isbn: "1")
    }
    let trackedOnlyTheOpen = app.analytics.events == [.opened(books: 1)]
    #expect(trackedOnlyTheOpen, "both saves failed, so neither add nor markRead may be tracked (by any analytics): the team must not count a book the save lost. Analytics heard \(show(app.analytics.events))")
  }

  @Test func eachRootHasItsOwnList() throws {
    let first = TestApp(books: [Book(isbn: "1", title: "Emma", addedAt: nine)])
    let one = first.root.makeReadingList()
    try one.open()
    let second = TestApp()
    let other = second.root.makeReadingList()
    try other.open()
    let openedItsOwnStore = one.books.map(\.title) == ["Emma"]
    #expect(openedItsOwnStore, "a model must open the list of the store its root was given, [Emma]; it opened \(show(one.books))")
    #expect(other.books.isEmpty, "a model over an empty store showed \(show(other.books)): the list comes from the store the root was given, nothing else")
  }
}

@Suite("Step 3: a retry at the root, in the live and the test configuration")
struct Step3 {
  @Test func aTimeoutIsAskedAgain() {
    let service = ScriptedBookClient([.failure(.timedOut), .failure(.timedOut), .success("Dune")])
    let title = attempt(
      "RetryingBookClient(attempts: 3), over a service that times out twice and then answers \"Dune\",",
      "It must catch BookClientError.timedOut and ask its base again, up to `attempts` asks in all; it asked \(service.asks.count) time(s)."
    ) {
      try RetryingBookClient(base: service, attempts: 3).title(isbn: "1")
    }
    if let title {
      #expect(title == "Dune", "two timeouts then a title: the answer is the title, got \"\(title)\"")
      #expect(service.asks.count == 3, "two timeouts then a title is 3 asks, got \(service.asks.count)")
    }
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
    let added: Void? = attempt(
      "add, through AppRoot.test, over a test client that times out twice and then answers \"Dune\",",
      "AppRoot.test must build the same stack as live around the test's client: RetryingBookClient(base: client, attempts: 3). The client was asked \(app.client.asks.count) time(s)."
    ) {
      try model.add(isbn: "1")
    }
    guard added != nil else { return }
    let titled = model.books.map(\.title) == ["Dune"]
    #expect(titled, "two timeouts then a title: the list must be [Dune], it is \(show(model.books))")
    #expect(app.client.asks.count == 3, "two timeouts then a title is 3 asks, got \(app.client.asks.count)")
    let oneAdd = app.store.saves == 1 && app.analytics.events == [.opened(books: 0), .added(isbn: "1")]
    #expect(oneAdd, "a retried lookup is still one add: one save (got \(app.store.saves)), one event (heard \(show(app.analytics.events)))")
  }

  @Test func theTestConfigurationGivesUpAfterThreeAsks() throws {
    let app = TestApp(script: Array(repeating: .failure(.timedOut), count: 10))
    let model = app.root.makeReadingList()
    try model.open()
    #expect(throws: BookClientError.timedOut) { try model.add(isbn: "1") }
    #expect(app.client.asks.count == 3, "the root's retry is 3 asks in all, got \(app.client.asks.count)")
    let addedNothing = app.store.saves == 0 && model.books.isEmpty
    #expect(addedNothing, "nothing is added when every ask timed out: the list is \(show(model.books)), the store was saved \(app.store.saves) times")
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
    let loaded = attempt("FileBookStore.load, in a folder with no books.json yet,", "While there is no file, load returns [].") {
      try FileBookStore(directory: folder).load()
    }
    if let loaded {
      let startsEmpty = loaded.isEmpty
      #expect(startsEmpty, "with no books.json yet, load must return an empty list, got \(show(loaded))")
    }
  }

  @Test func whatOneFileStoreSavedTheNextLoads() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let books = [Book(isbn: "1", title: "Dune", addedAt: nine, readAt: ten), Book(isbn: "2", title: "Emma", addedAt: ten)]
    let saved: Void? = attempt("FileBookStore.save, over an existing folder,") { try FileBookStore(directory: folder).save(books) }
    guard saved != nil else { return }
    let wroteBooksJSON = FileManager.default.fileExists(atPath: folder.appendingPathComponent("books.json").path)
    #expect(wroteBooksJSON, "after a save there is no books.json in the store's directory: FileBookStore keeps the whole list as JSON in books.json inside its directory")
    let reopened = attempt("FileBookStore.load, over the folder the last store saved in,") { try FileBookStore(directory: folder).load() }
    let loadsWhatWasSaved = reopened == books
    #expect(loadsWhatWasSaved, "a new FileBookStore over the same folder (the app, reopened) must load what the last one saved, \(show(books)); it loaded \(reopened.map { show($0) } ?? "nothing")")
    let savedAgain: Void? = attempt("FileBookStore.save, a second time,") { try FileBookStore(directory: folder).save([books[1]]) }
    guard savedAgain != nil else { return }
    let afterTheSecondSave = attempt("FileBookStore.load, after the second save,") { try FileBookStore(directory: folder).load() }
    let replaced = afterTheSecondSave == [books[1]]
    #expect(replaced, "save replaces the whole list: after saving \(show([books[1]])) the next store loaded \(afterTheSecondSave.map { show($0) } ?? "nothing")")
  }

  @Test func eachFolderHasItsOwnList() throws {
    let a = try temporaryFolder()
    let b = try temporaryFolder()
    defer {
      try? FileManager.default.removeItem(at: a)
      try? FileManager.default.removeItem(at: b)
    }
    let saved: Void? = attempt("FileBookStore.save") { try FileBookStore(directory: a).save([Book(isbn: "1", title: "Dune", addedAt: nine)]) }
    guard saved != nil else { return }
    let other = attempt("FileBookStore.load, over another folder,") { try FileBookStore(directory: b).load() }
    let otherFolderIsEmpty = other?.isEmpty == true
    #expect(otherFolderIsEmpty, "a store over another folder loaded \(other.map { show($0) } ?? "nothing"): use the directory it was given")
  }

  @Test func loadReadsTheFileAsItIsNow() throws {
    let folder = try temporaryFolder()
    let elsewhere = try temporaryFolder()
    defer {
      try? FileManager.default.removeItem(at: folder)
      try? FileManager.default.removeItem(at: elsewhere)
    }
    let file = folder.appendingPathComponent("books.json")
    let dune = [Book(isbn: "1", title: "Dune", addedAt: nine)]
    let emma = [Book(isbn: "2", title: "Emma", addedAt: ten)]
    let savedDune: Void? = attempt("FileBookStore.save") { try FileBookStore(directory: folder).save(dune) }
    let savedEmma: Void? = attempt("FileBookStore.save") { try FileBookStore(directory: elsewhere).save(emma) }
    guard savedDune != nil, savedEmma != nil else { return }
    guard FileManager.default.fileExists(atPath: file.path) else {
      Issue.record("after a save there is no books.json in the store's directory: FileBookStore keeps the whole list as JSON in books.json inside its directory")
      return
    }

    // Another launch of the app wrote the folder's books.json: it now holds [Emma].
    try FileManager.default.removeItem(at: file)
    try FileManager.default.copyItem(at: elsewhere.appendingPathComponent("books.json"), to: file)
    let rewritten = attempt("FileBookStore.load, after books.json was rewritten,") { try FileBookStore(directory: folder).load() }
    let readsTheFile = rewritten == emma
    #expect(readsTheFile, "books.json now holds \(show(emma)) (another launch wrote it), but a new FileBookStore loaded \(rewritten.map { show($0) } ?? "nothing"): load must read the file each time. Keep nothing between stores, no cache and no static: the file is the list")

    try FileManager.default.removeItem(at: file)
    let removed = attempt("FileBookStore.load, after books.json was removed,") { try FileBookStore(directory: folder).load() }
    let emptyAgain = removed?.isEmpty == true
    #expect(emptyAgain, "books.json was removed, but a new FileBookStore loaded \(removed.map { show($0) } ?? "nothing"): while there is no file, load returns []; a list kept in memory is not on the phone")
  }

  @Test func aDamagedFileIsAnError() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("this is not a reading list {".utf8).write(to: folder.appendingPathComponent("books.json"))
    #expect(throws: (any Error).self, "books.json is there but is not a list, and load did not throw: a damaged file read as [] is a list the next save writes over, and the user's books are gone. Let the decoding error reach the caller (`try`, not `try?`)") {
      try FileBookStore(directory: folder).load()
    }
  }

  @Test func aStoreMakesNoFolders() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = folder.appendingPathComponent("not-made-yet")
    #expect(throws: (any Error).self, "FileBookStore saved into a folder that does not exist: a store makes no folders (the app's folder is the app's to make), so save must throw and let the caller hear it") {
      try FileBookStore(directory: missing).save([Book(isbn: "1", title: "Dune", addedAt: nine)])
    }
    let folderStillMissing = !FileManager.default.fileExists(atPath: missing.path)
    #expect(folderStillMissing, "FileBookStore made the folder \(missing.lastPathComponent): a store makes no folders")
  }

  @Test func theModelDoesNotCareWhichStoreItGot() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = folder.appendingPathComponent("not-made-yet")
    let app = TestApp(store: FileBookStore(directory: missing))
    let model = app.root.makeReadingList()
    let opened: Void? = attempt("open(), over a FileBookStore whose folder does not exist (no books.json, so an empty list),") { try model.open() }
    guard opened != nil else { return }
    let folderStillMissing = !FileManager.default.fileExists(atPath: missing.path)
    #expect(folderStillMissing, "open() made the FileBookStore's folder: the model treats FileBookStore specially. A consumer does nothing to its store but load and save through BookStore; which store it got is the root's business")
    #expect(throws: (any Error).self, "add over a FileBookStore whose folder does not exist did not throw. The store's own save throws there, so the model made the folder or skipped the save: a consumer must not care which store it got, and the store's error reaches the caller") {
      try model.add(isbn: "1")
    }
    let trackedOnlyTheOpen = app.analytics.events == [.opened(books: 0)]
    #expect(trackedOnlyTheOpen, "the save failed, so the add is not tracked; analytics heard \(show(app.analytics.events))")
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
    let inMemory = attempt("The story (open, add, add, mark read, reopen) over a MemoryBookStore") { try story(MemoryBookStore()) }
    let onDisk = attempt("The story (open, add, add, mark read, reopen) over a FileBookStore", "The model must not change for the new store; the store's load and save must work over an existing folder.") {
      try story(FileBookStore(directory: folder))
    }
    guard let inMemory, let onDisk else { return }
    #expect(inMemory.books.count == 2, "the story adds two books")
    let sameList = onDisk.books == inMemory.books
    #expect(sameList, "the same story over FileBookStore and MemoryBookStore showed different lists: \(show(onDisk.books)) on disk, \(show(inMemory.books)) in memory. A consumer must not depend on which store it got")
    let sameEvents = onDisk.events == inMemory.events
    #expect(sameEvents, "the same story tracked different events over the two stores: \(show(onDisk.events)) on disk, \(show(inMemory.events)) in memory")
  }

  @Test func theLiveListIsKeptInTheAppsFolder() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let books = [Book(isbn: "1", title: "Dune", addedAt: nine)]
    let saved: Void? = attempt("live's store, saving in an existing folder,") { try AppRoot.live(directory: folder).store.save(books) }
    guard saved != nil else { return }
    let wroteBooksJSON = FileManager.default.fileExists(atPath: folder.appendingPathComponent("books.json").path)
    #expect(wroteBooksJSON, "live must keep the list in books.json in the folder live(directory:) was given")
    let reopened = attempt("live's store, loading,") { try AppRoot.live(directory: folder).store.load() }
    let loadsTheList = reopened == books
    #expect(loadsTheList, "a live app reopened over the same folder must load \(show(books)), it loaded \(reopened.map { show($0) } ?? "nothing")")
  }
}
