import Foundation

/// One tram leaving the stop.
struct Departure: Equatable {
  let line: String
  let destination: String
  let leavesAt: Date
}

/// Where the board's departures come from.
protocol DepartureFeed {
  func departures(from stop: String) throws -> [Departure]
}

/// Tells the board what time it is.
protocol TimeSource {
  var now: Date { get }
}

/// The city's transit API. The real client asks the server for a stop's next departures over
/// HTTPS; exercises run offline, so this one prints the request it would have made and makes
/// up a timetable that starts from the real time.
struct TransitAPIClient: DepartureFeed {
  func departures(from stop: String) throws -> [Departure] {
    print("LIVE: GET https://transit.example/v2/stops/\(stop)/departures")
    let now = Date()
    return [
      Departure(line: "4", destination: "Harbour", leavesAt: now.addingTimeInterval(4 * 60)),
      Departure(line: "11", destination: "University", leavesAt: now.addingTimeInterval(40)),
    ]
  }
}

/// The real clock, for the app.
struct SystemTime: TimeSource {
  var now: Date { Date() }
}

/// The screen at one tram stop. The app redraws it every few seconds. It is built once, in the
/// app's composition root, as `DepartureBoard(stop:feed:clock:)` with the live client and the
/// system clock.
struct DepartureBoard {
  let stop: String
  let feed: any DepartureFeed
  let clock: any TimeSource

  /// The next trams, soonest first, at most three: `"4 Harbour: 3 min"`, or `"11 University: now"`
  /// in the last minute before it leaves. Trams that have left are not shown. When the transit
  /// API fails, one row: `"Times unavailable"`.
  func rows() -> [String] {
    let now = clock.now
    do {
      return try feed.departures(from: stop)
        .filter { $0.leavesAt >= now }
        .sorted { $0.leavesAt < $1.leavesAt }
        .prefix(3)
        .map { departure in
          let minutes = Int(departure.leavesAt.timeIntervalSince(now) / 60)
          return "\(departure.line) \(departure.destination): \(minutes == 0 ? "now" : "\(minutes) min")"
        }
    } catch {
      return ["Times unavailable"]
    }
  }
}
