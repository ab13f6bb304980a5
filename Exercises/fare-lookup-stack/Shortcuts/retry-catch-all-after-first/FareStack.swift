/// Asks its base again when a request times out: up to `attempts` asks in all.
struct RetryingFares: Fares {
  let base: any Fares
  let attempts: Int

  func fare(for route: String) throws -> Int {
    do {
      return try base.fare(for: route)
    } catch FareError.timedOut where attempts > 1 {
      var attempt = 2
      while true {
        do {
          return try base.fare(for: route)
        } catch where attempt < attempts {
          attempt += 1
        }
      }
    }
  }
}

/// The composition root's recipe for the fares the app's screens receive.
enum FareRoot {
  static func make(backend: any Fares, session: any Session, metrics: any Metrics) -> any Fares {
    SignedInFares(
      base: CachingFares(
        base: RetryingFares(
          base: CountingFares(base: backend, metrics: metrics),
          attempts: 3)),
      session: session)
  }
}
