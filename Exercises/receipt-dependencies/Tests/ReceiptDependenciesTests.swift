import Foundation
import Synchronization
import Testing

@testable import ReceiptDependencies

// MARK: - Helpers

let seven = UUID(uuidString: "00000000-0000-0000-0000-000000000007")!
let eight = UUID(uuidString: "00000000-0000-0000-0000-000000000008")!
let zero = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
let evening = Date(timeIntervalSince1970: 1_700_000_000)
let previewEvening = Date(timeIntervalSince1970: 1_700_076_600)

/// Test context, with the two dependencies overridden.
func overridden(_ values: inout DependencyValues, number: UUID = seven, at date: Date = evening) {
  values.context = .test
  values.ticketNumbers = TicketNumbers { number }
  values.now = Now { date }
}

/// Collects what the store reports while `operation` runs.
final class Reports: Sendable {
  private let recorded = Mutex<[String]>([])
  var all: [String] { recorded.withLock { $0 } }

  func collect<R>(_ operation: () throws -> R) rethrows -> R {
    try IssueReporter.$report.withValue({ message in self.recorded.withLock { $0.append(message) } }) {
      try operation()
    }
  }
}

struct Boom: Error {}

/// Runs `body` on a thread of its own (not one of Swift's shared pool, which a blocked body would
/// hold), and returns what it returned.
func onItsOwnThread<R: Sendable>(_ body: @escaping @Sendable () -> R) async -> R {
  await withCheckedContinuation { continuation in
    Thread { continuation.resume(returning: body()) }.start()
  }
}

/// Operations that wait here until the test lets them go, in the order they arrived.
final class Gate: Sendable {
  private struct State {
    var waiting: [CheckedContinuation<Void, Never>] = []
    var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let state = Mutex(State())

  func wait() async {
    await withCheckedContinuation { continuation in
      state.withLock { state in
        state.waiting.append(continuation)
        let count = state.waiting.count
        let ready = state.watchers.filter { $0.count <= count }
        state.watchers.removeAll { $0.count <= count }
        ready.forEach { $0.continuation.resume() }
      }
    }
  }

  func waitUntilWaiting(_ count: Int) async {
    await withCheckedContinuation { continuation in
      state.withLock { state in
        if state.waiting.count >= count {
          continuation.resume()
        } else {
          state.watchers.append((count, continuation))
        }
      }
    }
  }

  func releaseFirst() {
    state.withLock { $0.waiting.removeFirst() }.resume()
  }
}

// MARK: - Step 1

/// What to say when the values in effect outside any operation are not the app's live ones.
func notLiveOutside(_ context: DependencyValues.Context) -> String {
  "Outside any operation, before any withDependencies ran, the context is .\(context). Outside every operation is the app itself: the store starts in the .live context, with nothing overridden, and only a test or a preview sets another context, for its own operation."
}

@Suite("Step 1: an override lasts for its operation, and only for it")
struct Step1 {
  @Test func outsideAnyOperationTheContextIsLive() {
    let outside = DependencyValues.current.context
    #expect(outside == .live, "\(notLiveOutside(outside))")
  }

  @Test func anOperationSellsWithItsOverrides() {
    let ticket = withDependencies({ overridden(&$0) }) {
      BoxOffice().sell("F7")
    }
    #expect(
      ticket == Ticket(number: seven, seat: "F7", soldAt: evening),
      "Inside withDependencies the ticket number and the time were overridden, and the box office sold \(ticket). The operation should see the values its withDependencies set.")
  }

