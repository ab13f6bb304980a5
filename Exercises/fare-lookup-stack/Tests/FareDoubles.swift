@testable import FareLookupStack

/// The fare server's double: answers each route from a script, one result per request, and
/// counts the requests it receives. A route whose script has run out answers 4_20.
final class ScriptedServer: Fares {
  private var scripts: [String: [Result<Int, FareError>]]
  private(set) var requests: [String] = []

  init(_ scripts: [String: [Result<Int, FareError>]] = [:]) {
    self.scripts = scripts
  }

  func requests(for route: String) -> Int {
    requests.filter { $0 == route }.count
  }

  func fare(for route: String) throws -> Int {
    requests.append(route)
    guard var script = scripts[route], !script.isEmpty else { return 4_20 }
    let next = script.removeFirst()
    scripts[route] = script
    return try next.get()
  }
}

/// A session the test signs in and out while the stack is running.
final class SwitchableSession: Session {
  var isSignedIn: Bool

  init(signedIn: Bool) {
    isSignedIn = signedIn
  }
}

/// Records every request the metrics are told about.
final class MetricsSpy: Metrics {
  private(set) var sent: [String] = []

  func requestSent(for route: String) {
    sent.append(route)
  }
}

/// One stack as the app builds it, with its doubles at hand.
struct Stack {
  let server: ScriptedServer
  let session = SwitchableSession(signedIn: true)
  let metrics = MetricsSpy()
  let fares: any Fares

  init(_ scripts: [String: [Result<Int, FareError>]] = [:]) {
    server = ScriptedServer(scripts)
    fares = FareRoot.make(backend: server, session: session, metrics: metrics)
  }
}
