import Testing

@testable import FareLookupStack

@Suite("Step 1: RetryingFares keeps its doc comment") struct Step1 {
  @Test func aTimeoutIsAskedAgainAndTheFareReturned() throws {
    let server = ScriptedServer(["LDN-BRI": [.failure(.timedOut), .failure(.timedOut), .success(31_50)]])
    let fares = RetryingFares(base: server, attempts: 3)
    let fare = try? fares.fare(for: "LDN-BRI")
    #expect(fare == 31_50, "RetryingFares gave up after a timeout: it must ask its base again, up to `attempts` asks in all")
    #expect(server.requests(for: "LDN-BRI") == 3, "two timeouts and a fare: exactly 3 asks, got \(server.requests(for: "LDN-BRI"))")
  }

  @Test func noMoreThanTheGivenAttempts() {
    let server = ScriptedServer(["LDN-BRI": Array(repeating: .failure(.timedOut), count: 10)])
    let fares = RetryingFares(base: server, attempts: 3)
    #expect(throws: FareError.timedOut, "after the last timed-out ask, RetryingFares throws timedOut") {
      try fares.fare(for: "LDN-BRI")
    }
    #expect(server.requests(for: "LDN-BRI") == 3, "`attempts: 3` means exactly 3 asks in all (3 retries after the first would be 4), got \(server.requests(for: "LDN-BRI"))")
  }

  @Test func theAttemptsAreTheOnesGiven() {
    let server = ScriptedServer(["LDN-BRI": Array(repeating: .failure(.timedOut), count: 10)])
    _ = try? RetryingFares(base: server, attempts: 5).fare(for: "LDN-BRI")
    #expect(server.requests(for: "LDN-BRI") == 5, "RetryingFares(attempts: 5) must ask 5 times, got \(server.requests(for: "LDN-BRI")): the root chooses the number")
    let once = ScriptedServer(["LDN-BRI": [.failure(.timedOut), .success(1)]])
    _ = try? RetryingFares(base: once, attempts: 1).fare(for: "LDN-BRI")
    #expect(once.requests(for: "LDN-BRI") == 1, "attempts: 1 is a single ask, no retry")
  }

  @Test func otherErrorsAreNotRetried() {
    let server = ScriptedServer(["LDN-XYZ": [.failure(.noSuchRoute), .success(1), .success(1)]])
    let fares = RetryingFares(base: server, attempts: 3)
    #expect(throws: FareError.noSuchRoute, "an error that is not a timeout must reach the caller unchanged") {
      try fares.fare(for: "LDN-XYZ")
    }
    #expect(server.requests(for: "LDN-XYZ") == 1, "noSuchRoute was asked \(server.requests(for: "LDN-XYZ")) times: asking again cannot help, only timedOut is retried")
  }
}

@Suite("Step 2: the root stacks the decorators in the order that keeps every promise") struct Step2 {
  @Test func aSignedOutTravellerGetsNothingRemembered() {
    let stack = Stack()
    _ = try? stack.fares.fare(for: "LDN-BRI")
    stack.session.isSignedIn = false
    #expect(throws: FareError.signedOut, "a fare remembered before sign-out reached a signed-out traveller: the session check must sit outside the cache") {
      try stack.fares.fare(for: "LDN-BRI")
    }
    stack.session.isSignedIn = true
    #expect((try? stack.fares.fare(for: "LDN-BRI")) == 4_20, "after signing in again, the fare is there")
  }

  @Test func signedOutLookupsReachNeitherServerNorMetrics() {
    let stack = Stack()
    stack.session.isSignedIn = false
    #expect(throws: FareError.signedOut, "nobody is signed in: the lookup must throw signedOut") {
      try stack.fares.fare(for: "LDN-BRI")
    }
    #expect(stack.server.requests.isEmpty, "a signed-out lookup reached the fare server \(stack.server.requests.count) times: check the session before anything else")
    #expect(stack.metrics.sent.isEmpty, "a signed-out lookup was counted as a request \(stack.metrics.sent.count) times, but none was sent")
  }

  @Test func theSessionIsReadAtEveryLookup() {
    let stack = Stack()
    stack.session.isSignedIn = false
    _ = try? stack.fares.fare(for: "LDN-BRI")
    stack.session.isSignedIn = true
    #expect((try? stack.fares.fare(for: "LDN-BRI")) == 4_20, "the traveller signed in after the stack was built and was still refused: read the session at each lookup, not when building")
  }

  @Test func aKnownFareCostsNoRequest() throws {
    let stack = Stack(["LDN-BRI": [.success(31_50), .success(99_99)]])
    _ = try stack.fares.fare(for: "LDN-BRI")
    let again = try stack.fares.fare(for: "LDN-BRI")
    #expect(again == 31_50, "the second lookup of a route must be answered from memory")
    #expect(stack.server.requests(for: "LDN-BRI") == 1, "a known fare was asked from the server again: the stack needs the cache")
    #expect(stack.metrics.sent == ["LDN-BRI"], "metrics count requests sent to the server; a fare from memory is not one: got \(stack.metrics.sent)")
  }

  @Test func routesAreRememberedSeparately() throws {
    let stack = Stack(["LDN-BRI": [.success(31_50)], "LDN-OXF": [.success(27_00)]])
    _ = try stack.fares.fare(for: "LDN-BRI")
    #expect(try stack.fares.fare(for: "LDN-OXF") == 27_00, "each route has its own fare")
  }

  @Test func aTimeoutIsRetriedAndEveryRequestCounted() throws {
    let stack = Stack(["LDN-BRI": [.failure(.timedOut), .failure(.timedOut), .success(31_50)]])
    #expect(try stack.fares.fare(for: "LDN-BRI") == 31_50, "two timeouts then a fare: the stack must retry, 3 asks in all")
    #expect(stack.server.requests(for: "LDN-BRI") == 3)
    #expect(stack.metrics.sent == ["LDN-BRI", "LDN-BRI", "LDN-BRI"], "the server received 3 requests and the metrics saw \(stack.metrics.sent.count): the counter must sit inside the retry, next to the server")
    _ = try stack.fares.fare(for: "LDN-BRI")
    #expect(stack.metrics.sent.count == 3, "a fare from memory was counted as a request")
  }

  @Test func theStackGivesUpAfterThreeRequests() {
    let stack = Stack(["LDN-BRI": Array(repeating: .failure(.timedOut), count: 10)])
    #expect(throws: FareError.timedOut, "when every request times out, the traveller sees timedOut") {
      try stack.fares.fare(for: "LDN-BRI")
    }
    #expect(stack.server.requests(for: "LDN-BRI") == 3, "the root's retry is 3 asks in all, got \(stack.server.requests(for: "LDN-BRI"))")
    #expect(stack.metrics.sent.count == 3)
  }

  @Test func eachStackHasItsOwnMemory() throws {
    let first = Stack(["LDN-BRI": [.success(31_50)]])
    _ = try first.fares.fare(for: "LDN-BRI")
    let second = Stack(["LDN-BRI": [.success(35_00)]])
    #expect(try second.fares.fare(for: "LDN-BRI") == 35_00, "a second stack answered from the first one's memory: each call to make builds its own cache")
    #expect(second.server.requests(for: "LDN-BRI") == 1)
  }
}
