import Synchronization

@testable import FareLookupStack

/// The fare server's double: answers each route from a script, one result per request, and
/// counts the requests it receives. A route whose script has run out answers 4_20.
final class ScriptedServer: Fares {
  private var scripts: [String: [Result<Int, FareError>]]
  private(set) var requests: [String] = []

  init(_ scripts: [String: [Result<Int, FareError>]] = [:]) {
    self.scripts = scripts
    KeptAlive.keep(self)
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
    KeptAlive.keep(self)
  }
}

/// Records every request the metrics are told about.
final class MetricsSpy: Metrics {
  private(set) var sent: [String] = []

  init() {
    KeptAlive.keep(self)
  }

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
    KeptAlive.keep(fares as AnyObject)
  }
}

/// Every double and stack the tests make lives until the run ends, so no two of them ever share
/// an address. An answer that keeps memory outside its stack, in a static keyed by
/// `ObjectIdentifier(server)` or `(session)`, then meets its leftovers only in the test that
/// builds two stacks around the same server and session, and fails there, with a message about
/// memory shared between stacks, instead of failing some other test now and then, when a freed
/// server's address is reused by the next test's, with a diagnosis that does not fit.
enum KeptAlive {
  /// Only ever stored, never used: holding it is the whole job.
  private final class Held: @unchecked Sendable {
    let object: AnyObject

    init(_ object: AnyObject) {
      self.object = object
    }
  }

  private static let objects = Mutex<[Held]>([])

  static func keep(_ object: AnyObject) {
    let held = Held(object)
    objects.withLock { $0.append(held) }
  }
}
