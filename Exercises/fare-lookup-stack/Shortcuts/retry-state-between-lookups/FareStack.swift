/// Asks its base again when a request times out: up to `attempts` asks in all.
final class RetryingFares: Fares {
  let base: any Fares
  let attempts: Int
  private var used = 0
  init(base: any Fares, attempts: Int) { self.base = base; self.attempts = attempts }
  func fare(for route: String) throws -> Int {
    while true {
      do {
        let fare = try base.fare(for: route)
        used = 0
        return fare
      } catch FareError.timedOut where used + 1 < attempts {
        used += 1
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
