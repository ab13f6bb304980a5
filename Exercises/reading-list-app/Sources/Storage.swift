import Foundation

/// The new store: the whole list as JSON in `books.json` inside `directory`. `load` returns an
/// empty list while there is no file; `save` replaces the file. A new `FileBookStore` over the
/// same directory (the app, reopened) loads what the last one saved. `load` reads the file
/// each time and throws when it is not a list; the store makes no folders, so `save` over a
/// directory that does not exist throws.
struct FileBookStore: BookStore {
  let directory: URL

  func load() throws -> [Book] {
    []
  }

  func save(_ books: [Book]) throws {}
}
