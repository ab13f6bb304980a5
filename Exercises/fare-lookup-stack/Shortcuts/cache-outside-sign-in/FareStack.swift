/// Asks its base again when a request times out: up to `attempts` asks in all (`attempts` is
/// at least 1). The first fare returned is the answer. Only `FareError.timedOut` is retried;
/// any other error is thrown at once. When the last ask times out too, `timedOut` is thrown.
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
  /// Read from the outside in: the session check first, so nothing remembered reaches a
  /// signed-out traveller; then memory, so a known fare costs no request; then the retry;
  /// and the counter next to the server, where each attempt is one request.
  static func make(backend: any Fares, session: any Session, metrics: any Metrics) -> any Fares {
    CachingFares(
      base: SignedInFares(
        base: RetryingFares(
          base: CountingFares(base: backend, metrics: metrics),
          attempts: 3),
        session: session))
  }
}
