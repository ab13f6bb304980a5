import Testing

@testable import ReadingBookmarks

/// The tests run one at a time: a store that shares its values between instances must fail the
/// contract, not race with itself.
@Suite(.serialized) enum Bookmarks {}

extension Bookmarks {
  /// The contract every `KeyValueStore` must keep. Here it runs against the fake; in the app's
  /// integration tests the same checks would run against `DiskKeyValueStore` in a temporary
  /// folder, so the fake cannot drift away from the real thing.
  @Suite struct InMemoryKeyValueStoreContract {
    /// Seen through the protocol, as the code under test sees it.
    let store: any KeyValueStore = InMemoryKeyValueStore()

    @Test func returnsWhatWasStored() throws {
      try store.set("42", forKey: "bookmark.dune")
      let value = try store.string(forKey: "bookmark.dune")
      #expect(
        value == "42",
        "InMemoryKeyValueStore forgot a value: after set(\"42\", forKey: \"bookmark.dune\") it answered \(value.map { "\"\($0)\"" } ?? "nil"). A fake really stores: keep the values in a dictionary.")
    }

    @Test func storingAgainReplaces() throws {
      try store.set("42", forKey: "bookmark.dune")
      try store.set("43", forKey: "bookmark.dune")
      let value = try store.string(forKey: "bookmark.dune")
      #expect(value == "43", "After storing \"42\" and then \"43\" under one key, the store should answer \"43\", like the real one; it answered \(value.map { "\"\($0)\"" } ?? "nil").")
    }

    @Test func removedValuesAreGone() throws {
      try store.set("42", forKey: "bookmark.dune")
      try store.removeValue(forKey: "bookmark.dune")
      let value = try store.string(forKey: "bookmark.dune")
      let keys = try store.allKeys()
      #expect(value == nil, "After removeValue(forKey:) the value should be gone, but the store still answers \"\(value ?? "")\".")
      #expect(keys.isEmpty, "After removing its only value, the store should list no keys; it lists \(keys).")
    }

    @Test func listsExactlyTheKeysThatHoldAValue() throws {
      try store.set("7", forKey: "bookmark.emma")
      try store.set("99", forKey: "bookmark.dune")
      try store.set("serif", forKey: "reader.font")
      let keys = try store.allKeys()
      #expect(
        keys.sorted() == ["bookmark.dune", "bookmark.emma", "reader.font"],
        "allKeys() should list every key that holds a value (in any order), whatever the key looks like: expected bookmark.dune, bookmark.emma and reader.font, got \(keys). The fake keeps the store's contract for every key, not just the ones BookmarkKeeper happens to use.")
    }

    @Test func listsAKeyStoredTwiceOnce() throws {
      try store.set("42", forKey: "bookmark.dune")
      try store.set("43", forKey: "bookmark.dune")
      try store.set("7", forKey: "bookmark.emma")
      let keys = try store.allKeys()
      #expect(
        keys.sorted() == ["bookmark.dune", "bookmark.emma"],
        "bookmark.dune was stored twice, so it holds one value and allKeys() should list it once: expected bookmark.dune and bookmark.emma, got \(keys). A directory of files has one file per key; the keys of the dictionary that holds the values are exactly that list.")
    }

    @Test func neverTouchesTheDisk() throws {
      // The suite runs one test at a time, so every attempt logged during this test is its own.
      let before = DiskKeyValueStore.attempts.withLock { $0.count }
      try store.set("42", forKey: "bookmark.dune")
      _ = try store.string(forKey: "bookmark.dune")
      _ = try store.allKeys()
      try store.removeValue(forKey: "bookmark.dune")
      let touched = DiskKeyValueStore.attempts.withLock { Array($0.dropFirst(before)) }
      #expect(
        touched.isEmpty,
        "InMemoryKeyValueStore asked DiskKeyValueStore to touch \(touched) (this exercise's disk store refused and logged it). `try?` hides the error, not the call: in the app, every test would write into the real folder and leak into the next one. A fake keeps everything in memory: no DiskKeyValueStore inside it at all.")
    }

    @Test func twoStoresDoNotShareValues() throws {
      try store.set("42", forKey: "bookmark.dune")
      let other: any KeyValueStore = InMemoryKeyValueStore()
      let leaked = try other.string(forKey: "bookmark.dune")
      #expect(
        leaked == nil,
        "A new InMemoryKeyValueStore already held \"\(leaked ?? "")\" from another one. Each fake must keep its own values (an instance property, not a static one), or tests leak into each other.")
    }
  }
}

extension Bookmarks {
  /// The code under test, driven through the fake.
  @Suite struct BookmarkKeeperTests {
    let keeper = BookmarkKeeper(store: InMemoryKeyValueStore())

    @Test func remembersThePageReached() throws {
      try keeper.save(page: 212, in: "moby-dick")
      let page = try keeper.page(in: "moby-dick")
      #expect(page == 212, "BookmarkKeeper saved page 212 of moby-dick in the fake store, then read back page \(page). Does InMemoryKeyValueStore keep what it is given?")
    }

    @Test func startsUnopenedBooksOnPageOne() throws {
      let page = try keeper.page(in: "emma")
      #expect(page == 1, "A book that was never opened should start on page 1; BookmarkKeeper answered page \(page). An empty fake store must answer nil for a key it was never given.")
    }

    @Test func forgetsFinishedBooks() throws {
      try keeper.save(page: 300, in: "dune")
      try keeper.save(page: 12, in: "emma")
      try keeper.finish("dune")
      let dunePage = try keeper.page(in: "dune")
      let inProgress = try keeper.booksInProgress()
      #expect(dunePage == 1, "A finished book should start again on page 1, but dune opened on page \(dunePage).")
      #expect(inProgress == ["emma"], "Only emma is still being read, but booksInProgress() returned \(inProgress). BookmarkKeeper builds that list from the fake's allKeys().")
    }
  }
}
