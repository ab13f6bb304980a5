import Testing

/// One film at one time.
public struct Showtime: Equatable, Sendable {
  public let film: String
  public let time: String  // "19:30": zero-padded, so times sort as text

  public init(film: String, time: String) {
    self.film = film
    self.time = time
  }
}

/// Where the screen's showtimes come from. In the app, the cinema chain's API.
public protocol ShowtimesCatalog: Sendable {
  func showtimes(at cinema: String, on day: String) async throws -> [Showtime]
}

/// What one subtree of screens is about, the way SwiftUI's environment would carry it: the app
/// binds the cinema the user picked around everything that cinema's screens do.
public enum ScreenScope {
  @TaskLocal public static var cinema = "Central"
}

/// The model behind the showtimes screen. Its parent builds it, with the catalog, before the
/// screen appears; the screen calls `load(day:)` once it is on screen, inside the scope of the
/// cinema the user picked.
public final class ShowtimesModel {
  public private(set) var rows: [String] = []
  public private(set) var message: String?
  private let catalog: any ShowtimesCatalog

  public init(catalog: any ShowtimesCatalog) {
    self.catalog = catalog
  }

  /// Asks the catalog once for the day's showtimes at the cinema in scope when `load` runs, and
  /// shows exactly them (none for a day without showtimes), sorted by time, as "19:30 Dune". When
  /// the catalog throws: no rows, and the message "Showtimes unavailable". A successful load clears
  /// the message. Nothing is kept from one load to the next: not the cinema, the day or the rows.
  public func load(day: String) async {
    do {
      let showtimes = try await catalog.showtimes(at: ScreenScope.cinema, on: day)
      rows = showtimes.sorted { $0.film < $1.film }.map { "\($0.time) \($0.film)" }
      message = nil
    } catch {
      rows = []
      message = "Showtimes unavailable"
    }
  }
}

/// The real catalog, for the app's composition root. In the app it calls the cinema chain's API;
/// here it fails the test that builds it, and again the test that asks it.
public struct LiveShowtimesCatalog: ShowtimesCatalog {
  public init() {
    Issue.record(
      "This test built LiveShowtimesCatalog, the live catalog: in the app it calls the cinema chain's API. Hand the model a double of your own (StubCatalog) instead.")
  }

  public func showtimes(at cinema: String, on day: String) async throws -> [Showtime] {
    Issue.record(
      "This test asked LiveShowtimesCatalog, the live catalog, about \(cinema) on \(day): in the app that is a call to the cinema chain's API. Hand the model a double of your own (StubCatalog) instead.")
    return []
  }
}
