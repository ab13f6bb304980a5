/// Asks its base again when a request times out: up to `attempts` asks in all.
struct RetryingFares: Fares {
  let base: any Fares
  let attempts: Int

  func fare(for route: String) throws -> Int {
    var attempt = 1
    while true {
      do {
        return try base.fare(for: route)
      } catch FareError.timedOut where attempt < attempts {
        attempt += 1
      }
    }
  }
}

/// The composition root's recipe for the fares the app's screens receive.
enum FareRoot {
  static func make(backend: any Fares, session: any Session, metrics: any Metrics) -> any Fares {
    Memories.seen.append(backend as AnyObject)
    return SignedInFares(
      base: BackendMemory(
        base: RetryingFares(
          base: CountingFares(base: backend, metrics: metrics),
          attempts: 3),
        key: ObjectIdentifier(backend as AnyObject)),
      session: session)
  }
}

enum Memories {
  nonisolated(unsafe) static var byBackend: [ObjectIdentifier: [String: Int]] = [:]
  /// Keeps every backend seen, so an identifier is never reused.
  nonisolated(unsafe) static var seen: [AnyObject] = []
}

struct BackendMemory: Fares {
  let base: any Fares
  let key: ObjectIdentifier

  func fare(for route: String) throws -> Int {
    if let fare = Memories.byBackend[key]?[route] { return fare }
    let fare = try base.fare(for: route)
    Memories.byBackend[key, default: [:]][route] = fare
    return fare
  }
}
