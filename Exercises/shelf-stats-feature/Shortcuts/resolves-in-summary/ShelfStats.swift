import Foundation

/// The stats screen's numbers: "2 of 5 read in 2024", counting the books read in the current
/// year (by the clock, in UTC) out of all the books on the shelf.
struct ShelfStats {
  let store: any ShelfStore
  let clock: any ShelfClock

  func summary() -> String {
    let books = FeatureContainer.shared.store.books()
    let now = FeatureContainer.shared.clock.now()
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let year = calendar.component(.year, from: now)
    let read = books.filter { book in
      book.readAt.map { calendar.component(.year, from: $0) == year } ?? false
    }
    return "\(read.count) of \(books.count) read in \(year)"
  }
}
