import ExchangeRates
import Testing

/// Stands in for the rates server: answers from a script, one entry per request (the last one
/// repeats), and counts the requests.
final class ScriptedRates: Rates {
  private var script: [Result<Double, RatesError>]
  private(set) var requests = 0

  init(_ script: [Result<Double, RatesError>]) {
    self.script = script
  }

  func rate(for currency: String) throws -> Double {
    requests += 1
    let next = script.count > 1 ? script.removeFirst() : script[0]
    return try next.get()
  }
}

/// Stands in for the support log: keeps every line.
final class LogSpy: RatesLog {
  private(set) var lines: [String] = []
  func write(_ line: String) { lines.append(line) }
}

@Suite struct RateStackTests {
  let log = LogSpy()

  @Test func aRateIsFetchedOnceAndThenAnsweredFromMemory() throws {
    let server = ScriptedRates([.success(0.92), .success(1.08)])
    let rates = RatesRoot.make(server: server, log: log)
    #expect(try rates.rate(for: "EUR") == 0.92)
    #expect(try rates.rate(for: "EUR") == 0.92)
    #expect(try rates.rate(for: "USD") == 1.08, "Rates are remembered per currency: USD is not EUR.")
    #expect(server.requests == 2, "A known rate must come from memory, with no request; a new currency asks.")
    #expect(
      log.lines == ["EUR = 0.92", "USD = 1.08"], "Only requests are logged, not answers from memory.")
  }

  @Test func aDropIsRetriedAndEveryRequestIsLogged() throws {
    let server = ScriptedRates([.failure(.offline), .success(0.92)])
    let rates = RatesRoot.make(server: server, log: log)
    #expect(try rates.rate(for: "EUR") == 0.92, "One drop, then an answer: the user gets it.")
    #expect(server.requests == 2)
    #expect(
      log.lines == ["EUR failed: offline", "EUR = 0.92"],
      "The log sits next to the server: one line per request, retried ones included.")
  }

  @Test func threeRequestsThenOfflineReachesTheCaller() {
    let server = ScriptedRates([.failure(.offline)])
    let rates = RatesRoot.make(server: server, log: log)
    #expect(throws: RatesError.offline) { try rates.rate(for: "EUR") }
    #expect(server.requests == 3, "Exactly 3 requests per lookup, never 2 or 4.")
    #expect(log.lines == Array(repeating: "EUR failed: offline", count: 3))
    #expect(throws: RatesError.offline) { try rates.rate(for: "EUR") }
    #expect(server.requests == 6, "Every lookup gets its own 3 requests.")
  }

  @Test func anUnknownCurrencyIsAskedOnce() {
    let server = ScriptedRates([.failure(.unknownCurrency)])
    let rates = RatesRoot.make(server: server, log: log)
    #expect(throws: RatesError.unknownCurrency) { try rates.rate(for: "XYZ") }
    #expect(server.requests == 1, "Only offline is retried: asking again will not help.")
    #expect(log.lines == ["XYZ failed: unknownCurrency"])
  }

  @Test func aFailureIsNotRemembered() throws {
    let server = ScriptedRates([
      .failure(.offline), .failure(.offline), .failure(.offline), .success(0.92),
    ])
    let rates = RatesRoot.make(server: server, log: log)
    #expect(throws: RatesError.offline) { try rates.rate(for: "EUR") }
    #expect(try rates.rate(for: "EUR") == 0.92, "The next lookup must ask the server again.")
    #expect(server.requests == 4)
  }
}
