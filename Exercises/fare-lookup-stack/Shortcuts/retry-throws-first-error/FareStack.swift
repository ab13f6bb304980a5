/// Asks its base again when a request times out: up to `attempts` asks in all.
struct RetryingFares: Fares {
  let base: any Fares
  let attempts: Int

  func fare(for route: String) throws -> Int {
    var first: FareError?
    for attempt in 1...attempts {
      do {
        return try base.fare(for: route)
      } catch FareError.timedOut where attempt < attempts {
        first = first ?? .timedOut
      } catch {
        throw first ?? error
      }
    }
    throw FareError.timedOut
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
