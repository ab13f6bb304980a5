import Testing

/// What can go wrong when the app asks for an exchange rate.
public enum RatesError: Error, Equatable, Sendable {
  /// The phone lost the network: asking again may work.
  case offline
  /// The rates server does not know the currency: asking again will not help.
  case unknownCurrency
}

/// Exchange rates from the euro, per currency code.
public protocol Rates {
  func rate(for currency: String) throws -> Double
}

/// Where the stack writes what happened to each request; support reads it.
public protocol RatesLog: AnyObject {
  func write(_ line: String)
}

/// Asks its base again when the phone is offline: up to `attempts` asks in all (at least 1).
/// The first rate returned is the answer. Only `RatesError.offline` is asked again; any other
/// error is thrown at once. When the last ask is offline too, `offline` is thrown.
public struct RetryingRates: Rates {
  public let base: any Rates
  public let attempts: Int

  public init(base: any Rates, attempts: Int) {
    self.base = base
    self.attempts = attempts
  }

  public func rate(for currency: String) throws -> Double {
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
public final class CachingRates: Rates {
  private let base: any Rates
  private var known: [String: Double] = [:]

  public init(base: any Rates) {
    self.base = base
  }

  public func rate(for currency: String) throws -> Double {
    if let rate = known[currency] { return rate }
    let rate = try base.rate(for: currency)
    known[currency] = rate
    return rate
  }
}

/// Writes one line per call that passes through it, "EUR = 0.92" for a rate or "EUR failed: "
/// and the error's name ("EUR failed: offline", "XYZ failed: unknownCurrency") for an error, and
/// passes the rate or the error on unchanged.
public struct LoggingRates: Rates {
  public let base: any Rates
  public let log: any RatesLog

  public init(base: any Rates, log: any RatesLog) {
    self.base = base
    self.log = log
  }

  public func rate(for currency: String) throws -> Double {
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
public enum RatesRoot: Sendable {
  /// Read from the outside in: memory first, so a known rate costs no request; then the retry,
  /// up to 3 requests per lookup; and the log next to the server, one line per request.
  public static func make(server: any Rates, log: any RatesLog) -> any Rates {
    CachingRates(
      base: LoggingRates(
        base: RetryingRates(base: server, attempts: 3),
        log: log))
  }
}

/// The real rates client: in the app it sends a request to the rates server. In this exercise
/// a test that builds or asks one fails, wherever it does: in the test, inside `withKnownIssue`,
/// or in a `Task.detached` (see Rules/TestRules.swift).
public struct LiveRates: Rates, Sendable {
  public init() {
    reachedTheServer(
      "This test built LiveRates, the live rates client: in the app it sends requests to the rates server. Build the stack around a rates double whose answers the test chooses.")
  }

  public func rate(for currency: String) throws -> Double {
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
