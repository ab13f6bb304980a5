/// What can go wrong when the app looks up a fare.
enum FareError: Error, Equatable {
  /// The request got no answer in time: asking again may work.
  case timedOut
  /// The fare server does not know the route: asking again will not help.
  case noSuchRoute
  /// Nobody is signed in: fares are for signed-in travellers only.
  case signedOut
}

/// Looks up the fare of a route, in cents.
protocol Fares {
  func fare(for route: String) throws -> Int
}

/// Who is using the app, read at every lookup: travellers sign in and out while it runs.
protocol Session: AnyObject {
  var isSignedIn: Bool { get }
}

/// The dashboard's counter of requests sent to the fare server.
protocol Metrics {
  func requestSent(for route: String)
}

/// Refuses every lookup while nobody is signed in, without asking its base.
struct SignedInFares: Fares {
  let base: any Fares
  let session: any Session

  func fare(for route: String) throws -> Int {
    guard session.isSignedIn else { throw FareError.signedOut }
    return try base.fare(for: route)
  }
}

/// Remembers every fare its base returned, per route, and answers from memory after that.
/// Errors are not remembered: a route that failed is asked again next time.
final class CachingFares: Fares {
  private let base: any Fares
  private var known: [String: Int] = [:]

  init(base: any Fares) {
    self.base = base
  }

  func fare(for route: String) throws -> Int {
    if let fare = known[route] { return fare }
    let fare = try base.fare(for: route)
    known[route] = fare
    return fare
  }
}

/// Tells the metrics about every call that passes through it, then passes it on.
struct CountingFares: Fares {
  let base: any Fares
  let metrics: any Metrics

  func fare(for route: String) throws -> Int {
    metrics.requestSent(for: route)
    return try base.fare(for: route)
  }
}
