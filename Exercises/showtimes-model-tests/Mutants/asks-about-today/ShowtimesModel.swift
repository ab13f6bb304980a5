import Testing

/// One film at one time.
struct Showtime: Equatable, Sendable {
  let film: String
  let time: String  // "19:30": zero-padded, so times sort as text
}

/// Where the screen's showtimes come from. In the app, the cinema chain's API.
protocol ShowtimesCatalog: Sendable {
  func showtimes(at cinema: String, on day: String) async throws -> [Showtime]
}

/// What one subtree of screens is about, the way SwiftUI's environment would carry it: the app
/// binds the cinema the user picked around everything that cinema's screens do.
enum ScreenScope {
  @TaskLocal static var cinema = "Central"
}

/// The model behind the showtimes screen. Its parent builds it, with the catalog, before the
/// screen appears; the screen calls `load(day:)` once it is on screen, inside the scope of the
/// cinema the user picked.
final class ShowtimesModel {
  private(set) var rows: [String] = []
  private(set) var message: String?
  private let catalog: any ShowtimesCatalog
  private var day = "Today"

  init(catalog: any ShowtimesCatalog) {
    self.catalog = catalog
  }

  /// Asks the catalog once for the day's showtimes at the cinema in scope when `load` runs, and
  /// shows them sorted by time, as "19:30 Dune". When the catalog throws: no rows, and the message
  /// "Showtimes unavailable". A successful load clears the message.
  func load(day: String) async {
    do {
      let showtimes = try await catalog.showtimes(at: ScreenScope.cinema, on: self.day)
      rows = showtimes.sorted { $0.time < $1.time }.map { "\($0.time) \($0.film)" }
      message = nil
    } catch {
      rows = []
      message = "Showtimes unavailable"
    }
  }
}

/// The real catalog, for the app's composition root. In the app it calls the cinema chain's API;
/// here it fails the test that reaches it.
struct LiveShowtimesCatalog: ShowtimesCatalog {
  func showtimes(at cinema: String, on day: String) async throws -> [Showtime] {
    Issue.record(
      "This test reached LiveShowtimesCatalog, the live catalog: in the app it calls the cinema chain's API. Hand the model a double of your own (StubCatalog) instead.")
    return []
  }
}
