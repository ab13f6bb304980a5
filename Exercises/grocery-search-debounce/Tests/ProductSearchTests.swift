import Testing

@testable import GrocerySearchDebounce

let realClock: Comment = "After a keystroke, the model never went to sleep on the clock it was given. It waits on something the test cannot move: Task.sleep and ContinuousClock wait on the real clock. Wait with the injected clock's sleep(for:), so a test decides when the 300 ms are over."

let afterTheWait: Comment = "300 ms after the keystroke the model woke on the injected clock, and then went quiet without asking the catalogue: every thread of the test was asleep, so none of the model's work was left to run, and it was not asleep on that clock either. It waits on something the test cannot move, after the clock's wait: a Task.sleep (a little grace, a pause of any length) or a ContinuousClock waits in real time. The search goes out as soon as the injected clock's 300 ms are over; every wait is the injected clock's."

let realTimerAfterTheWait: Comment = "300 ms after the keystroke the injected clock woke the model, and before it asked the catalogue it waited on a real timer: the process's timer thread, which only real-time waits wake, ran in between. A Task.sleep, or a sleep on a ContinuousClock or SuspendingClock, is a second clock even for a millisecond, and no test can move it: the search goes out later than 300 ms, by however long that wait takes. Ask the catalogue as soon as the injected clock's wait is over; a longer debounce is a longer wait on that clock."

let oatProducts = ["oat milk", "oat bar", "oatcakes"]

/// Durations as a learner reads them: "300 ms, 400 ms".
func ms(_ times: [Duration]) -> String {
  times.isEmpty ? "nothing" : times.map { "\($0.components.seconds * 1000 + $0.components.attoseconds / 1_000_000_000_000_000) ms" }.joined(separator: ", ")
}

/// Why the model is not asleep on the injected clock the way the test expected after typing
/// `text` (until `wake`, when given), from what the clock shows.
func notAsleep(on clock: ManualClock, after text: String, until wake: Duration? = nil) -> Comment {
  let times = clock.wakeTimes
  if times.isEmpty { return realClock }
  if let wake, !times.contains(wake) {
    return "After typing \"\(text)\", the model should be asleep on the clock until \(ms([wake])), 300 ms after that keystroke; it is asleep until \(ms(times)). The keystroke did not cancel the wait before it and start a new one: a wait that goes on, with a deadline the keystroke moved or a text to compare when it wakes, still ends when it was going to. On every keystroke cancel the pending search (pending?.cancel()) and start a new task that waits 300 ms."
  }
  if times.count > 1 {
    return "After typing \"\(text)\", \(times.count) searches are asleep on the clock (until \(ms(times))): the keystroke did not cancel the search before it. On every keystroke cancel the pending search (pending?.cancel()) before you start the new one."
  }
  return realClock
}

@MainActor
@Suite("Step 1: the search waits 300 ms on the injected clock", .oneAtATime) struct Step1 {
  let clock = ManualClock()
  let catalog = ShopCatalog()

