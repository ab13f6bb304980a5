import Foundation

protocol TimeSource {
  var now: Date { get }
}

struct SystemTime: TimeSource {
  var now: Date { Date() }
}

struct DepartureBoard {
  let clock: SystemTime  // review: concrete-boundary
  let stop: String
}

/// A decorator holds the protocol; a root may hold the live type.
struct LoggingTime: TimeSource {
  let inner: any TimeSource
  var now: Date { inner.now }
}

struct AppRoot {
  let time: SystemTime
}
