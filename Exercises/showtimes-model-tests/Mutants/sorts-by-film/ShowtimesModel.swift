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

  init(catalog: any ShowtimesCatalog) {
    self.catalog = catalog
  }

  /// Asks the catalog once for the day's showtimes at the cinema in scope when `load` runs, and
  /// shows exactly them (none for a day without showtimes), sorted by time, as "19:30 Dune". When
  /// the catalog throws: no rows, and the message "Showtimes unavailable". A successful load clears
  /// the message. Nothing is kept from one load to the next: not the cinema, the day or the rows.
  func load(day: String) async {
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
struct LiveShowtimesCatalog: ShowtimesCatalog {
  init() {
    Issue.record(
      "This test built LiveShowtimesCatalog, the live catalog: in the app it calls the cinema chain's API. Hand the model a double of your own (StubCatalog) instead.")
  }

  func showtimes(at cinema: String, on day: String) async throws -> [Showtime] {
    Issue.record(
      "This test asked LiveShowtimesCatalog, the live catalog, about \(cinema) on \(day): in the app that is a call to the cinema chain's API. Hand the model a double of your own (StubCatalog) instead.")
    return []
  }
}

// MARK: - Two rules for the tests, kept by the module they are compiled in

/// `Task.sleep` in this module records an issue: `load` is `async`, so a test awaits it and checks
/// once it has returned. A pause is a guess that passes on a quiet machine and fails on a busy one,
/// and every run pays for it.
extension Task where Success == Never, Failure == Never {
  static func sleep(for duration: Duration, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    Issue.record(
      "This test called Task.sleep(for: \(duration)): load(day:) is async, so `await model.load(day:)` and check once it returns. Never pause to give the model time.",
      sourceLocation: sourceLocation)
    try await ContinuousClock().sleep(for: duration)
  }

  static func sleep(nanoseconds: UInt64) async throws {
    Issue.record(
      "This test called Task.sleep(nanoseconds: \(nanoseconds)): load(day:) is async, so `await model.load(day:)` and check once it returns. Never pause to give the model time.")
    try await ContinuousClock().sleep(for: .nanoseconds(nanoseconds))
  }
}

/// `withKnownIssue` in this module hides nothing: it records an issue of its own and runs its body
/// as plain test code. Here it could only hide what LiveShowtimesCatalog records when a test
/// reaches the cinema chain's API, and a known issue does not make that call safe.
let knownIssueHidesNothing =
  "This test used withKnownIssue, which would hide the issue LiveShowtimesCatalog records when a test reaches the cinema chain's API; in this exercise it hides nothing. A known issue does not make a live call safe: build every model with a StubCatalog, and leave the live catalog to the app's composition root."

func withKnownIssue(
  _ comment: Comment? = nil, isIntermittent: Bool = false, sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () throws -> Void
) {
  Issue.record(Comment(rawValue: knownIssueHidesNothing), sourceLocation: sourceLocation)
  do { try body() } catch { Issue.record(error, sourceLocation: sourceLocation) }
}

func withKnownIssue(
  _ comment: Comment? = nil, isIntermittent: Bool = false, sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () throws -> Void, when precondition: () -> Bool = { true },
  matching issueMatcher: @escaping KnownIssueMatcher = { _ in true }
) rethrows {
  Issue.record(Comment(rawValue: knownIssueHidesNothing), sourceLocation: sourceLocation)
  try body()
}

func withKnownIssue(
  _ comment: Comment? = nil, isIntermittent: Bool = false, isolation: isolated (any Actor)? = #isolation,
  sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
) async {
  Issue.record(Comment(rawValue: knownIssueHidesNothing), sourceLocation: sourceLocation)
  do { try await body() } catch { Issue.record(error, sourceLocation: sourceLocation) }
}

func withKnownIssue(
  _ comment: Comment? = nil, isIntermittent: Bool = false, isolation: isolated (any Actor)? = #isolation,
  sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void,
  when precondition: () async -> Bool = { true }, matching issueMatcher: @escaping KnownIssueMatcher = { _ in true }
) async rethrows {
  Issue.record(Comment(rawValue: knownIssueHidesNothing), sourceLocation: sourceLocation)
  try await body()
}
