import ExchangeRates
import Testing

/// Stands in for the rates server: one scripted answer per request, the last one repeating.
final class ScriptedRates: Rates {
  private var script: [Result<Double, RatesError>]
  private(set) var requests = 0

  init(_ script: [Result<Double, RatesError>]) {
    self.script = script
  }

  func rate(for currency: String) throws -> Double {
    requests += 1
    let next = script[0]
    if script.count > 1 { script.removeFirst() }
    return try next.get()
  }
}

/// Stands in for the support log: keeps its lines.
final class LogSpy: RatesLog {
  private(set) var lines: [String] = []
  func write(_ line: String) { lines.append(line) }
}

@Suite struct RateStackTests {
  @Test func aKnownRateIsAnsweredFromMemory() throws {
    let server = ScriptedRates([.success(0.92)])
    let rates = RatesRoot.make(server: server, log: LogSpy())
    #expect(try rates.rate(for: "EUR") == 0.92)
    #expect(try rates.rate(for: "EUR") == 0.92)
    #expect(server.requests == 1)
  }

  @Test func offlineEveryTime() throws {
    let server = ScriptedRates([.failure(.offline)])
    let log = LogSpy()
    let rates = RatesRoot.make(server: server, log: log)
    #expect(throws: (any Error).self) { try rates.rate(for: "EUR") }
    #expect(server.requests == 3)
    #expect(log.lines.count == 3)
  }

  @Test func unknownCurrency() throws {
    let server = ScriptedRates([.failure(.unknownCurrency)])
    let rates = RatesRoot.make(server: server, log: LogSpy())
    #expect(throws: (any Error).self) { try rates.rate(for: "EUR") }
    #expect(server.requests == 1)
  }

  @Test func aFailureIsNotRemembered() throws {
    let server = ScriptedRates([
      .failure(.offline), .failure(.offline), .failure(.offline), .success(0.92),
    ])
    let rates = RatesRoot.make(server: server, log: LogSpy())
    #expect(throws: (any Error).self) { try rates.rate(for: "EUR") }
    #expect(try rates.rate(for: "EUR") == 0.92)
    #expect(server.requests == 4)
  }
}