  @Test func searchesOnce300MillisecondsAfterTheKeystroke() async throws {
    guard ExitTest.current != nil else {
      return echoACrash(
        await #expect(processExitsWith: .success, observing: [\.standardErrorContent], alone) {
          await asTheChild { try await Step1().searchesOnce300MillisecondsAfterTheKeystroke() }
        })
    }
    let search: ProductSearch = ProductSearch(catalog: catalog, clock: clock)
    search.textChanged("oat")
    let typed = try #require(search.pending, "After a keystroke, `pending` should hold the search that waits for the text to settle.")
    let asleep = await eventually { clock.sleepers > 0 || !catalog.queries.isEmpty }
    try #require(asleep && clock.sleepers == 1 && catalog.queries.isEmpty, realClock)
    #expect(
      clock.wakeTimes == [.milliseconds(300)],
      "The model should wait 300 ms after the keystroke; it is asleep on the clock until \(clock.wakeTimes).")

    #expect(
      clock.advance(by: .milliseconds(299)) == 0,
      "299 ms after the keystroke, the model's wait was already over. It waits 300 ms.")
    // The process at rest, the model asleep on the manual clock: note what the real clock's timer
    // thread has done so far, and look again when the catalogue is asked.
    let timers = await RealTimers.atRest()
    catalog.whenAsked { timers.look() }
    try #require(
      clock.advance(by: .milliseconds(1)) == 1,
      "At 300 ms the model should wake and search, but nothing was asleep until then.")
    // Lets the woken model run until it has asked the catalogue, or has nothing left to run.
    let woken = await settle { [catalog] in !catalog.queries.isEmpty }
    try #require(
      woken != .quiet || clock.sleepers == 0,
      "At 300 ms the model woke, and went back to sleep on the clock (until \(clock.wakeTimes)) without searching. It waits 300 ms in all, in one wait, then searches.")
    try #require(woken != .quiet, afterTheWait)
    await typed.value
    try #require(timers.verdict != .aTimer, realTimerAfterTheWait)
    #expect(
      catalog.queries == ["oat"],
      "300 ms after typing \"oat\", the catalogue should have had one search, for \"oat\"; it had \(catalog.queries).")
    #expect(search.results == oatProducts, "The model should show the catalogue's products for \"oat\"; it shows \(search.results).")
  }

  /// Runs in a child process: with no default clock, the test's own stand-in `init` runs, and it
  /// stops the child.
  @Test func theClockHasNoDefault() async {
    await #expect(
      processExitsWith: .failure,
      "`ProductSearch(catalog:)` built a model without being given a clock: its init has a default value for `clock` (ContinuousClock(), say). A caller that forgets the clock then waits on the real one without a word, lesson 2's default-argument trap. Take the clock without a default; the app's composition root passes ContinuousClock() itself."
    ) {
      await MainActor.run {
        _ = ProductSearch(catalog: HTTPCatalog())
      }
    }
  }
}

@MainActor
@Suite("Step 2: a keystroke cancels the search before it", .oneAtATime) struct Step2 {
  let clock = ManualClock()
  let catalog = ShopCatalog()

