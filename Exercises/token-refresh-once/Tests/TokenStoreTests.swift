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

  @Test func creatingTheStoreStartsNoRefresh() async {
    let server = Refresher(open: true)
    let executor = ManualExecutor()
    // The store is made in a task on the executor, so a `Task {}` its init starts runs there too;
    // the rounds give one that went elsewhere every chance to run as well.
    let made = Task(executorPreference: executor) { TokenStore(refresh: server.refresh) }
    let refreshed = await executor.rounds(100) { server.calls > 0 }
    let store = await made.value
    #expect(
      !refreshed && server.calls == 0,
      "Nobody asked for a token, and the new TokenStore refreshed \(server.calls) time(s) on its own: a Task started in init (a warm-up) called refresh. The store refreshes only when a caller asks and finds no token. A refresh nobody asked for costs a login round trip at every launch, even when the user is signed out; its failure reaches nobody; and its Task outlives the store's creator, out of any test's reach. Let init only keep `refresh`.")
    _ = store
  }

  @Test func eachStoreKeepsItsOwnToken() async throws {
    let home = Refresher(open: true, script: [.success(Token(value: "home-1"))])
    let work = Refresher(open: true, script: [.success(Token(value: "work-1"))])
    let homeStore = TokenStore(refresh: home.refresh)
    let workStore = TokenStore(refresh: work.refresh)
    let homeToken = try await homeStore.validToken()
    let workToken = try await workStore.validToken()
    #expect(
      homeToken.value == "home-1" && workToken.value == "work-1" && home.calls == 1 && work.calls == 1,
      "Two stores, each with its own refresh (two accounts, or two tests), handed out \(homeToken.value) and \(workToken.value) after \(home.calls) and \(work.calls) refresh(es); each should hand out the token of its own refresh, home-1 and work-1, after one refresh each. \(home.calls == 0 || work.calls == 0 ? "A store that never called its refresh handed out a token another store had refreshed: the token lives where every store can see it, in a `static`. " : "")Keep the token in a stored property of the actor, where only this store's calls reach it: a static is shared by every instance, is isolated to no store (`nonisolated(unsafe)` only silences the compiler), and outlives one test into the next.")
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
      server.calls == 0
        ? "10 requests asked a new store for a token and got \(results.summary) without a single refresh: the store handed out a token it never refreshed. It came from outside this store, from a place every store shares (a `static`), filled by an earlier store. Keep the token in the actor's own stored property, and refresh when this store has none."
        : "10 requests asked for a token while the first refresh was still running, and the store refreshed \(server.calls) times. Actor reentrancy: at the `await` on refresh, the actor takes the next call, which still finds no token and starts a refresh of its own. Store the refresh in progress (a Task) before the first await, and let every later caller await that same task.")
    let tokens = results.compactMap(\.token).map(\.value)
    #expect(
      tokens == Array(repeating: "token-1", count: 10),
      "The 10 callers got \(tokens.isEmpty ? "no tokens" : tokens.joined(separator: ", ")) (\(results.count) of 10 finished). Every caller should get the one token of the one refresh.")
  }

  @Test func waitingCallersAreSuspendedOnTheRefreshNotOnATimer() async {
    let server = Refresher()
    let store = TokenStore(refresh: server.refresh)
    let executor = ManualExecutor()
    let first = Callers(1, asking: store, on: executor)
    #expect(first.arrive(), Callers.spinning)
    let waiters = Callers(5, asking: store, on: executor)
    #expect(waiters.arrive(), Callers.spinning)
    waiters.cancel()
    let settled = waiters.arrive()
    #expect(
      settled,
      "The test cancelled the 5 callers that waited for the first caller's refresh, while it was held, and then they never settled: they kept running (100,000 steps). A loop around `try? await Task.sleep(…)` does that: a cancelled sleep returns at once, and the loop checks again and again. Do not poll for the end of the refresh: await the refresh's Task (or a continuation the refresh resumes), which wakes a caller exactly when the refresh ends.")
    let early = waiters.finished
    #expect(
      early.count == 0,
      server.cancelled > 0
        ? "\(Callers.refreshCancelled(by: "the 5 callers that waited for the first caller's refresh")) (\(early.count) of them got \(early.summary) at once.)"
        : "The test cancelled the 5 callers that waited for the first caller's refresh, while it was still held, and \(early.count) of them stopped waiting at once (they got \(early.summary)). A caller that awaits the refresh does not wake up before the refresh ends; a caller asleep in `Task.sleep`, checking a flag every few milliseconds, wakes up and throws CancellationError. Polling keeps every waiter on a timer for the whole round trip and hands out whatever the store holds when it happens to look. Await the refresh's Task (or a continuation the refresh resumes) instead; a cancelled caller then still gets the token.")
    server.open()
    let results = await first.finish() + waiters.finish()
    guard settled && early.isEmpty else { return }
    let tokens = results.compactMap(\.token).map(\.value)
    #expect(
      server.calls == 1 && tokens == Array(repeating: "token-1", count: 6),
      server.cancelled > 0
        ? "\(Callers.refreshCancelled(by: "the 5 callers that waited for the first caller's refresh")) (The 6 callers got \(results.summary).)"
        : "The first caller started a refresh, 5 more waited for it, and the test cancelled those 5 while they waited. The 6 callers got \(results.summary) (\(results.count) of 6 finished), after \(server.calls) refresh(es); each should get token-1, after exactly 1 refresh, the cancelled ones too: the store does not look at cancellation.\(Callers.lookedAtCancellation(results, server))")
  }

  @Test func cancellingTheFirstCallerLeavesTheRefreshToTheOthers() async {
    let server = Refresher()
    let store = TokenStore(refresh: server.refresh)
    let executor = ManualExecutor()
    let first = Callers(1, asking: store, on: executor)
    #expect(first.arrive(), Callers.spinning)
    let others = Callers(4, asking: store, on: executor)
    #expect(others.arrive(), Callers.spinning)
    first.cancel()
    _ = first.arrive()
    server.open()
    let results = await first.finish() + others.finish()
    let tokens = results.compactMap(\.token).map(\.value)
    #expect(
      server.calls == 1 && tokens == Array(repeating: "token-1", count: 5),
      server.cancelled > 0
        ? "\(Callers.refreshCancelled(by: "the first caller's task (the one that started the refresh), and no other,")) (The 5 callers got \(results.summary).)"
        : "The first caller started the refresh, 4 more waited for it, and the test cancelled the first caller's task while the refresh was held. The 5 callers got \(results.summary) (\(results.count) of 5 finished), after \(server.calls) refresh(es); each should get token-1, after exactly 1 refresh, the cancelled caller too: the store does not look at cancellation.\(Callers.lookedAtCancellation(results, server))")
  }

  @Test func cancellingOneWaiterLeavesTheRefreshToTheOthers() async {
    let server = Refresher()
    let store = TokenStore(refresh: server.refresh)
    let executor = ManualExecutor()
    let first = Callers(1, asking: store, on: executor)
    #expect(first.arrive(), Callers.spinning)
    let waiter = Callers(1, asking: store, on: executor)
    let others = Callers(3, asking: store, on: executor)
    #expect(others.arrive(), Callers.spinning)
    waiter.cancel()
    _ = waiter.arrive()
    server.open()
    let results = await first.finish() + waiter.finish() + others.finish()
    let tokens = results.compactMap(\.token).map(\.value)
    #expect(
      server.calls == 1 && tokens == Array(repeating: "token-1", count: 5),
      server.cancelled > 0
        ? "\(Callers.refreshCancelled(by: "one waiting caller's task, and no other,")) (The 5 callers got \(results.summary).)"
        : "5 callers asked during one refresh, and the test cancelled one of those waiting for it while the refresh was held. The 5 callers got \(results.summary) (\(results.count) of 5 finished), after \(server.calls) refresh(es); each should get token-1, after exactly 1 refresh, the cancelled caller too: the store does not look at cancellation.\(Callers.lookedAtCancellation(results, server))")
  }
}

