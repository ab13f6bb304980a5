import ExchangeRates
import Testing

// The code under test is Subject/RateStack.swift, and it is correct. Write the tests that
// would catch a bug in the stack RatesRoot.make builds. Start from the doubles below.

/// Stands in for the rates server. So far it answers 0.92 every time and keeps no count.
final class ScriptedRates: Rates {
  func rate(for currency: String) throws -> Double {
    0.92
  }
}

/// Stands in for the support log. So far it throws every line away.
final class LogSpy: RatesLog {
  func write(_ line: String) {}
}

@Suite struct RateStackTests {
  @Test func aLookupGetsTheServersRate() throws {
    let rates = RatesRoot.make(server: ScriptedRates(), log: LogSpy())
    #expect(
      try rates.rate(for: "EUR") == 0.92,
      "The stack should pass the server's rate through unchanged: 0.92.")
  }
}
