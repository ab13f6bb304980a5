import Testing

@testable import TokenRefreshOnce

@Suite("Step 1: one caller refreshes once, and the token is kept") struct Step1 {
  @Test func theFirstCallRefreshesAndLaterCallsReuseTheToken() async throws {
    let server = Refresher(open: true)
    let store = TokenStore(refresh: server.refresh)
    #expect(server.calls == 0, "Creating the TokenStore refreshed \(server.calls) time(s). init only keeps `refresh`; the first call to validToken() uses it.")
    let first = try await store.validToken()
    let second = try await store.validToken()
    let third = try await store.validToken()
    #expect(
      server.calls == 1,
      "Three calls one after another refreshed the token \(server.calls) times. The store keeps the token the first refresh brought, and hands it out until invalidate().")
    #expect(
      [first, second, third] == Array(repeating: Token(value: "token-1"), count: 3),
      "The three calls got \([first, second, third].map(\.value)); all three should get token-1, the token of the one refresh.")
  }

  @Test func theStoreIsStillAnActor() {
    #expect(
      (TokenStore.self as Any.Type) is any Actor.Type,
      "TokenStore is no longer an actor. Every request of the app shares it: keep it an actor, so its state is safe without a lock that nothing checks, and fix the reentrancy inside it.")
  }
}

@Suite("Step 2: callers that ask during a refresh share it") struct Step2 {
  @Test func tenCallersDuringOneRefreshGetOneToken() async {
    let server = Refresher()
    let store = TokenStore(refresh: server.refresh)
    let callers = Callers(10, asking: store)
    #expect(callers.arrive(), Callers.spinning)
    server.open()
    let results = await callers.finish()
    #expect(
      server.calls == 1,
      "10 requests asked for a token while the first refresh was still running, and the store refreshed \(server.calls) times. Actor reentrancy: at the `await` on refresh, the actor takes the next call, which still finds no token and starts a refresh of its own. Store the refresh in progress (a Task) before the first await, and let every later caller await that same task.")
    let tokens = results.compactMap(\.token).map(\.value)
    #expect(
      tokens == Array(repeating: "token-1", count: 10),
      "The 10 callers got \(tokens.isEmpty ? "no tokens" : tokens.joined(separator: ", ")) (\(results.count) of 10 finished). Every caller should get the one token of the one refresh.")
  }
}

@Suite("Step 3: a failed refresh fails its waiters and is not kept") struct Step3 {
  @Test func aFailureReachesEveryWaiterAndTheNextCallTriesAgain() async throws {
    let server = Refresher(script: [.failure(.offline)])
    let store = TokenStore(refresh: server.refresh)
    let callers = Callers(5, asking: store)
    #expect(callers.arrive(), Callers.spinning)
    server.open()
    let results = await callers.finish()
    let failed = results.filter { result in
      if case .failure(let error) = result { return (error as? RefreshError) == .offline }
      return false
    }
    #expect(
      server.calls == 1 && failed.count == 5,
      "5 callers waited for one refresh that failed (offline): each should get that error, after exactly 1 refresh. The server saw \(server.calls) refresh(es), and \(failed.count) of \(results.count) callers got the error. Do not retry on their behalf; hand the one refresh's error to everyone who waited for it.")
    let next = try? await store.validToken()
    #expect(
      next == Token(value: "token-2") && server.calls == 2,
      "After the failed refresh, the next call got \(next?.value ?? "an error") after \(server.calls) refreshes in all. A failed refresh must leave nothing behind: not the failed task, not its error. The next call refreshes again (refresh 2) and gets token-2.")
  }
}

@Suite("Step 4: after invalidate(), one new refresh") struct Step4 {
  @Test func invalidateMakesTheNextCallsShareOneNewRefresh() async throws {
    let server = Refresher(open: true)
    let store = TokenStore(refresh: server.refresh)
    let old = try await store.validToken()
    await store.invalidate()
    server.close()
    let callers = Callers(8, asking: store)
    #expect(callers.arrive(), Callers.spinning)
    server.open()
    let results = await callers.finish()
    let tokens = results.compactMap(\.token).map(\.value)
    #expect(
      tokens == Array(repeating: "token-2", count: 8),
      "After invalidate(), 8 callers got \(tokens.isEmpty ? "no tokens" : tokens.joined(separator: ", ")) (\(results.count) of 8 finished); each should get token-2 from one new refresh. \(tokens.contains(old.value) ? "Some got the rejected token back: whatever invalidate() forgets, the store must not hand out the old token again, not from a finished task it kept either." : "")")
    #expect(
      server.calls == 2,
      "The first token and 8 callers after invalidate() should cost 2 refreshes in all; the server saw \(server.calls). Callers that arrive during the new refresh wait for it too.")
  }
}
