import Showtimes
import Synchronization
import Testing

/// What a catalog double throws when a test wants the cinema's API to be down.
struct CatalogDown: Error {}

/// A catalog that answers with the showtimes a test chose (or fails, when the test says so), and
/// remembers every question it was asked: which cinema, which day.
final class StubCatalog: ShowtimesCatalog {
  struct Question: Equatable {
    let cinema: String
    let day: String
  }

  private let state: Mutex<(answer: Result<[Showtime], CatalogDown>, asked: [Question])>

  init(_ showtimes: [Showtime]) {
    state = Mutex((.success(showtimes), []))
  }

  /// What the next questions get.
  func answer(_ result: Result<[Showtime], CatalogDown>) {
    state.withLock { $0.answer = result }
  }

  var asked: [Question] { state.withLock { $0.asked } }

  func showtimes(at cinema: String, on day: String) async throws -> [Showtime] {
    try state.withLock {
      $0.asked.append(Question(cinema: cinema, day: day))
      return $0.answer
    }.get()
  }
}

let dune = Showtime(film: "Dune", time: "20:30")
let alien = Showtime(film: "Alien", time: "18:00")
let up = Showtime(film: "Up", time: "09:15")

@Suite struct ShowtimesModelTests {
  @Test func showsTheShowtimesSortedByTime() async {
    let model = ShowtimesModel(catalog: StubCatalog([dune, up, alien]))
    await model.load(day: "Fri")
    #expect(model.rows == ["09:15 Up", "18:00 Alien", "20:30 Dune"])
  }

  @Test func asksOnceAboutTheCinemaInScopeWhenItLoads() async {
    let catalog = StubCatalog([dune])
    let model = ShowtimesModel(catalog: catalog)  // built before the screen, outside the scope
    await ScreenScope.$cinema.withValue("Harbour") {
      await model.load(day: "Fri")
    }
    #expect(catalog.asked == [StubCatalog.Question(cinema: "Harbour", day: "Fri")])
  }

  @Test func aFailedLoadShowsTheMessageAndNoRows() async {
    let catalog = StubCatalog([dune])
    catalog.answer(.failure(CatalogDown()))
    let model = ShowtimesModel(catalog: catalog)
    await model.load(day: "Sat")
    #expect(model.rows == [])
    #expect(model.message == "Showtimes unavailable")
  }

  @Test func aLaterSuccessClearsTheMessage() async {
    let catalog = StubCatalog([])
    catalog.answer(.failure(CatalogDown()))
    let model = ShowtimesModel(catalog: catalog)
    await model.load(day: "Fri")
    catalog.answer(.success([dune]))
    await model.load(day: "Fri")
    #expect(model.rows == ["20:30 Dune"])
    #expect(model.message == nil)
  }

  @Test func everyLoadAsksAgainEvenForTheSameDay() async {
    let catalog = StubCatalog([dune])
    let model = ShowtimesModel(catalog: catalog)
    await model.load(day: "Fri")
    catalog.answer(.success([dune, up]))  // a late show was added
    await model.load(day: "Fri")
    #expect(model.rows == ["09:15 Up", "20:30 Dune"])
    #expect(catalog.asked.map(\.day) == ["Fri", "Fri"])
  }
}
