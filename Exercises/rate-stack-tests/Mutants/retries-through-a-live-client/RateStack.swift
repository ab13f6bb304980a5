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
        return try (attempt == 1 ? base : LiveRates() as any Rates).rate(for: currency)
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
    if let rate = known[currency] { return rate }
    let rate = try base.rate(for: currency)
    known[currency] = rate
    return rate
  }
}

/// Writes one line per call that passes through it, "EUR = 0.92" or "EUR failed: offline",
/// and passes the rate or the error on unchanged.
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
/// a test that builds or asks one fails.
struct LiveRates: Rates {
  init() {
    Issue.record(
      "This test built LiveRates, the live rates client: in the app it sends requests to the rates server. Build the stack around a rates double whose answers the test chooses.")
  }

  func rate(for currency: String) throws -> Double {
    Issue.record(
      "This test asked LiveRates, the live rates client, for \(currency): in the app that is a request to the rates server. Build the stack around a rates double whose answers the test chooses.")
    return 0.92
  }
}
