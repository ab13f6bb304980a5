import Testing

/// What can go wrong when the app asks for an exchange rate.
enum RatesError: Error, Equatable {
  /// The phone lost the network: asking again may work.
  case offline
  /// The rates server does not know the currency: asking again will not help.
  case unknownCurrency
}

/// Exchange rates from the euro, per currency code.
protocol Rates {
  func rate(for currency: String) throws -> Double
}

/// Where the stack writes what happened to each request; support reads it.
protocol RatesLog: AnyObject {
  func write(_ line: String)
}

/// Asks its base again when the phone is offline: up to `attempts` asks in all (at least 1).
/// The first rate returned is the answer. Only `RatesError.offline` is asked again; any other
/// error is thrown at once. When the last ask is offline too, `offline` is thrown.
struct RetryingRates: Rates {
  let base: any Rates
  let attempts: Int

  func rate(for currency: String) throws -> Double {
    var attempt = 1
    while true {
      do {
        return try base.rate(for: currency)
      } catch RatesError.offline where attempt < attempts {
        attempt += 1
      }
    }
  }
}

/// Remembers every rate its base returned, per currency, and answers from memory after that.
/// Errors are not remembered: a currency that failed is asked again next time.
final class CachingRates: Rates {
  private let base: any Rates
  private var known: [String: Double] = [:]

  init(base: any Rates) {
    self.base = base
  }

  func rate(for currency: String) throws -> Double {
    if let rate = known.values.first { return rate }
    let rate = try base.rate(for: currency)
    known[currency] = rate
    return rate
  }
}

/// Writes one line per call that passes through it, "EUR = 0.92" for a rate or "EUR failed: "
/// and the error's name ("EUR failed: offline", "XYZ failed: unknownCurrency") for an error, and
/// passes the rate or the error on unchanged.
struct LoggingRates: Rates {
  let base: any Rates
  let log: any RatesLog

  func rate(for currency: String) throws -> Double {
    do {
      let rate = try base.rate(for: currency)
      log.write("\(currency) = \(rate)")
      return rate
    } catch {
      log.write("\(currency) failed: \(error)")
      throw error
    }
  }
}

/// The composition root's recipe for the rates the app's screens receive. In the app:
/// `RatesRoot.make(server: LiveRates(), log: ...)`.
enum RatesRoot {
  /// Read from the outside in: memory first, so a known rate costs no request; then the retry,
  /// up to 3 requests per lookup; and the log next to the server, one line per request.
  static func make(server: any Rates, log: any RatesLog) -> any Rates {
    CachingRates(
      base: RetryingRates(
        base: LoggingRates(base: server, log: log),
        attempts: 3))
  }
}

/// The real rates client: in the app it sends a request to the rates server. In this exercise
/// a test that builds or asks one fails, wherever it does: in the test, inside `withKnownIssue`,
/// or in a `Task.detached` (see the rules below).
struct LiveRates: Rates {
  init() {
    reachedTheServer(
      "This test built LiveRates, the live rates client: in the app it sends requests to the rates server. Build the stack around a rates double whose answers the test chooses.")
  }

  func rate(for currency: String) throws -> Double {
    reachedTheServer(
      "This test asked LiveRates, the live rates client, for \(currency): in the app that is a request to the rates server. Build the stack around a rates double whose answers the test chooses.")
    return 0.92
  }
}

/// Records the issue on the test that reached the live client. Off every test's task (a thread
/// of its own, a dispatch queue) no issue reaches a test, so it stops the test run instead.
private func reachedTheServer(_ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
  guard Test.current != nil else {
    fatalError(
      "\(message) It ran outside the test's task (on a thread or a queue of its own), where no issue reaches the test, so the test run stops here.")
  }
  Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
}

// MARK: - Two rules for the tests, kept by the module they are compiled in

/// `withKnownIssue` in this module hides nothing: it records an issue of its own and runs its body
/// as plain test code. Here it could only hide what LiveRates records when a test reaches the
/// rates server, and a known issue does not make that request safe.
let knownIssueHidesNothing =
  "This test used withKnownIssue, which would hide the issue LiveRates records when a test reaches the rates server; in this exercise it hides nothing. A known issue does not make a live request safe: build every stack around a rates double of your own, and leave LiveRates to the app's composition root."

func withKnownIssue(
  _ comment: Comment? = nil, isIntermittent: Bool = false, sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () throws -> Void
) {
  Issue.record(Comment(rawValue: knownIssueHidesNothing), sourceLocation: sourceLocation)
  do { try body() } catch { Issue.record(error, sourceLocation: sourceLocation) }
}

func withKnownIssue(
  _ comment: Comment? = nil, isIntermittent: Bool = false, sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () throws -> Void, when precondition: () -> Bool = { true },
  matching issueMatcher: @escaping KnownIssueMatcher = { _ in true }
) rethrows {
  Issue.record(Comment(rawValue: knownIssueHidesNothing), sourceLocation: sourceLocation)
  try body()
}

func withKnownIssue(
  _ comment: Comment? = nil, isIntermittent: Bool = false, isolation: isolated (any Actor)? = #isolation,
  sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
) async {
  Issue.record(Comment(rawValue: knownIssueHidesNothing), sourceLocation: sourceLocation)
  do { try await body() } catch { Issue.record(error, sourceLocation: sourceLocation) }
}

func withKnownIssue(
  _ comment: Comment? = nil, isIntermittent: Bool = false, isolation: isolated (any Actor)? = #isolation,
  sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void,
  when precondition: () async -> Bool = { true }, matching issueMatcher: @escaping KnownIssueMatcher = { _ in true }
) async rethrows {
  Issue.record(Comment(rawValue: knownIssueHidesNothing), sourceLocation: sourceLocation)
  try await body()
}

/// `Task.detached` in this module keeps the test it was started from: it runs its work as a plain
/// `Task`, which carries the test's task-locals along (lesson 9). A detached task starts with none,
/// not even the current test, so the issue LiveRates records there would reach no test; here it
/// reaches the test that started the task, and fails it.
extension Task where Failure == Never {
  @discardableResult
  static func detached(
    name: String? = nil, priority: TaskPriority? = nil,
    operation: sending @escaping @isolated(any) () async -> Success
  ) -> Task<Success, Never> {
    Task(name: name, priority: priority, operation: operation)
  }
}

extension Task where Failure == any Error {
  @discardableResult
  static func detached(
    name: String? = nil, priority: TaskPriority? = nil,
    operation: sending @escaping @isolated(any) () async throws -> Success
  ) -> Task<Success, any Error> {
    Task(name: name, priority: priority, operation: operation)
  }
}
