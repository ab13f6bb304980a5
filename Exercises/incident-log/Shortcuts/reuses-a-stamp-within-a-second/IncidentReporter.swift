import Foundation

/// Tells the reporter what time it is.
protocol IncidentClock {
  var now: Date { get }
}

/// Hands out incident IDs such as `INC-4F2A`.
protocol IncidentIDSource {
  func nextID() -> String
}

/// The real clock, for the app.
struct SystemIncidentClock: IncidentClock {
  var now: Date { Date() }
}

/// The real ID source, for the app: random, so no test can predict it.
struct RandomIncidentIDs: IncidentIDSource {
  func nextID() -> String { "INC-" + UUID().uuidString.prefix(4) }
}

/// One filed incident.
struct Incident: Equatable {
  let id: String
  let title: String
  let filedAt: Date
}

final class IncidentReporter {
  private let clock: any IncidentClock
  private let ids: any IncidentIDSource
  private var lastStamp: Date?
  init(clock: any IncidentClock, ids: any IncidentIDSource) {
    self.clock = clock
    self.ids = ids
  }
  func file(title: String) -> Incident {
    let now = clock.now
    let stamp: Date
    if let last = lastStamp, now.timeIntervalSince(last) < 1 { stamp = last } else { stamp = now }
    lastStamp = stamp
    return Incident(id: ids.nextID(), title: title, filedAt: stamp)
  }
}
