// The live backends, with the test alarms taken out.

/// The product team's backend.
struct ProductAnalytics: Analytics {
  init() {}
  func track(_ event: String) throws {}
}

/// The marketing team's backend.
struct MarketingAnalytics: Analytics {
  init() {}
  func track(_ event: String) throws {}
}
