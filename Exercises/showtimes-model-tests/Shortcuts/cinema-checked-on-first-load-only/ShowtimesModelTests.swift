import Showtimes
import Synchronization
import Testing

/// What a catalog double throws when a test wants the cinema's API to be down.
struct CatalogDown: Error {}

struct Question: Equatable, Sendable {
  let cinema: String
  let day: String
}

/// A catalog that answers with the showtimes a test chose, and remembers every question.
final class StubCatalog: ShowtimesCatalog {
  private let answer: Mutex<Result<[Showtime], CatalogDown>>
  private let asked = Mutex<[Question]>([])

  init(_ showtimes: [Showtime]) {
    answer = Mutex(.success(showtimes))
  }

  func answer(with showtimes: [Showtime]) { answer.withLock { $0 = .success(showtimes) } }
  func fail() { answer.withLock { $0 = .failure(CatalogDown()) } }
  var questions: [Question] { asked.withLock { $0 } }

  func showtimes(at cinema: String, on day: String) async throws -> [Showtime] {
    asked.withLock { $0.append(Question(cinema: cinema, day: day)) }
    return try answer.withLock { $0 }.get()
  }
}

let alien = Showtime(film: "Alien", time: "18:00")
let dune = Showtime(film: "Dune", time: "20:30")
let casablanca = Showtime(film: "Casablanca", time: "21:00")

@Suite struct ShowtimesModelTests {
  @Test func showsTheDaysShowtimesSortedByTime() async {
    let model = ShowtimesModel(catalog: StubCatalog([dune, alien, casablanca]))
    await model.load(day: "Fri")
    #expect(model.rows == ["18:00 Alien", "20:30 Dune", "21:00 Casablanca"])
    #expect(model.message == nil)
  }

  @Test func asksOnceAboutTheCinemaInScopeWhenLoadRuns() async {
    let stub = StubCatalog([alien])
    let model = ShowtimesModel(catalog: stub)
    await ScreenScope.$cinema.withValue("Harbour") { await model.load(day: "Sat") }
    #expect(stub.questions == [Question(cinema: "Harbour", day: "Sat")])
  }

  @Test func aFailureShowsNoRowsAndTheMessage() async {
    let stub = StubCatalog([alien])
    let model = ShowtimesModel(catalog: stub)
    await model.load(day: "Fri")
    stub.fail()
    await model.load(day: "Fri")
    #expect(model.rows.isEmpty)
    #expect(model.message == "Showtimes unavailable")
  }

  @Test func aSuccessClearsTheMessage() async {
    let stub = StubCatalog([alien])
    stub.fail()
    let model = ShowtimesModel(catalog: stub)
    await model.load(day: "Fri")
    stub.answer(with: [alien])
    await model.load(day: "Fri")
    #expect(model.rows == ["18:00 Alien"])
    #expect(model.message == nil)
  }

  @Test func everyLoadAsksAgain() async {
    let stub = StubCatalog([alien])
    let model = ShowtimesModel(catalog: stub)
    await model.load(day: "Fri")
    stub.answer(with: [dune])
    await model.load(day: "Fri")
    #expect(model.rows == ["20:30 Dune"])
    #expect(stub.questions.count == 2)
  }
}
