// The code under test and the real store. You do not need to change this file.

import Synchronization

/// Stores short strings by key.
protocol KeyValueStore {
  func string(forKey key: String) throws -> String?
  func set(_ value: String, forKey key: String) throws
  func removeValue(forKey key: String) throws
  /// Every key that currently holds a value, in any order.
  func allKeys() throws -> [String]
}

/// The real store, for the app: one small file per key in `directory`. Exercises must not
/// touch the disk, so this one refuses instead, and logs every path it was asked to touch, the
/// way a sandbox logs a blocked file access.
struct DiskKeyValueStore: KeyValueStore {
  /// Every path a `DiskKeyValueStore` was asked to touch in this run.
  static let attempts = Mutex<[String]>([])

  struct DiskAccessRefused: Error, CustomStringConvertible {
    let path: String
    var description: String { "DiskKeyValueStore tried to touch \(path); tests must not use the disk" }
  }

  let directory: String

  func string(forKey key: String) throws -> String? {
    throw refused("\(directory)/\(key)")
  }

  func set(_ value: String, forKey key: String) throws {
    throw refused("\(directory)/\(key)")
  }

  func removeValue(forKey key: String) throws {
    throw refused("\(directory)/\(key)")
  }

  func allKeys() throws -> [String] {
    throw refused(directory)
  }

  private func refused(_ path: String) -> DiskAccessRefused {
    Self.attempts.withLock { $0.append(path) }
    return DiskAccessRefused(path: path)
  }
}

/// Remembers the page a reader has reached in each book.
final class BookmarkKeeper {
  private let store: any KeyValueStore

  init(store: any KeyValueStore) {
    self.store = store
  }

  func save(page: Int, in bookID: String) throws {
    try store.set(String(page), forKey: key(bookID))
  }

  /// The saved page, or 1 for a book that was never opened.
  func page(in bookID: String) throws -> Int {
    Int(try store.string(forKey: key(bookID)) ?? "") ?? 1
  }

  /// Forgets the bookmark of a book the reader has finished.
  func finish(_ bookID: String) throws {
    try store.removeValue(forKey: key(bookID))
  }

  /// The books with a bookmark, sorted by ID.
  func booksInProgress() throws -> [String] {
    try store.allKeys()
      .filter { $0.hasPrefix("bookmark.") }
      .map { String($0.dropFirst("bookmark.".count)) }
      .sorted()
  }

  private func key(_ bookID: String) -> String { "bookmark.\(bookID)" }
}
