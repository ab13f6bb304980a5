import Foundation

/// The new store: the whole list as JSON in `books.json` inside `directory`. `load` returns an
/// empty list while there is no file; `save` replaces the file. A new `FileBookStore` over the
/// same directory (the app, reopened) loads what the last one saved.
struct FileBookStore: BookStore {
  let directory: URL

  private var file: URL { directory.appendingPathComponent("books.json") }

  func load() throws -> [Book] {
    guard FileManager.default.fileExists(atPath: file.path) else { return [] }
    return try JSONDecoder().decode([Book].self, from: Data(contentsOf: file))
  }

  func save(_ books: [Book]) throws {
    try JSONEncoder().encode(books).write(to: file, options: .atomic)
  }
}
