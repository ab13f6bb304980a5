import Testing

@testable import FareLookupStack

/// "1 request", "3 requests".
private func counted(_ requests: Int) -> String {
  requests == 1 ? "1 request" : "\(requests) requests"
}

/// What one lookup did: the fare, or the error that reached the caller.
private func outcome(_ lookup: () throws -> Int) -> String {
  do {
    return "the fare \(try lookup())"
  } catch {
    return "\(error)"
  }
}

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

  @Test func everyLookupGetsAllItsAttempts() {
    let server = ScriptedServer([
      "LDN-BRI": Array(repeating: .failure(.timedOut), count: 8) + [.success(31_50)]
    ])
    let fares = RetryingFares(base: server, attempts: 3)
    _ = try? fares.fare(for: "LDN-BRI")
    #expect(server.requests(for: "LDN-BRI") == 3, "a lookup that times out every time asks 3 times, got \(server.requests(for: "LDN-BRI"))")
    _ = try? fares.fare(for: "LDN-BRI")
    let second = server.requests(for: "LDN-BRI") - 3
    #expect(second == 3, "the next lookup on the same RetryingFares asked \(second) time(s), not 3: the retry carried its count of attempts over from the lookup before. Each lookup gets `attempts` asks of its own: count them in a local variable of `fare(for:)`, not in a stored property")
    let third = outcome { try fares.fare(for: "LDN-BRI") }
    #expect(third == "the fare 3150", "a third lookup, two timeouts then a fare, got \(third): after two lookups that used up their attempts, the retry must still ask 3 times")
  }

  @Test func otherErrorsAreNotRetried() {
    for error in [FareError.noSuchRoute, .signedOut] {
      let name = "\(error)"
      let server = ScriptedServer(["LDN-XYZ": [.failure(error), .success(1), .success(1)]])
      let got = outcome { try RetryingFares(base: server, attempts: 3).fare(for: "LDN-XYZ") }
      #expect(got == name, "the base threw \(name) and the caller got \(got): an error that is not a timeout must reach the caller unchanged")
      #expect(server.requests(for: "LDN-XYZ") == 1, "\(name) was asked \(server.requests(for: "LDN-XYZ")) times: asking again cannot help, only timedOut is retried")
    }
  }

  @Test func anErrorAfterATimeoutIsThrownAsItCame() {
    for error in [FareError.noSuchRoute, .signedOut] {
      let name = "\(error)"
      let server = ScriptedServer(["LDN-XYZ": [.failure(.timedOut), .failure(error), .success(1)]])
      let got = outcome { try RetryingFares(base: server, attempts: 3).fare(for: "LDN-XYZ") }
      let seen = "\(got) after \(server.requests(for: "LDN-XYZ")) asks"
      #expect(seen == "\(name) after 2 asks", "a timeout, then \(name): the caller must get \(name) after exactly 2 asks, and got \(seen). A timeout seen earlier changes nothing: every ask's error other than timedOut stops the retry at once and reaches the caller as it came (not the first error, and not asked again)")
    }
  }

  @Test func theRetryAsksAgainAtOnce() {
    let waits = retryWaitsBetweenAsks()
    #expect(waits != true, "RetryingFares waited between asks (the thread slept before asking again, in every lookup the test watched): it must ask again at once. A pause between retries (a backoff) reads the real clock, and every test of a timeout would wait for it; a retry with a backoff takes an injected clock (lesson 10). This one has none: ask again right away")
  }
}

@Suite("Step 2: the root stacks the decorators in the order that keeps every promise") struct Step2 {
  // The tests of memory shared between stacks come first: an answer whose memory outlives its
  // stack fails them with a message that says so, before it fails the others with a fare that
  // another stack left behind.

  @Test func eachStackHasItsOwnMemory() throws {
    let first = Stack(["LDN-BRI": [.success(31_50)]])
    _ = try first.fares.fare(for: "LDN-BRI")
    let second = Stack(["LDN-BRI": [.success(35_00)]])
    let fare = outcome { try second.fares.fare(for: "LDN-BRI") }
    #expect(fare == "the fare 3500", "a second stack answered \(fare) (its server's fare is 3500): it answered from memory shared between stacks. Each call to make builds its own cache, held by that stack only, never in a static")
    #expect(second.server.requests(for: "LDN-BRI") == 1, "a new stack's first lookup must reach its server: memory is not shared between stacks")
  }

  @Test func stacksAroundTheSameServerAndSessionHaveTheirOwnMemory() throws {
    let server = ScriptedServer(["LDN-BRI": [.success(31_50), .success(35_00)]])
    let session = SwitchableSession(signedIn: true)
    let metrics = MetricsSpy()
    let first = FareRoot.make(backend: server, session: session, metrics: metrics)
    KeptAlive.keep(first as AnyObject)
    _ = try first.fare(for: "LDN-BRI")
    let second = FareRoot.make(backend: server, session: session, metrics: metrics)
    KeptAlive.keep(second as AnyObject)
    let seen = "\(outcome { try second.fare(for: "LDN-BRI") }) after \(counted(server.requests(for: "LDN-BRI")))"
    #expect(seen == "the fare 3500 after 2 requests", "two stacks made around the same server and session: the second one's first lookup got \(seen) in all, not the server's new fare: it answered from the first stack's memory. Memory shared between stacks, per server or per session, is memory make cannot see the end of. Each call to make builds its own CachingFares, held by that stack only")
  }

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