  @Test func typingQuicklySearchesOnlyTheLastText() async throws {
    guard ExitTest.current != nil else {
      return echoACrash(
        await #expect(processExitsWith: .success, observing: [\.standardErrorContent], alone) {
          await asTheChild { try await Step2().typingQuicklySearchesOnlyTheLastText() }
        })
    }
    let search: ProductSearch = ProductSearch(catalog: catalog, clock: clock)
    var tasks: [Task<Void, Never>] = []
    for (keystroke, text) in ["o", "oa", "oat"].enumerated() {
      if keystroke > 0 {
        #expect(
          clock.advance(by: .milliseconds(100)) == 0,
          "100 ms after a keystroke the model woke up: it should wait 300 ms.")
      }
      search.textChanged(text)
      tasks.append(try #require(search.pending, "After typing \"\(text)\", `pending` should hold its search."))
      let wake = Duration.milliseconds(100 * keystroke + 300)
      let asleep = await eventually { clock.wakeTimes.contains(wake) || !catalog.queries.isEmpty }
      try #require(asleep, notAsleep(on: clock, after: text, until: wake))
      try #require(
        catalog.queries.isEmpty,
        "After typing \"\(text)\", the catalogue was asked for \(catalog.queries) before any 300 ms had passed. Typing cancelled the search before it, and that search asked anyway: a cancelled sleep throws CancellationError at once, and `try?` (or a catch that carries on) swallows it. Leave the task when its wait is cancelled.")
    }

    let early = clock.advance(by: .milliseconds(299))
    #expect(
      early == 0,
      "\"o\", \"oa\" and \"oat\" were typed 100 ms apart, and 299 ms after the last keystroke \(early) earlier wait(s) ended. Each keystroke must cancel the search before it (pending?.cancel()), so only the last text's wait is left.")
    clock.advance(by: .milliseconds(1))
    try #require(
      clock.sleepers == 0,
      "300 ms after the last keystroke, the model is still waiting: \(clock.sleepers) wait(s) on the clock, until \(clock.wakeTimes). It waits 300 ms after each keystroke, and cancels the wait before.")
    let searched = await settle { [catalog] in !catalog.queries.isEmpty }
    try #require(searched != .quiet, afterTheWait)
    for task in tasks { await task.value }
    #expect(
      catalog.queries == ["oat"],
      "Typing \"o\", \"oa\", \"oat\" quickly should send one search, for \"oat\"; the catalogue got \(catalog.queries). A cancelled wait throws CancellationError: `try?` swallows it, and the cancelled search goes on to ask the server. Leave the task when its wait is cancelled.")
    #expect(search.results == oatProducts, "The model should show the products for \"oat\"; it shows \(search.results).")
  }

  @Test func aKeystrokeCancelsTheRequestInFlight() async throws {
    guard ExitTest.current != nil else {
      return echoACrash(
        await #expect(processExitsWith: .success, observing: [\.standardErrorContent], alone) {
          await asTheChild { try await Step2().aKeystrokeCancelsTheRequestInFlight() }
        })
    }
    let server = SlowServer()
    defer { server.answerTheRest() }
    let search: ProductSearch = ProductSearch(catalog: server, clock: clock)

    search.textChanged("oat")
    try #require(search.pending != nil, "After typing \"oat\", `pending` should hold its search.")
    try #require(await eventually { clock.sleepers == 1 }, notAsleep(on: clock, after: "oat"))
    clock.advance(by: .milliseconds(300))
    try #require(await eventually { server.queries == ["oat"] }, "300 ms after typing \"oat\", the model should search for it; the catalogue got \(server.queries).")

    // The server has not answered "oat" when the user types on.
    search.textChanged("oat m")
    #expect(
      await eventually { server.cancelled == ["oat"] },
      "The search for \"oat\" was still asking the catalogue when \"oat m\" was typed, and the catalogue never saw it cancelled: cancelling `pending` did not reach the request. Does the search call the catalogue from a task of its own (a `Task { … }` inside the pending one)? Nobody cancels that task. Call the catalogue right in the pending task: then `pending?.cancel()` cancels the request too, and a real server can drop it.")
  }

  @Test func theSameTextAgainStartsTheWaitAgain() async throws {
    guard ExitTest.current != nil else {
      return echoACrash(
        await #expect(processExitsWith: .success, observing: [\.standardErrorContent], alone) {
          await asTheChild { try await Step2().theSameTextAgainStartsTheWaitAgain() }
        })
    }
    let search: ProductSearch = ProductSearch(catalog: catalog, clock: clock)
    search.textChanged("oat")
    let first = try #require(search.pending, "After typing \"oat\", `pending` should hold its search.")
    try #require(await eventually { clock.sleepers == 1 }, notAsleep(on: clock, after: "oat"))
    #expect(clock.advance(by: .milliseconds(100)) == 0, "100 ms after a keystroke the model woke up: it should wait 300 ms.")

    // The field reports the same text again (the user typed a letter and the keyboard replaced
    // it with the same one, say): a keystroke all the same.
    search.textChanged("oat")
    let second = try #require(search.pending, "After \"oat\" came again, `pending` should hold its search.")
    let asleep = await eventually { clock.wakeTimes == [.milliseconds(400)] || !catalog.queries.isEmpty }
    try #require(
      asleep,
      clock.wakeTimes == [.milliseconds(300)]
        ? "The field reported \"oat\" again 100 ms after \"oat\", and the model kept the first keystroke's wait: it is asleep until 300 ms, so it would search 200 ms after the last keystroke. Every keystroke starts the 300 ms again, even when its text is the same as before: cancel the pending search and start a new one, without comparing texts."
        : notAsleep(on: clock, after: "oat", until: .milliseconds(400)))
    try #require(
      catalog.queries.isEmpty,
      "After \"oat\" came again, the catalogue was asked for \(catalog.queries) before any 300 ms had passed: the first keystroke's search, cancelled by the second, asked anyway. A cancelled sleep throws CancellationError at once, and `try?` (or a catch that carries on) swallows it. Leave the task when its wait is cancelled.")

    #expect(clock.advance(by: .milliseconds(299)) == 0, "299 ms after the last keystroke (\"oat\", again), a wait ended. The search goes out 300 ms after the last keystroke.")
    try #require(clock.advance(by: .milliseconds(1)) == 1, "300 ms after the last keystroke the model should wake and search, but nothing was asleep until then.")
    let searched = await settle { [catalog] in !catalog.queries.isEmpty }
    try #require(searched != .quiet, afterTheWait)
    await first.value
    await second.value
    #expect(catalog.queries == ["oat"], "\"oat\", typed twice, should be searched once, 300 ms after the second time; the catalogue got \(catalog.queries).")
    #expect(search.results == oatProducts, "The model should show the products for \"oat\"; it shows \(search.results).")
  }

  @Test func twoScreensDoNotCancelEachOther() async throws {
    guard ExitTest.current != nil else {
      return echoACrash(
        await #expect(processExitsWith: .success, observing: [\.standardErrorContent], alone) {
          await asTheChild { try await Step2().twoScreensDoNotCancelEachOther() }
        })
    }
    // Two search screens, each with its model; the app gives both the same clock and catalogue.
    let pantry: ProductSearch = ProductSearch(catalog: catalog, clock: clock)
    let larder: ProductSearch = ProductSearch(catalog: catalog, clock: clock)
    pantry.textChanged("oat")
    let oat = try #require(pantry.pending, "After typing \"oat\", `pending` should hold its search.")
    try #require(await eventually { clock.sleepers == 1 }, notAsleep(on: clock, after: "oat"))
    larder.textChanged("on")
    let on = try #require(larder.pending, "After typing \"on\" into the second screen, its model's `pending` should hold its search.")
    let both = await eventually { clock.sleepers == 2 || !catalog.queries.isEmpty }
    try #require(
      both,
      clock.sleepers == 1
        ? "Two screens, each with its own ProductSearch: typing \"on\" into the second one cancelled the search of the first, and only one of them is still waiting on the clock. Is the search to cancel kept where both models reach it, a static or a global? A keystroke cancels the search before it in the same model; keep it in the model's own `pending`."
        : realClock)
    try #require(
      catalog.queries.isEmpty,
      "The catalogue was asked for \(catalog.queries) before any 300 ms had passed: a search whose wait was cancelled asked anyway. A cancelled sleep throws CancellationError at once, and `try?` (or a catch that carries on) swallows it. Leave the task when its wait is cancelled.")

    try #require(clock.advance(by: .milliseconds(300)) == 2, "300 ms after both keystrokes, both searches should wake.")
    let searched = await settle { [catalog] in catalog.queries.count >= 2 }
    try #require(searched != .quiet, afterTheWait)
    await oat.value
    await on.value
    #expect(Set(catalog.queries) == ["oat", "on"], "Each screen should search its own text once; the catalogue got \(catalog.queries).")
    #expect(pantry.results == oatProducts, "The first screen should show the products for \"oat\"; it shows \(pantry.results). The second screen's keystroke must not touch the first screen's search.")
    #expect(larder.results == ["onions"], "The second screen should show the products for \"on\"; it shows \(larder.results).")
  }
}