@Suite("Step 3: a failed refresh fails its waiters and is not kept") struct Step3 {
  @Test func aFailureReachesEveryWaiterAndTheNextCallTriesAgain() async throws {
    let server = Refresher(script: [.failure(.offline)])
    let store = TokenStore(refresh: server.refresh)
    let executor = ManualExecutor()
    let callers = Callers(5, asking: store, on: executor)
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
    let next = await Callers(1, asking: store, on: executor).finish().first?.token
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

  @Test func invalidateDuringARefreshLeavesThatRefreshRunning() async throws {
    let server = Refresher()
    let store = TokenStore(refresh: server.refresh)
    let executor = ManualExecutor()
    let before = Callers(3, asking: store, on: executor)
    #expect(before.arrive(), Callers.spinning)
    let invalidated = await executor.run { await store.invalidate() }
    try #require(
      invalidated,
      "While 3 callers waited for a held refresh, invalidate() never returned (1,000 rounds). It only forgets the token: it waits for nothing, least of all the refresh in progress or the main actor.")
    let after = Callers(3, asking: store, on: executor)
    #expect(after.arrive(), Callers.spinning)
    server.open()
    let results = await before.finish() + after.finish()
    #expect(
      server.calls == 1,
      "3 callers asked, and while their refresh was still running, a 401 came back for an older request and the client called invalidate(). 3 more callers asked after it, and the server saw \(server.calls) refreshes. invalidate() rejects the token the store handed out earlier; the refresh in progress brings a new one, so let it go on: invalidate() forgets the token and leaves the refresh in progress alone (its Task, or the flag that says one runs), and the callers after it wait for that same refresh. Two refreshes at once also trip over each other: the first one's clean-up clears the second one's task, or resumes its waiters.")
    let tokens = results.compactMap(\.token).map(\.value)
    #expect(
      tokens == Array(repeating: "token-1", count: 6),
      "The 6 callers (3 before invalidate(), 3 after it, all during one refresh) got \(tokens.isEmpty ? "no tokens" : tokens.joined(separator: ", ")) (\(results.count) of 6 finished). All of them should get token-1, the token of the one refresh that was running.")
    let later = await Callers(2, asking: store, on: executor).finish()
    #expect(
      server.calls == 1 && later.map(\.summary) == ["token-1", "token-1"],
      "Once the refresh that ran through invalidate() had ended, 2 more callers asked and got \(later.summary), after \(server.calls) refreshes in all; they should get token-1, still after 1 refresh. invalidate() rejected the token handed out before it; the refresh in progress brought a new one, so keep it like any other: handing it out once and then dropping it costs the next request a login round trip for nothing.")
  }

  @Test func aFailedRefreshAfterInvalidateThrowsAndHandsOutNoOldToken() async throws {
    let server = Refresher(open: true, script: [.success(Token(value: "token-1")), .failure(.offline)])
    let store = TokenStore(refresh: server.refresh)
    let old = try await store.validToken()
    await store.invalidate()
    server.close()
    let callers = Callers(4, asking: store)
    #expect(callers.arrive(), Callers.spinning)
    server.open()
    let results = await callers.finish()
    let rejected = results.filter { $0.token == old }.count
    #expect(
      rejected == 0,
      "After invalidate(), refresh 2 failed (offline), and \(rejected) of 4 callers got \(old.value), the token the server had just rejected, instead of the error. A rejected token is no fallback: every request made with it fails with 401 again, and the caller cannot tell why. Once invalidate() has been called, keep no copy of the old token; throw the failed refresh's error.")
    #expect(
      server.calls == 2 && results.count == 4 && results.allSatisfy(\.isOffline),
      "4 callers waited for refresh 2, after invalidate(), and it failed (offline): each should get that error, after 2 refreshes in all. They got \(results.map(\.summary).joined(separator: ", ")) (\(results.count) of 4 finished), after \(server.calls) refreshes.")
  }

  @Test func invalidateStartsNoRefreshOfItsOwn() async throws {
    let server = Refresher(open: true)
    let store = TokenStore(refresh: server.refresh)
    _ = try await store.validToken()
    server.close()
    await Refresher.$insideInvalidate.withValue(true) {
      await store.invalidate()
    }
    let callers = Callers(3, asking: store)
    #expect(callers.arrive(), Callers.spinning)
    server.open()
    let results = await callers.finish()
    #expect(
      server.startedInsideInvalidate == 0,
      "invalidate() started a refresh itself (a Task created inside invalidate() called refresh), before anyone asked for a token. The store refreshes only when a caller asks and finds no token: after a 401 the app may never ask again (the user signs out, the app goes to the background), and a refresh nobody asked for costs a login round trip and fails with nobody to hear it. invalidate() only forgets the token; the next validToken() refreshes.")
    let tokens = results.compactMap(\.token).map(\.value)
    #expect(
      server.calls == 2 && tokens == Array(repeating: "token-2", count: 3),
      "After invalidate(), 3 callers got \(tokens.isEmpty ? "no tokens" : tokens.joined(separator: ", ")) (\(results.count) of 3 finished), after \(server.calls) refreshes in all; each should get token-2 from the one refresh the first of them started.")
  }
}