  @Test func theOverrideEndsWithTheOperation() {
    let before = DependencyValues.current.context
    withDependencies({ overridden(&$0) }) {}
    let after = DependencyValues.current
    #expect(
      after.context == .live && after.ticketNumbers.next() != seven,
      "\(before != .live ? notLiveOutside(before) : "The operation has returned, and its overrides are still in effect (context \(after.context)). An override made for one operation must end with it, or it leaks into every operation, and every test, after it.")")
  }

  @Test func theOverrideEndsEvenWhenTheOperationThrows() {
    let before = DependencyValues.current.context
    #expect(throws: Boom.self) {
      try withDependencies({ overridden(&$0) }) { throw Boom() }
    }
    #expect(
      DependencyValues.current.context == .live,
      "\(before != .live ? notLiveOutside(before) : "The operation threw, and its overrides outlived it. They must end on every way out of the operation, a thrown error included.")")
  }

  @Test func aNestedOperationKeepsTheOuterOverrides() {
    let ticket = withDependencies({ overridden(&$0) }) {
      withDependencies({ $0.now = Now { previewEvening } }) {
        BoxOffice().sell("F8")
      }
    }
    #expect(
      ticket == Ticket(number: seven, seat: "F8", soldAt: previewEvening),
      "An inner withDependencies changed only the time; the ticket number (and the test context) set by the outer one should still hold inside it. The box office sold \(ticket). Start each operation's values from the ones in effect, not from scratch.")
  }

  @Test func aNestedOperationKeepsTheOuterContext() async {
    let inner = withDependencies({ overridden(&$0) }) {
      withDependencies({ $0.now = Now { previewEvening } }) { DependencyValues.current.context }
    }
    let innerAsync = await withDependencies({ overridden(&$0) }) {
      await withDependencies({ $0.now = Now { previewEvening } }) {
        await Task.yield()
        return DependencyValues.current.context
      }
    }
    #expect(
      inner == .test && innerAsync == .test,
      "The outer withDependencies set the test context; an inner one that changed only the time ran in \(inner) (sync) and \(innerAsync) (async). An inner operation keeps everything of the outer one's it does not change, the context included: start from DependencyValues.current and change only what the closure changes.")
  }

  @Test func twoOperationsOnTwoThreadsAtOnceKeepTheirOwnValues() async {
    // Each thread runs a synchronous withDependencies; the first sells while the second is
    // inside its own operation, and the second sells after the first has returned.
    let firstIn = DispatchSemaphore(value: 0)
    let secondIn = DispatchSemaphore(value: 0)
    let firstDone = DispatchSemaphore(value: 0)
    async let first = onItsOwnThread {
      withDependencies({ overridden(&$0, number: seven) }) {
        firstIn.signal()
        secondIn.wait()  // the second operation has started, and waits
        return BoxOffice().sell("B1").number
      }
    }
    async let second = onItsOwnThread {
      firstIn.wait()  // the first operation has started, and waits
      return withDependencies({ overridden(&$0, number: eight) }) {
        secondIn.signal()
        firstDone.wait()  // the first operation has sold, and returned
        return BoxOffice().sell("B2").number
      }
    }
    let firstNumber = await first
    firstDone.signal()
    let secondNumber = await second
    #expect(
      firstNumber == seven && secondNumber == eight,
      "Two synchronous operations ran at once on two threads, one overriding the ticket number to ...07, the other to ...08; they sold \(firstNumber) and \(secondNumber). The synchronous withDependencies keeps its values somewhere both threads share. Bind them with the task-local's withValue in both versions: outside any task, a task-local is per thread.")
  }

  @Test func twoOperationsAtOnceKeepTheirOwnValues() async {
    let gate = Gate()
    async let first = withDependencies({ overridden(&$0, number: seven) }) {
      await gate.wait()
      return BoxOffice().sell("A1")
    }
    await gate.waitUntilWaiting(1)
    async let second = withDependencies({ overridden(&$0, number: eight) }) {
      await gate.wait()
      return BoxOffice().sell("A2")
    }
    await gate.waitUntilWaiting(2)  // both operations have started, and wait
    gate.releaseFirst()
    let firstTicket = await first
    gate.releaseFirst()
    let secondTicket = await second
    #expect(
      firstTicket.number == seven && secondTicket.number == eight,
      "Two operations ran at once, one overriding the ticket number to ...07, the other to ...08; they sold \(firstTicket.number) and \(secondTicket.number). The second operation's values replaced the first's while it was still running: the values live somewhere both share. Swift Testing runs tests in parallel, so this is every test suite. Keep them in a task-local, bound with withValue.")
  }
}

// MARK: - Step 2