@MainActor
@Suite("Step 3: old answers, failures and an empty field", .oneAtATime) struct Step3 {
  let clock = ManualClock()

  @Test func anAnswerForOldTextIsNeverShown() async throws {
    guard ExitTest.current != nil else {
      return echoACrash(
        await #expect(processExitsWith: .success, observing: [\.standardErrorContent], alone) {
          await asTheChild { try await Step3().anAnswerForOldTextIsNeverShown() }
        })
    }
    let catalog = ShopCatalog(holding: true)
    let search: ProductSearch = ProductSearch(catalog: catalog, clock: clock)

    search.textChanged("oat")
    let oat = try #require(search.pending, "After typing \"oat\", `pending` should hold its search.")
    try #require(await eventually { clock.sleepers == 1 }, notAsleep(on: clock, after: "oat"))
    clock.advance(by: .milliseconds(300))
    try #require(await eventually { catalog.queries == ["oat"] }, "300 ms after typing \"oat\", the model should search for it; the catalogue got \(catalog.queries).")

    // The server is slow: "oat" has not answered when the user types on.
    search.textChanged("oat m")
    let oatM = try #require(search.pending, "After typing \"oat m\", `pending` should hold its search.")
    try #require(await eventually { clock.sleepers == 1 }, notAsleep(on: clock, after: "oat m"))
    clock.advance(by: .milliseconds(300))
    try #require(await eventually { catalog.queries == ["oat", "oat m"] }, "300 ms after typing \"oat m\", the model should search for it; the catalogue got \(catalog.queries).")

