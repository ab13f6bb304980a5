import Testing

// The live analytics backends. Leave this file as it is: in the app each one posts to a team's
// server; in this exercise a test that builds or uses one fails.

/// The product team's backend.
struct ProductAnalytics: Analytics {
  init() {
    Issue.record(
      "This test built ProductAnalytics, the product team's live backend: in the app it posts every event to their server. The tracker must send only through the analytics it is given, so a test can hand it a spy.")
  }

  func track(_ event: String) throws {
    Issue.record(
      "This test posted \"\(event)\" to ProductAnalytics, the product team's live backend. The tracker must send only through the analytics it is given.")
  }
}

/// The marketing team's backend.
struct MarketingAnalytics: Analytics {
  init() {
    Issue.record(
      "This test built MarketingAnalytics, the marketing team's live backend: in the app it posts every event to their server. The tracker must send only through the analytics it is given, so a test can hand it a spy.")
  }

  func track(_ event: String) throws {
    Issue.record(
      "This test posted \"\(event)\" to MarketingAnalytics, the marketing team's live backend. The tracker must send only through the analytics it is given.")
  }
}
