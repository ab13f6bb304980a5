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
  private var filed: [String: Incident] = [:]
  init(clock: any IncidentClock, ids: any IncidentIDSource) {
    self.clock = clock
    self.ids = ids
  }
  func file(title: String) -> Incident {
    if let known = filed[title] { return known }
    let incident = Incident(id: ids.nextID(), title: title, filedAt: clock.now)
    filed[title] = incident
    return incident
  }
}
