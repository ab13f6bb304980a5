import Foundation
import Testing

@testable import ShelfStatsFeature

final class ShelfDouble: ShelfStore {
  var shelf: [ShelfBook]
  init(_ shelf: [ShelfBook]) { self.shelf = shelf }
  func books() -> [ShelfBook] { shelf }
}

final class ClockDouble: ShelfClock {
  var time: Date
  init(_ time: Date) { self.time = time }
  func now() -> Date { time }
}

/// 15 June 2024, 31 December 2023 23:30, 1 January 2024 00:30, 10 January 2025 (UTC).
let june2024 = Date(timeIntervalSince1970: 1_718_409_600)
let lateDec2023 = Date(timeIntervalSince1970: 1_704_065_400)
let earlyJan2024 = Date(timeIntervalSince1970: 1_704_069_000)
let jan2025 = Date(timeIntervalSince1970: 1_736_467_200)

let shelf = [
  ShelfBook(title: "Dune", readAt: earlyJan2024),
  ShelfBook(title: "Emma", readAt: june2024),
  ShelfBook(title: "Ulysses", readAt: lateDec2023),
  ShelfBook(title: "Middlemarch", readAt: nil),
]

@Suite struct ShelfStatsFeatureTests {
  @Test func theStatsComeFromTheInjectedShelfAndClock() {
    let stats = ShelfStats(store: ShelfDouble(shelf), clock: ClockDouble(june2024))
    #expect(stats.summary() == "2 of 4 read in 2024", "with the injected shelf and a clock in June 2024, two books were read in 2024 (Ulysses was read in 2023), got \"\(stats.summary())\"")
  }

  @Test func theClockIsReadAtEachSummary() {
    let clock = ClockDouble(june2024)
    let stats = ShelfStats(store: ShelfDouble(shelf), clock: clock)
    _ = stats.summary()
    clock.time = jan2025
    #expect(stats.summary() == "0 of 4 read in 2025", "the clock moved to 2025 and the stats did not follow: read the clock at each summary, not once; got \"\(stats.summary())\"")
  }

  @Test func theShelfIsReadAtEachSummary() {
    let store = ShelfDouble(shelf)
    let stats = ShelfStats(store: store, clock: ClockDouble(june2024))
    _ = stats.summary()
    store.shelf.append(ShelfBook(title: "Persuasion", readAt: june2024))
    #expect(stats.summary() == "3 of 5 read in 2024", "a book was read after the screen was built and the stats did not count it: read the shelf at each summary; got \"\(stats.summary())\"")
  }

  @Test func onlyTheClocksYearCounts() {
    let stats = ShelfStats(store: ShelfDouble(shelf), clock: ClockDouble(lateDec2023))
    #expect(stats.summary() == "1 of 4 read in 2023", "on 31 December 2023 only Ulysses was read that year, got \"\(stats.summary())\"")
  }
}
