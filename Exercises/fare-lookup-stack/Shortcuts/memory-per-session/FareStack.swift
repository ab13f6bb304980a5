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
  /// One memory per traveller's session, so a screen rebuilt for the same session keeps its fares.
  nonisolated(unsafe) static var memories: [ObjectIdentifier: [String: Int]] = [:]
  /// Keeps every session seen, so an identifier is never reused.
  nonisolated(unsafe) static var seen: [AnyObject] = []

  static func make(backend: any Fares, session: any Session, metrics: any Metrics) -> any Fares {
    seen.append(session)
    return SignedInFares(
      base: SessionMemory(
        base: RetryingFares(
          base: CountingFares(base: backend, metrics: metrics),
          attempts: 3),
        key: ObjectIdentifier(session)),
      session: session)
  }
}

struct SessionMemory: Fares {
  let base: any Fares
  let key: ObjectIdentifier

  func fare(for route: String) throws -> Int {
    if let fare = FareRoot.memories[key]?[route] { return fare }
    let fare = try base.fare(for: route)
    FareRoot.memories[key, default: [:]][route] = fare
    return fare
  }
}