    catalog.release("oat m")
    await oatM.value
    #expect(search.results == ["oat milk"], "The answer for \"oat m\" came in; the model should show [\"oat milk\"], and shows \(search.results).")

    catalog.release("oat")
    await oat.value
    #expect(
      search.results == ["oat milk"],
      "The answer for \"oat\" arrived after the one for \"oat m\", and the model showed it: \(search.results), while the field says \"oat m\". An answer for text that is no longer the latest must be dropped: after the await, check that this search was not cancelled (Task.isCancelled) before setting results.")
  }

  @Test func anAnswerForACancelledSearchIsDroppedEvenForTheSameText() async throws {
    guard ExitTest.current != nil else {
      return echoACrash(
        await #expect(processExitsWith: .success, observing: [\.standardErrorContent], alone) {
          await asTheChild { try await Step3().anAnswerForACancelledSearchIsDroppedEvenForTheSameText() }
        })
    }
    let server = SlowServer()
    defer { server.answerTheRest() }
    let search: ProductSearch = ProductSearch(catalog: server, clock: clock)

    search.textChanged("oat")
    let first = try #require(search.pending, "After typing \"oat\", `pending` should hold its search.")
    try #require(await eventually { clock.sleepers == 1 }, notAsleep(on: clock, after: "oat"))
    clock.advance(by: .milliseconds(300))
    try #require(await eventually { server.queries == ["oat"] }, "300 ms after typing \"oat\", the model should search for it; the catalogue got \(server.queries).")

    // While "oat" is still on its way, the user deletes the "t" and types it again.
    search.textChanged("oa")
    search.textChanged("oat")
    let second = try #require(search.pending, "After typing \"oat\" again, `pending` should hold its search.")
    try #require(
      await eventually { clock.wakeTimes.contains(.milliseconds(600)) },
      notAsleep(on: clock, after: "oat", until: .milliseconds(600)))
    clock.advance(by: .milliseconds(300))
    try #require(await eventually { server.queries == ["oat", "oat"] }, "300 ms after typing \"oa\" and \"oat\" again, the model should search for \"oat\" once more; the catalogue got \(server.queries).")

    // The new search answers first; oatcakes are back in stock since the first one was sent.
    server.answer(1, with: oatProducts)
    await second.value
    #expect(search.results == oatProducts, "The latest search for \"oat\" answered \(oatProducts); the model should show that, and shows \(search.results).")

    server.answer(0, with: ["oat milk", "oat bar"])
    await first.value
    #expect(
      search.results == oatProducts,
      "The first search for \"oat\" was cancelled when \"oa\" was typed. Its answer came in last, and the model showed it, \(search.results), over the answer of the latest search. The field says \"oat\" again, but that old request is not the latest search, and its answer is older. Comparing an answer's text with the field's text lets it through; ask whether this search was cancelled (Task.isCancelled) instead: only the latest search may set results.")
  }

  @Test func aFailureForOldTextIsNeverShown() async throws {
    guard ExitTest.current != nil else {
      return echoACrash(
        await #expect(processExitsWith: .success, observing: [\.standardErrorContent], alone) {
          await asTheChild { try await Step3().aFailureForOldTextIsNeverShown() }
        })
    }
    let server = SlowServer()
    defer { server.answerTheRest() }
    let search: ProductSearch = ProductSearch(catalog: server, clock: clock)

    var tasks: [Task<Void, Never>] = []
    for text in ["oat", "oat m"] {
      search.textChanged(text)
      tasks.append(try #require(search.pending, "After typing \"\(text)\", `pending` should hold its search."))
      try #require(await eventually { clock.sleepers == 1 }, notAsleep(on: clock, after: text))
      clock.advance(by: .milliseconds(300))
      try #require(await eventually { server.queries.last == text }, "300 ms after typing \"\(text)\", the model should search for it; the catalogue got \(server.queries).")
    }

    server.answer(1, with: ["oat milk"])
    await tasks[1].value
    #expect(search.results == ["oat milk"], "The answer for \"oat m\" came in; the model should show [\"oat milk\"], and shows \(search.results).")

    // The server gives up on the old "oat" request only now. (Anything asked after it is
    // answered at once, so that a model that asks again does not wait for ever.)
    server.fail(0)
    server.answerTheRest()
    await tasks[0].value
    #expect(
      search.results == ["oat milk"],
      "The search for \"oat\" was cancelled when \"oat m\" was typed. It failed after \"oat m\" had answered, and the model emptied results: it now shows \(search.results) while the field says \"oat m\". A cancelled search's failure is as old as its answer would be. Check Task.isCancelled before touching results, on the failure path too: turn the failure into [] first, then check once.")
    #expect(server.queries == ["oat", "oat m"], "Each text, typed 300 ms apart, should be searched once; the catalogue got \(server.queries). A search asks the server once and does not ask again when it fails; a cancelled one asks no more at all.")
  }

  @Test func aFailedSearchShowsNothing() async throws {
    guard ExitTest.current != nil else {
      return echoACrash(
        await #expect(processExitsWith: .success, observing: [\.standardErrorContent], alone) {
          await asTheChild { try await Step3().aFailedSearchShowsNothing() }
        })
    }
    let catalog = ShopCatalog(failing: ["oat m"])
    let search: ProductSearch = ProductSearch(catalog: catalog, clock: clock)
    for (index, text) in ["oat", "oat m"].enumerated() {
      search.textChanged(text)
      let task = try #require(search.pending, "After typing \"\(text)\", `pending` should hold its search.")
      try #require(await eventually { clock.sleepers == 1 }, notAsleep(on: clock, after: text))
      try #require(clock.advance(by: .milliseconds(300)) == 1, "300 ms after typing \"\(text)\", the model's wait should end.")
      let searched = await settle { catalog.queries.count > index }
      try #require(searched != .quiet, afterTheWait)
      await task.value
    }
    #expect(catalog.queries == ["oat", "oat m"], "Each text, typed 300 ms apart, should be searched once; the catalogue got \(catalog.queries).")
    #expect(
      search.results.isEmpty,
      "The search for \"oat m\" failed, and the model still shows \(search.results), the products of an older text. When the search for the latest text fails, show no results.")
  }

  @Test func clearingTheFieldClearsAtOnceAndSearchesNothing() async throws {
    guard ExitTest.current != nil else {
      return echoACrash(
        await #expect(processExitsWith: .success, observing: [\.standardErrorContent], alone) {
          await asTheChild { try await Step3().clearingTheFieldClearsAtOnceAndSearchesNothing() }
        })
    }
    let catalog = ShopCatalog()
    let search: ProductSearch = ProductSearch(catalog: catalog, clock: clock)
    search.textChanged("oat")
    let oat = try #require(search.pending, "After typing \"oat\", `pending` should hold its search.")
    try #require(await eventually { clock.sleepers == 1 }, notAsleep(on: clock, after: "oat"))
    try #require(clock.advance(by: .milliseconds(300)) == 1, "300 ms after typing \"oat\", the model's wait should end.")
    let searched = await settle { !catalog.queries.isEmpty }
    try #require(searched != .quiet, afterTheWait)
    await oat.value
    #expect(search.results == oatProducts, "The model should show the products for \"oat\"; it shows \(search.results).")

    search.textChanged("o")
    let o = try #require(search.pending, "After typing \"o\", `pending` should hold its search.")
    try #require(await eventually { clock.sleepers == 1 }, notAsleep(on: clock, after: "o"))
    search.textChanged("")
    #expect(search.results.isEmpty, "The field was cleared, and the model still shows \(search.results). An empty field shows nothing, at once, without waiting.")
    #expect(
      search.pending == nil,
      "The field was cleared, and `pending` still holds a search: clearing the field starts no search, so there is none pending.")
    try #require(
      clock.sleepers == 0,
      "The field was cleared, and the search for \"o\" is still waiting on the clock. Clearing the field cancels the search in progress.")
    await o.value
    #expect(
      catalog.queries == ["oat"],
      "Only \"oat\" should have been searched; after the field was cleared the catalogue also got \(catalog.queries.dropFirst()). A cancelled search must not ask the server.")
  }

  @Test func clearingTheFieldWhileTheServerThinksDropsItsAnswer() async throws {
    guard ExitTest.current != nil else {
      return echoACrash(
        await #expect(processExitsWith: .success, observing: [\.standardErrorContent], alone) {
          await asTheChild { try await Step3().clearingTheFieldWhileTheServerThinksDropsItsAnswer() }
        })
    }
    let server = SlowServer()
    defer { server.answerTheRest() }
    let search: ProductSearch = ProductSearch(catalog: server, clock: clock)

    search.textChanged("oat")
    let oat = try #require(search.pending, "After typing \"oat\", `pending` should hold its search.")
    try #require(await eventually { clock.sleepers == 1 }, notAsleep(on: clock, after: "oat"))
    clock.advance(by: .milliseconds(300))
    try #require(await eventually { server.queries == ["oat"] }, "300 ms after typing \"oat\", the model should search for it; the catalogue got \(server.queries).")

    // The server has not answered "oat" when the user clears the field.
    search.textChanged("")
    #expect(search.results.isEmpty, "The field was cleared, and the model still shows \(search.results). An empty field shows nothing, at once.")
    #expect(
      await eventually { server.cancelled == ["oat"] },
      "The field was cleared while the search for \"oat\" was asking the catalogue, and the catalogue never saw it cancelled. Clearing the field cancels the search in progress, request and all: `pending?.cancel()`.")

    server.answer(0, with: oatProducts)
    await oat.value
    #expect(
      search.results.isEmpty,
      "The field was cleared while the search for \"oat\" was asking the server. Its answer came in afterwards, and the model showed it, \(search.results), under an empty field. Clearing the field cancels the search in progress, and a cancelled search never changes results. Ask the search's own task whether it was cancelled (Task.isCancelled): a counter or a latest text that only typing moves does not see the field cleared.")
  }

  @Test func theProductsStayWhileTheUserTypesOn() async throws {
    guard ExitTest.current != nil else {
      return echoACrash(
        await #expect(processExitsWith: .success, observing: [\.standardErrorContent], alone) {
          await asTheChild { try await Step3().theProductsStayWhileTheUserTypesOn() }
        })
    }
    let server = SlowServer()
    defer { server.answerTheRest() }
    let search: ProductSearch = ProductSearch(catalog: server, clock: clock)

    search.textChanged("oat")
    let oat = try #require(search.pending, "After typing \"oat\", `pending` should hold its search.")
    try #require(await eventually { clock.sleepers == 1 }, notAsleep(on: clock, after: "oat"))
    clock.advance(by: .milliseconds(300))
    try #require(await eventually { server.queries == ["oat"] }, "300 ms after typing \"oat\", the model should search for it; the catalogue got \(server.queries).")
    server.answer(0, with: oatProducts)
    await oat.value
    try #require(search.results == oatProducts, "The answer for \"oat\" came in; the model should show \(oatProducts), and shows \(search.results).")

    search.textChanged("oat m")
    let oatM = try #require(search.pending, "After typing \"oat m\", `pending` should hold its search.")
    #expect(
      search.results == oatProducts,
      "The user typed on (\"oat m\"), and the model changed the products on screen at once, to \(search.results), before any search for \"oat m\" had answered. Typing leaves `results` alone: the products of the last search stay on screen until the search for the new text answers or fails. Only an empty field empties them at once.")
    try #require(await eventually { clock.sleepers == 1 }, notAsleep(on: clock, after: "oat m"))
    clock.advance(by: .milliseconds(300))
    try #require(await eventually { server.queries == ["oat", "oat m"] }, "300 ms after typing \"oat m\", the model should search for it; the catalogue got \(server.queries).")
    #expect(
      search.results == oatProducts,
      "While the server works on \"oat m\", the model shows \(search.results). The products of the last search stay on screen until the search for the new text answers or fails.")

    server.answer(1, with: ["oat milk"])
    await oatM.value
    #expect(search.results == ["oat milk"], "The answer for \"oat m\" came in; the model should show [\"oat milk\"], and shows \(search.results).")
  }
}
