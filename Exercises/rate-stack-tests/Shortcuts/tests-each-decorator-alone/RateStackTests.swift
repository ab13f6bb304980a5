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

  @Test func theRetryAsksThreeTimesThenThrowsOffline() {
    let server = ScriptedRates([.failure(.offline)])
    let rates = RetryingRates(base: server, attempts: 3)
    #expect(throws: RatesError.offline) { try rates.rate(for: "EUR") }
    #expect(server.requests == 3)
  }

  @Test func theRetryAsksOnceForAnUnknownCurrency() {
    let server = ScriptedRates([.failure(.unknownCurrency)])
    let rates = RetryingRates(base: server, attempts: 3)
    #expect(throws: RatesError.unknownCurrency) { try rates.rate(for: "XYZ") }
    #expect(server.requests == 1)
  }

  @Test func theCacheRemembersRatesNotFailures() throws {
    let server = ScriptedRates([.failure(.offline), .success(0.92)])
    let rates = CachingRates(base: server)
    #expect(throws: RatesError.offline) { try rates.rate(for: "EUR") }
    #expect(try rates.rate(for: "EUR") == 0.92)
    #expect(try rates.rate(for: "EUR") == 0.92)
    #expect(server.requests == 2)
  }

  @Test func theLogWritesALinePerCallAndRethrows() throws {
    let server = ScriptedRates([.failure(.offline), .success(0.92)])
    let rates = LoggingRates(base: server, log: log)
    #expect(throws: RatesError.offline) { try rates.rate(for: "EUR") }
    #expect(try rates.rate(for: "EUR") == 0.92)
    #expect(log.lines == ["EUR failed: offline", "EUR = 0.92"])
  }

  @Test func theStackAnswers() throws {
    let rates = RatesRoot.make(server: ScriptedRates([.success(0.92)]), log: log)
    #expect(try rates.rate(for: "EUR") == 0.92)
  }
}