@Suite("Step 2: an object keeps the values it was created with")
struct Step2 {
  @Test func aBoxOfficeMadeInsideKeepsItsOverridesOutside() {
    let office = withDependencies({ overridden(&$0) }) {
      BoxOffice()
    }
    let ticket = office.sell("G1")  // the operation has returned
    #expect(
      ticket == Ticket(number: seven, seat: "G1", soldAt: evening),
      "The box office was created inside withDependencies and used after it returned, and it sold \(ticket). An object should keep the values that were current when it was created: copy them in @Dependency when it is made, not when it is used.")
  }

  @Test func aBoxOfficeMadeInOneOperationKeepsItsValuesInAnother() {
    let office = withDependencies({ overridden(&$0, number: seven) }) {
      BoxOffice()
    }
    let ticket = withDependencies({ overridden(&$0, number: eight, at: previewEvening) }) {
      office.sell("G2")  // used inside another operation, with other overrides
    }
    #expect(
      ticket == Ticket(number: seven, seat: "G2", soldAt: evening),
      "The box office was created in an operation that set ticket number ...07 and used inside another that set ...08, and it sold \(ticket). An object keeps the values current when it was created, wherever it is used: never the ones in effect at the use, even when some operation is running there.")
  }

  @Test func aBoxOfficeMadeOutsideKeepsTheLiveValuesInsideATest() {
    let office = BoxOffice()  // outside any operation: the app's live values
    let reports = Reports()
    let before = Date()
    let ticket = reports.collect {
      withDependencies({ overridden(&$0) }) {
        office.sell("G4")  // used inside a test's operation
      }
    }
    let after = Date()
    #expect(
      ticket.number != seven && ticket.number != zero && ticket.soldAt >= before && ticket.soldAt <= after,
      "The box office was made outside any operation, with the app's live values, and used inside an operation that overrode the ticket number to ...07 and the time; it sold \(ticket). An object keeps the values current when it was created, even when nobody had changed them: the untouched live values are values too. Do not fall back to the values in effect at the use when the kept ones look like the default: keep them, whatever they are.")
    #expect(reports.all.isEmpty, "A box office made in the live context reported \(reports.all) when it sold.")
  }

  @Test func aBoxOfficeMadeInAPreviewKeepsThePreviewContext() {
    let office = withDependencies({ $0.context = .preview }) {
      BoxOffice()
    }
    let ticket = office.sell("G3")  // used outside, in the live context
    #expect(
      ticket.soldAt == previewEvening,
      "The box office was created in the preview context, where Now gives 19:30 on one evening, and used after the operation returned; it sold at \(ticket.soldAt). The context is part of the values an object keeps from its creation: keep the whole DependencyValues, context and overrides together.")
  }
}

// MARK: - Step 3

@Suite("Step 3: each context has its own defaults")
struct Step3 {
  @Test func theAppUsesTheLiveValues() {
    let reports = Reports()
    let before = Date()
    let ticket = reports.collect { BoxOffice().sell("H1") }
    let after = Date()
    #expect(
      ticket.number != zero && ticket.soldAt >= before && ticket.soldAt <= after,
      "With nothing overridden in the live context, a ticket should get a real number and the real time; it got \(ticket).")
    #expect(reports.all.isEmpty, "The live context reported \(reports.all); nothing was misused.")
  }

  @Test func aPreviewUsesThePreviewValues() {
    let reports = Reports()
    let ticket = reports.collect {
      withDependencies({ $0.context = .preview }) { BoxOffice().sell("H2") }
    }
    #expect(
      ticket.soldAt == previewEvening && ticket.number != zero,
      "In the preview context, Now's previewValue (19:30 on one evening) and TicketNumbers' live value (it has no previewValue of its own) should be used; the ticket was \(ticket).")
    #expect(reports.all.isEmpty, "The preview context reported \(reports.all): a preview is not a test.")
  }

  @Test func anOverrideWinsInTheLiveContext() {
    let ticket = withDependencies({ $0.ticketNumbers = TicketNumbers { seven } }) {
      BoxOffice().sell("H4")
    }
    #expect(
      ticket.number == seven,
      "In the live context the ticket numbers were overridden to ...07, and the ticket got \(ticket.number). An override wins in every context: the context only chooses the key's value for a dependency nobody overrode. Look for an override first, whatever the context, and fall back to liveValue, testValue or previewValue after.")
  }

  @Test func anOverrideWinsInThePreviewContext() {
    let ticket = withDependencies({
      $0.context = .preview
      $0.now = Now { evening }
    }) {
      BoxOffice().sell("H5")
    }
    #expect(
      ticket.soldAt == evening,
      "A preview overrode the time, and the ticket was sold at \(ticket.soldAt), not at the override's \(evening): the key's previewValue won. A preview that shows a sold-out evening must be able to choose its own clock. An override wins in every context; previewValue is only for a dependency nobody overrode.")
  }

  @Test func aTestUsesItsOverridesWithoutComplaint() {
    let reports = Reports()
    let ticket = reports.collect {
      withDependencies({ overridden(&$0) }) { BoxOffice().sell("H3") }
    }
    #expect(ticket == Ticket(number: seven, seat: "H3", soldAt: evening))
    #expect(reports.all.isEmpty, "Both dependencies were overridden, and the store reported \(reports.all).")
  }
}

// MARK: - Step 4

