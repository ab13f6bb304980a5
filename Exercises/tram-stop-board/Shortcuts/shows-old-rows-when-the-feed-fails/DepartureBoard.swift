import Foundation

/// One tram leaving the stop.
struct Departure: Equatable {
  let line: String
  let destination: String
  let leavesAt: Date
}

/// Where departures come from.
protocol DepartureFeed {
  func departures(from stop: String) throws -> [Departure]
}

/// What time it is.
protocol TimeSource {
  var now: Date { get }
}

/// The real clock, for the app.
struct SystemTimeSource: TimeSource {
  var now: Date { Date() }
}

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

func boardRow(_ departure: Departure, now: Date) -> String {
  let minutes = Int(departure.leavesAt.timeIntervalSince(now) / 60)
  return "\(departure.line) \(departure.destination): \(minutes == 0 ? "now" : "\(minutes) min")"
}

final class LastRows { var rows: [String]? }
struct DepartureBoard {
  let stop: String
  let feed: any DepartureFeed
  let clock: any TimeSource
  private let last = LastRows()
  init(stop: String, feed: any DepartureFeed, clock: any TimeSource) {
    self.stop = stop; self.feed = feed; self.clock = clock
  }
  func rows() -> [String] {
    let now = clock.now
    do {
      let rows = try feed.departures(from: stop).filter { $0.leavesAt >= now }
        .sorted { $0.leavesAt < $1.leavesAt }.prefix(3).map { boardRow($0, now: now) }
      last.rows = Array(rows)
      return Array(rows)
    } catch { return last.rows ?? ["Times unavailable"] }
  }
}
