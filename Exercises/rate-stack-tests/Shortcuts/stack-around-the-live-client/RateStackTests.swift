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
    let server = ScriptedRates([.success(0.92)])
    let rates = RatesRoot.make(server: server, log: log)
    #expect(try rates.rate(for: "EUR") == 0.92)
    #expect(try rates.rate(for: "EUR") == 0.92)
    #expect(server.requests == 1, "A known rate must come from memory, with no request.")
    #expect(log.lines == ["EUR = 0.92"], "Only requests are logged, not answers from memory.")
  }

  @Test func theLiveStackAnswers() throws {
    let rates = RatesRoot.make(server: LiveRates(), log: log)
    #expect(try rates.rate(for: "EUR") > 0)
  }
}