@Suite("Step 4: a forgotten override fails loudly")
struct Step4 {
  // Each check runs in a child process: a store that stops the program on a forgotten override
  // fails these tests, not every other test in the run.
  static let crashed =
    "Using a dependency a test did not override stopped the program. A trap ends the whole test run (and, in a preview, the canvas), not the one test that forgot an override. unimplemented should report the issue through IssueReporter.report and return its placeholder, so that one test fails and says why."

  @Test func aForgottenOverrideIsReportedByName() async {
    await #expect(processExitsWith: .success, "\(Step4.crashed)") {
      let reports = Reports()
      let ticket = reports.collect {
        withDependencies({
          $0.context = .test
          $0.now = Now { evening }
        }) {
          BoxOffice().sell("J1")  // \.ticketNumbers was not overridden
        }
      }
      #expect(
        reports.all.count == 1 && reports.all.first?.contains("\\.ticketNumbers") == true,
        "A test overrode the time but not the ticket numbers, and the store reported \(reports.all). It should report exactly one issue, naming \\.ticketNumbers (the name unimplemented was given), so the test fails and says which override to add.")
      #expect(
        ticket.number == zero,
        "The forgotten dependency should do nothing real: return its placeholder (the all-zero UUID) after reporting. The ticket got \(ticket.number): the live value ran in a test.")
    }
  }

  @Test func everyUseReportsThroughTheReporterInEffect() async {
    await #expect(processExitsWith: .success, "\(Step4.crashed)") {
      let earlier = Reports()
      let later = Reports()
      let forgotNumbers: (inout DependencyValues) -> Void = {
        $0.context = .test
        $0.now = Now { evening }
      }
      earlier.collect {
        withDependencies(forgotNumbers) { _ = BoxOffice().sell("K1") }
      }
      later.collect {
        withDependencies(forgotNumbers) {
          _ = BoxOffice().sell("K2")
          _ = BoxOffice().sell("K3")
        }
      }
      #expect(
        earlier.all.count == 1 && later.all.count == 2,
        "Two tests forgot to override the ticket numbers: the first sold one ticket, the second two. The first test's reporter got \(earlier.all.count) issue(s), the second's \(later.all.count); expected 1 and 2. Every call of the function unimplemented returns reports one issue, through the IssueReporter.report bound when it is called: the test value is built once and shared by every test, so anything it remembers or captures, a reported flag or the reporter itself, belongs to whichever test came first.")
    }
  }

  @Test func aTestValueReportsWhereverItIsCalled() async {
    await #expect(processExitsWith: .success, "\(Step4.crashed)") {
      let direct = Reports()
      let number = direct.collect { TicketNumbers.testValue.next() }  // outside any operation
      #expect(
        direct.all.count == 1 && direct.all.first?.contains("\\.ticketNumbers") == true && number == zero,
        "TicketNumbers.testValue.next() was called outside any operation (in the live context), and the reporter got \(direct.all). An unimplemented function reports every time it is called, wherever that is: if it runs at all, a test value was reached, and that is the misuse. Do not check the context at the call.")
      let office = withDependencies({
        $0.context = .test
        $0.now = Now { evening }
      }) {
        BoxOffice()  // made in a test that forgot the ticket numbers
      }
      let later = Reports()
      _ = later.collect { office.sell("J3") }  // used after the test's operation returned
      #expect(
        later.all.count == 1 && later.all.first?.contains("\\.ticketNumbers") == true,
        "A box office made in a test that forgot to override the ticket numbers sold a ticket after the operation had returned, and the reporter got \(later.all). It still uses the test value it was made with, so it must still report: unimplemented reports on every call, whatever context is in effect where it is called.")
    }
  }

  @Test func everyForgottenOverrideIsReported() async {
    await #expect(processExitsWith: .success, "\(Step4.crashed)") {
      let reports = Reports()
      let ticket = reports.collect {
        withDependencies({ $0.context = .test }) { BoxOffice().sell("J2") }
      }
      let named = ["\\.ticketNumbers", "\\.now"].filter { name in reports.all.contains { $0.contains(name) } }
      #expect(
        reports.all.count == 2 && named.count == 2,
        "A test overrode nothing, and the box office used two dependencies: two issues, one naming \\.ticketNumbers and one \\.now. The store reported \(reports.all).")
      #expect(
        ticket == Ticket(number: zero, seat: "J2", soldAt: Date(timeIntervalSince1970: 0)),
        "With nothing overridden, the ticket should carry the placeholders; it was \(ticket).")
    }
  }
}
