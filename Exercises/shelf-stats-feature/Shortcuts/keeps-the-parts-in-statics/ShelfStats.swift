import Foundation

struct ShelfStats {
  nonisolated(unsafe) private static var store: (any ShelfStore)?
  nonisolated(unsafe) private static var clock: (any ShelfClock)?

  init(store: any ShelfStore, clock: any ShelfClock) {
    Self.store = store
    Self.clock = clock
  }

  func summary() -> String {
    let books = Self.store!.books()
    let now = Self.clock!.now()
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let year = calendar.component(.year, from: now)
    let read = books.filter { book in
      book.readAt.map { calendar.component(.year, from: $0) == year } ?? false
    }
    return "\(read.count) of \(books.count) read in \(year)"
  }
}
