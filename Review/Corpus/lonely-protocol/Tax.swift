protocol TaxCalculating {  // review: lonely-protocol
  func tax(on cents: Int) -> Int
}

struct TaxCalculator: TaxCalculating {
  func tax(on cents: Int) -> Int { cents / 5 }
}

/// A boundary: the tests stand in for it.
protocol RateSource {
  func rate() -> Int
}

struct LiveRates: RateSource {
  func rate() -> Int { 92 }
}

struct Till {
  let tax: any TaxCalculating
  let rates: any RateSource
}
