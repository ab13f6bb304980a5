struct FixedRates: RateSource {
  func rate() -> Int { 100 }
}

func makeTill() -> Till { Till(tax: TaxCalculator(), rates: FixedRates()) }
