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
    SignedInFares(
      base: FoldedCache(
        base: RetryingFares(
          base: CountingFares(base: backend, metrics: metrics),
          attempts: 3)),
      session: session)
  }
}

final class FoldedCache: Fares {
  private let base: any Fares
  private var known: [String: Int] = [:]

  init(base: any Fares) { self.base = base }

  func fare(for route: String) throws -> Int {
    let key = route.lowercased()
    if let fare = known[key] { return fare }
    let fare = try base.fare(for: route)
    known[key] = fare
    return fare
  }
}