  @Test func everyRouteIsRemembered() throws {
    let stack = Stack(["LDN-BRI": [.success(31_50), .success(99_99)], "LDN-OXF": [.success(27_00)]])
    _ = try stack.fares.fare(for: "LDN-BRI")
    #expect(try stack.fares.fare(for: "LDN-OXF") == 27_00, "each route has its own fare")
    let seen = "\(outcome { try stack.fares.fare(for: "LDN-BRI") }) after \(counted(stack.server.requests(for: "LDN-BRI")))"
    #expect(seen == "the fare 3150 after 1 request", "LDN-BRI, LDN-OXF, then LDN-BRI again: the third lookup got \(seen) for LDN-BRI, not 3150 from memory: fetching LDN-OXF made the stack forget LDN-BRI. The cache keeps the fare of every route fetched, not only the last one")
  }

  @Test func routesAreRememberedExactlyAsGiven() throws {
    let stack = Stack(["LDN-BRI": [.success(31_50)], "ldn-bri": [.success(12_00)]])
    _ = try stack.fares.fare(for: "LDN-BRI")
    let seen = "\(outcome { try stack.fares.fare(for: "ldn-bri") }) after \(counted(stack.server.requests(for: "ldn-bri")))"
    #expect(seen == "the fare 1200 after 1 request", "\"ldn-bri\" after \"LDN-BRI\" got \(seen) for \"ldn-bri\", not its own fare 1200 from the server: the cache took them for one route. It remembers each route exactly as given; whether two spellings name one route is the server's call, and a decorator passes what it is given through unchanged")
  }

  @Test func aFailedLookupIsAskedAgain() {
    let stack = Stack(["LDN-CAM": [.failure(.noSuchRoute), .success(19_00)]])
    _ = try? stack.fares.fare(for: "LDN-CAM")
    let seen = "\(outcome { try stack.fares.fare(for: "LDN-CAM") }) after \(counted(stack.server.requests(for: "LDN-CAM")))"
    #expect(seen == "the fare 1900 after 2 requests", "a route the server did not know yet (noSuchRoute) was looked up again and got \(seen) in all, not the server's new fare: the stack remembered noSuchRoute. Only fares are remembered; a lookup that failed, with any error, reaches the server again next time")
  }

  @Test func aTimedOutLookupIsAskedAgain() {
    let stack = Stack(["LDN-BRI": Array(repeating: .failure(.timedOut), count: 3) + [.success(31_50)]])
    _ = try? stack.fares.fare(for: "LDN-BRI")
    let seen = "\(outcome { try stack.fares.fare(for: "LDN-BRI") }) after \(counted(stack.server.requests(for: "LDN-BRI")))"
    #expect(seen == "the fare 3150 after 4 requests", "after a lookup that timed out 3 times, the next lookup got \(seen) in all, not the server's fare: the stack remembered the timeout. Only fares are remembered; a timed-out route is asked again next time")
  }

  @Test func aTimeoutIsRetriedAndEveryRequestCounted() throws {
    let stack = Stack(["LDN-BRI": [.failure(.timedOut), .failure(.timedOut), .success(31_50)]])
    #expect(try stack.fares.fare(for: "LDN-BRI") == 31_50, "two timeouts then a fare: the stack must retry, 3 asks in all")
    #expect(stack.server.requests(for: "LDN-BRI") == 3)
    #expect(stack.metrics.sent == ["LDN-BRI", "LDN-BRI", "LDN-BRI"], "the server received \(stack.server.requests(for: "LDN-BRI")) requests and the metrics saw \(stack.metrics.sent.count): the counter must sit inside the retry, next to the server")
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

  @Test func everyTimedOutLookupIsRetriedAfresh() {
    let stack = Stack(["LDN-BRI": Array(repeating: .failure(.timedOut), count: 10)])
    _ = try? stack.fares.fare(for: "LDN-BRI")
    let first = stack.server.requests(for: "LDN-BRI")
    _ = try? stack.fares.fare(for: "LDN-BRI")
    let second = stack.server.requests(for: "LDN-BRI") - first
    #expect(first == 3, "a lookup that times out every time sent \(first) requests, not 3")
    #expect(second == 3, second == 0 ? "two lookups in a row that time out: the second one reached no server at all, so the stack remembered the timeout. Only fares are remembered; every timed-out lookup is retried afresh, 3 requests" : "two lookups in a row that time out: the second one sent \(second) request(s), not 3. Each lookup is retried afresh, 3 requests in all; the retry must not carry its count over from the lookup before")
    #expect(stack.metrics.sent.count == stack.server.requests.count, "the server received \(stack.server.requests.count) requests and the metrics heard of \(stack.metrics.sent.count)")
  }
}
