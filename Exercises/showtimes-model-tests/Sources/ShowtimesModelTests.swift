import Showtimes
import Synchronization
import Testing

/// What a catalog double throws when a test wants the cinema's API to be down.
struct CatalogDown: Error {}

/// A catalog that answers with the showtimes a test chose. It remembers nothing yet.
final class StubCatalog: ShowtimesCatalog {
  private let answer: Mutex<[Showtime]>

  init(_ showtimes: [Showtime]) {
    answer = Mutex(showtimes)
  }

  func showtimes(at cinema: String, on day: String) async throws -> [Showtime] {
    answer.withLock { $0 }
  }
}

@Suite struct ShowtimesModelTests {
  @Test func showsTheDaysShowtimes() async {
    let model = ShowtimesModel(
      catalog: StubCatalog([Showtime(film: "Alien", time: "18:00"), Showtime(film: "Dune", time: "20:30")]))
    await model.load(day: "Fri")
    #expect(model.rows == ["18:00 Alien", "20:30 Dune"])
  }
}
