import Foundation
import Synchronization
import Testing

@testable import TicketRequestLog

// MARK: - Test doubles

/// One purchase's log, kept in memory.
final class RecordingLog: RequestLog {
  private let recorded = Mutex<[String]>([])

  func write(_ line: String) {
    recorded.withLock { $0.append(line) }
  }

  var lines: [String] { recorded.withLock { $0 } }
}

/// Seats that are always free, or never.
struct FreeSeats: SeatHolds {
  var free = true
  func hold(_ seats: [String]) async -> Bool { free }
}

/// Seats that are always free, and remember which log was in scope each time they were held.
final class ScopeCheckingSeats: SeatHolds {
  private let seen = Mutex<[any RequestLog]>([])

  func hold(_ seats: [String]) async -> Bool {
    let log = RequestScope.log
    seen.withLock { $0.append(log) }
    return true
  }

  var logsInScope: [any RequestLog] { seen.withLock { $0 } }
}

/// Runs each job on a thread of its own, so a purchase started on it can be stopped in the middle
/// (its thread blocked) while another purchase runs on Swift's shared threads, however many cores
/// the machine has.
final class ThreadPerJob: TaskExecutor {
  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    Thread { job.runSynchronously(on: executor) }.start()
  }
}

/// One purchase's log that stops the purchase at its second line (the first one after its seats
/// are held): the write blocks until the test calls `open()`. The test waits for that moment with
/// `waitUntilStopped()`.
final class StoppingLog: RequestLog {
  private struct State {
    var lines: [String] = []
    var stopped = false
    var watcher: CheckedContinuation<Void, Never>?
  }

  private let state = Mutex(State())
  private let gate = DispatchSemaphore(value: 0)

  func write(_ line: String) {
    let stopsHere = state.withLock { state in
      state.lines.append(line)
      return state.lines.count == 2
    }
    if stopsHere {
      markStopped()
      gate.wait()
    }
  }

  /// Also called when the purchase has returned, so that a purchase that never writes a second
  /// line cannot leave the test waiting.
  func markStopped() {
    let watcher = state.withLock { state in
      state.stopped = true
      defer { state.watcher = nil }
      return state.watcher
    }
    watcher?.resume()
  }

  func waitUntilStopped() async {
    await withCheckedContinuation { continuation in
      let now = state.withLock { state in
        if state.stopped { return true }
        state.watcher = continuation
        return false
      }
      if now { continuation.resume() }
    }
  }

  func open() { gate.signal() }

  var lines: [String] { state.withLock { $0.lines } }
}

/// Waits until `condition` holds; false if it still does not after 200 rounds. Each round
/// pauses a millisecond and goes through Swift's shared threads, the way a purchase's awaits
/// go, so every round gives a running purchase a turn: a right answer needs a few rounds, and
/// one that waits for ever costs a quarter of a second, not a deadline.
func eventually(_ condition: @Sendable () -> Bool) async -> Bool {
  for _ in 0..<200 {
    if condition() { return true }
    try? await ContinuousClock().sleep(for: .milliseconds(1))
    await Task.detached {}.value
  }
  return condition()
}

/// What went wrong with ada's lines, for a purchase whose mail the test still holds.
func whatWentWrong(with lines: [String]) -> String {
  let charge = "payment: charged 2500 cents"
  if lines.contains(where: { $0.contains("receipt sent") }) {
    return "The log has a receipt line, but the mailer has not called done yet (the test holds every email): write the receipt line in the done callback, when the mail has gone, not when buy asks for it."
  }
  if lines.contains("charged 2500 cents") {
    return "The charge's line is not marked \"payment: \": bind a PrefixedLog(prefix: \"payment: \", base: log) around the charge."
  }
  guard let charged = lines.firstIndex(of: charge) else {
    return "The charge's line is missing: by the time buy returned, Payments.charge had not written \"charged 2500 cents\" to the purchase's log (through the payment step's PrefixedLog). Charge inside the purchase's scope, before buy returns, and not in a Task nobody awaits."
  }
  if let booked = lines.firstIndex(of: "booked 2 seats"), booked < charged {
    return "The charge's line came after \"booked\": the charge ran after the booking, in a Task nobody awaited. Charge first, and finish charging before booking."
  }
  if lines.filter({ $0.hasPrefix("payment: ") }).count > 1 {
    return "Lines other than the charge's are marked \"payment: \": the PrefixedLog should be in scope for the charge alone; the lines after it go to the purchase's log itself."
  }
  return "Bind the purchase's log with RequestScope.$log.withValue(log) around everything buy does, and a PrefixedLog around the charge alone."
}

/// Seats whose every hold waits until the test lets it go, in the order the holds arrived: the
/// test decides which purchases are in the middle of being handled at once.
final class GatedSeats: SeatHolds {
  private struct State {
    var waiting: [CheckedContinuation<Void, Never>] = []
    var arrived = 0
    var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let state = Mutex(State())

  func hold(_ seats: [String]) async -> Bool {
    await withCheckedContinuation { continuation in
      state.withLock { state in
        state.waiting.append(continuation)
        state.arrived += 1
        let arrived = state.arrived
        let ready = state.watchers.filter { $0.count <= arrived }
        state.watchers.removeAll { $0.count <= arrived }
        ready.forEach { $0.continuation.resume() }
      }
    }
    return true
  }

  /// Returns once `count` holds have arrived (and are waiting).
  func waitUntilHolding(_ count: Int) async {
    await withCheckedContinuation { continuation in
      state.withLock { state in
        if state.arrived >= count {
          continuation.resume()
        } else {
          state.watchers.append((count, continuation))
        }
      }
    }
  }

  /// Lets the hold that has waited longest carry on.
  func releaseNext() {
    state.withLock { $0.waiting.removeFirst() }.resume()
  }
}

/// A mailer that sends nothing until the test says so: it keeps each `done` and calls it back
/// when the test calls `deliverAll()`, from wherever the test is, as the real mailer's thread would.
final class HeldMailer: ReceiptMailer {
  struct Sent: Equatable {
    let email: String
    let seats: [String]
  }

  private let state = Mutex<(sent: [Sent], pending: [@Sendable () -> Void])>(([], []))

  func send(to email: String, seats: [String], done: @escaping @Sendable () -> Void) {
    state.withLock {
      $0.sent.append(Sent(email: email, seats: seats))
      $0.pending.append(done)
    }
  }

  var sent: [Sent] { state.withLock { $0.sent } }

  func deliverAll() {
    let pending = state.withLock {
      let pending = $0.pending
      $0.pending = []
      return pending
    }
    pending.forEach { $0() }
  }
}

/// A mailer whose emails never call back, like a mail that bounced: it forgets `done` as soon as it
/// is handed it, without calling it.
final class DroppingMailer: ReceiptMailer {
  private let count = Mutex(0)

  func send(to email: String, seats: [String], done: @escaping @Sendable () -> Void) {
    count.withLock { $0 += 1 }
  }

  var sent: Int { count.withLock { $0 } }
}

/// Buys with a log that only this function keeps, and returns a weak reference to it: once the
/// function has returned, the log is still alive only if something else holds it.
final class LetGo: @unchecked Sendable {
  weak var log: RecordingLog?
  let answer: String

  init(_ log: RecordingLog, answer: String) {
    self.log = log
    self.answer = answer
  }
}

func buyAndLetGo(_ purchase: Purchase, on server: TicketServer) async -> LetGo {
  let log = RecordingLog()
  let answer = await server.buy(purchase, log: log)
  return LetGo(log, answer: answer)
}

/// Seats that are always free, and note what the purchase's log held when they were asked.
final class WitnessSeats: SeatHolds {
  private let log: RecordingLog
  private let seen = Mutex<[String]?>(nil)

  init(watching log: RecordingLog) { self.log = log }

  func hold(_ seats: [String]) async -> Bool {
    let lines = log.lines
    seen.withLock { $0 = lines }
    return true
  }

  var linesWhenAsked: [String]? { seen.withLock { $0 } }
}

/// A mailer that notes what the purchase's log held when it was asked for the receipt.
final class WitnessMailer: ReceiptMailer {
  private let log: RecordingLog
  private let seen = Mutex<[String]?>(nil)

  init(watching log: RecordingLog) { self.log = log }

  func send(to email: String, seats: [String], done: @escaping @Sendable () -> Void) {
    let lines = log.lines
    seen.withLock { $0 = lines }
  }

  var linesWhenAsked: [String]? { seen.withLock { $0 } }
}

let ada = Purchase(seats: ["F7", "F8"], centsEach: 1_250, email: "ada@example.com")
let grace = Purchase(seats: ["A1"], centsEach: 900, email: "grace@example.com")

let adasLines = ["holding F7, F8", "payment: charged 2500 cents", "booked 2 seats"]
let gracesLines = ["holding A1", "payment: charged 900 cents", "booked 1 seats"]

// MARK: - Step 1

@Suite("Step 1: every layer writes to the purchase's own log")
struct Step1 {
  @Test func paymentsWritesToTheLogInScope() {
    let log = RecordingLog()
    RequestScope.$log.withValue(log) {
      Payments().charge(900)
    }
    #expect(
      log.lines == ["charged 900 cents"],
      "Payments.charge ran inside RequestScope.$log.withValue(log), and the log got \(log.lines), not [\"charged 900 cents\"]. A layer deep below the handler should write to the log in scope, RequestScope.log, not to a global that someone has to set first.")
  }

  @Test func onePaymentsMadeBeforehandWritesToEachScopeItChargesIn() {
    let payments = Payments()  // made once, outside any purchase, as the server's layers are
    let first = RecordingLog()
    let second = RecordingLog()
    RequestScope.$log.withValue(first) { payments.charge(900) }
    RequestScope.$log.withValue(second) { payments.charge(500) }
    #expect(
      first.lines == ["charged 900 cents"] && second.lines == ["charged 500 cents"],
      "One Payments, made outside any purchase, charged 900 cents inside one purchase's withValue and 500 inside another's. The first log got \(first.lines), the second \(second.lines). A Payments that reads RequestScope.log when it is made (a stored `let log = RequestScope.log`, or a default argument `init(log: any RequestLog = RequestScope.log)`) keeps whatever was in scope then, here the default SilentLog, for life. Read RequestScope.log inside charge, each time it charges.")
  }

  @Test func aPurchaseWritesEveryLineToItsOwnLog() async {
    let log = RecordingLog()
    let server = TicketServer(seats: FreeSeats(), mailer: HeldMailer())
    let answer = await server.buy(ada, log: log)
    #expect(answer == "booked 2 seats")
    #expect(
      log.lines == adasLines,
      "The purchase's log should get \(adasLines): the hold, the charge (marked \"payment: \" by the payment step only) and the booking. It got \(log.lines). \(whatWentWrong(with: log.lines))")
  }

  @Test func theSeatLayerRunsInThePurchasesScope() async {
    let log = RecordingLog()
    let seats = ScopeCheckingSeats()
    let server = TicketServer(seats: seats, mailer: HeldMailer())
    _ = await server.buy(ada, log: log)
    let inScope = seats.logsInScope
    #expect(
      !inScope.isEmpty && inScope.allSatisfy { ($0 as? RecordingLog) === log },
      "seats.hold ran with \(inScope.map { type(of: $0) }) in scope, not the purchase's log. The seat layer is one of the layers below buy: in the real server it writes its own lines to RequestScope.log. Bind the purchase's log around everything buy does, the hold included, not only around the charge.")
  }

  @Test func theLogSaysWhatHappenedInTheOrderItHappened() async {
    let log = RecordingLog()
    let seats = WitnessSeats(watching: log)
    let mailer = WitnessMailer(watching: log)
    let server = TicketServer(seats: seats, mailer: mailer)
    _ = await server.buy(ada, log: log)
    let whenHolding = seats.linesWhenAsked ?? []
    #expect(
      whenHolding == ["holding F7, F8"],
      "When the seat layer was asked to hold F7, F8, the purchase's log had \(whenHolding), not [\"holding F7, F8\"]. The log tells support what the server did, in the order it did it: write \"holding …\" before asking the seat layer, so that a purchase stuck waiting for its seats says what it is waiting for, and the seat layer's own lines come after it.")
    let whenMailing = mailer.linesWhenAsked ?? []
    #expect(
      whenMailing.contains { $0.hasSuffix("charged 2500 cents") },
      "When the mailer was asked for the receipt, the purchase's log had \(whenMailing): the card had not been charged yet. Ask for the receipt after the charge: a receipt must never be on its way for a payment that has not been made.")
  }

  @Test func aSoldOutPurchaseChargesNothing() async {
    let log = RecordingLog()
    let mailer = HeldMailer()
    let server = TicketServer(seats: FreeSeats(free: false), mailer: mailer)
    let answer = await server.buy(ada, log: log)
    #expect(answer == "sold out")
    #expect(
      log.lines == ["holding F7, F8", "sold out: F7, F8"],
      "When the seats cannot be held, the purchase's log should say so and nothing more; it got \(log.lines).")
    #expect(mailer.sent.isEmpty, "A sold-out purchase sent a receipt: \(mailer.sent).")
  }

  @Test func thePurchasesScopeEndsWithIt() async {
    let log = RecordingLog()
    let server = TicketServer(seats: FreeSeats(), mailer: HeldMailer())
    _ = await server.buy(ada, log: log)
    let linesWhenBuyReturned = log.lines
    Payments().charge(100)  // outside any purchase
    let added = Array(log.lines.dropFirst(linesWhenBuyReturned.count))
    let why: String =
      added.contains("charged 100 cents") || added.contains("payment: charged 100 cents")
        ? "After buy returned, a charge made outside any purchase still wrote to that purchase's log: \(added). Its log was left somewhere every request shares. A binding made with withValue ends when its closure returns."
        : "Lines kept arriving in the purchase's log after buy had returned: \(added). Something buy started was still running, such as a Task nobody awaited: everything a purchase does finishes before buy returns."
    #expect(added.isEmpty, "\(why)")
    #expect(
      RequestScope.log is SilentLog,
      "After buy returned, RequestScope.log is still \(type(of: RequestScope.log)); outside any purchase it should be the default, SilentLog.")
  }
}

// MARK: - Step 2

@Suite("Step 2: two purchases at once keep their own logs")
struct Step2 {
  @Test func twoPurchasesWaitingAtOnceDoNotMixTheirLines() async {
    let seats = GatedSeats()
    let server = TicketServer(seats: seats, mailer: HeldMailer())
    let adasLog = RecordingLog()
    let gracesLog = RecordingLog()

    async let adasAnswer = server.buy(ada, log: adasLog)
    await seats.waitUntilHolding(1)
    async let gracesAnswer = server.buy(grace, log: gracesLog)
    await seats.waitUntilHolding(2)  // both purchases wait for their seats
    seats.releaseNext()
    _ = await adasAnswer
    seats.releaseNext()
    _ = await gracesAnswer

    #expect(
      adasLog.lines == adasLines && gracesLog.lines == gracesLines,
      "ada's purchase waited for its seats while grace's started, and the lines got mixed: ada's log has \(adasLog.lines), grace's has \(gracesLog.lines). A log kept in a variable every request shares is the last request's log. Bind each purchase's log with RequestScope.$log.withValue: every purchase runs in its own task, and sees only its own binding.")
  }

  @Test func aPurchaseStoppedInTheMiddleKeepsItsLinesWhileAnotherRuns() async {
    let seats = GatedSeats()
    let server = TicketServer(seats: seats, mailer: HeldMailer())
    let adasLog = StoppingLog()
    let gracesLog = RecordingLog()

    let adas = Task(executorPreference: ThreadPerJob()) {
      let answer = await server.buy(ada, log: adasLog)
      adasLog.markStopped()
      return answer
    }
    await seats.waitUntilHolding(1)
    let graceDone = Mutex(false)
    let graces = Task {
      let answer = await server.buy(grace, log: gracesLog)
      graceDone.withLock { $0 = true }
      return answer
    }
    await seats.waitUntilHolding(2)
    seats.releaseNext()
    await adasLog.waitUntilStopped()  // ada's purchase is stopped at its first line after the hold
    seats.releaseNext()
    // grace's purchase runs from start to end meanwhile, unless something ada's holds stops it.
    let graceFinished = await eventually { graceDone.withLock { $0 } }
    adasLog.open()
    _ = await adas.value
    _ = await graces.value
    guard graceFinished else {
      Issue.record(
        "ada's purchase was stopped in the middle, and grace's could not finish meanwhile: it waited for ada's. Two requests must not wait for each other: if buy runs on one actor (or behind one lock), every request waits its turn behind the slowest. Keep TicketServer's purchases independent, and carry each one's log in RequestScope.$log.withValue, which needs no shared state.")
      return
    }

    #expect(
      adasLog.lines == adasLines && gracesLog.lines == gracesLines,
      "ada's purchase was stopped in the middle, at its first line after the seats were held, and grace's ran from start to end meanwhile, as two requests on two threads do. ada's log has \(adasLog.lines), grace's has \(gracesLog.lines). A log kept in a variable every request shares, even one set only after the last await and reset before returning, is whichever purchase set it last. Bind each purchase's log with RequestScope.$log.withValue, around everything buy does.")
  }
}

// MARK: - Step 3

@Suite("Step 3: the receipt, written after the purchase has ended")
struct Step3 {
  @Test func theReceiptGoesToThePurchasesLog() async {
    let log = RecordingLog()
    let mailer = HeldMailer()
    let server = TicketServer(seats: FreeSeats(), mailer: mailer)
    _ = await server.buy(ada, log: log)
    #expect(
      mailer.sent == [HeldMailer.Sent(email: "ada@example.com", seats: ["F7", "F8"])],
      "The purchase should send exactly one receipt, to ada@example.com for F7, F8; the mailer was asked for \(mailer.sent).")
    mailer.deliverAll()  // the mailer's thread, outside any purchase
    let receipt = "receipt sent to ada@example.com"
    let why =
      log.lines.contains("payment: " + receipt)
      ? "The receipt line carries the payment step's \"payment: \" mark: the callback captured RequestScope.log while the payment step's PrefixedLog was in scope. Capture the purchase's own log, the one buy was given: only the charge's line is marked."
      : !log.lines.contains(receipt)
        ? "Nothing is bound there: RequestScope.log is the default. Read the log while the purchase is in scope (or use the log buy was given) and write to that in the callback."
        : log.lines.filter({ $0 == receipt }).count > 1
          ? "The receipt line was written more than once: once when done runs, and only then."
          : "The receipt line is there, but not last: it was written before the mailer called done. Write it in the done callback, which runs once the mail has gone."
    #expect(
      log.lines == adasLines + [receipt],
      "The mailer called back after the purchase had ended, from its own thread, and the purchase's log got \(log.lines). \(why)")
  }

  @Test func eachOfOneCustomersPurchasesGetsItsOwnReceipt() async {
    let mailer = HeldMailer()
    let server = TicketServer(seats: FreeSeats(), mailer: mailer)
    let firstLog = RecordingLog()
    let secondLog = RecordingLog()
    let adaAgain = Purchase(seats: ["F9"], centsEach: 1_250, email: "ada@example.com")
    _ = await server.buy(ada, log: firstLog)
    _ = await server.buy(adaAgain, log: secondLog)  // before the first one's mail has gone
    mailer.deliverAll()
    let receipt = "receipt sent to ada@example.com"
    let first = firstLog.lines.filter { $0 == receipt }.count
    let second = secondLog.lines.filter { $0 == receipt }.count
    #expect(
      first == 1 && second == 1,
      "ada bought twice, each purchase with its own log, and both mails went out after both purchases had returned. The first purchase's log got \(first) receipt line(s), the second's \(second); each should get exactly one. A log looked up by the customer's email (or anything else two purchases can share) in a dictionary every request shares finds the wrong purchase: capture each purchase's log in its own callback.")
  }

  @Test func nothingKeepsAPurchasesLogOnceItIsOver() async {
    let mailer = DroppingMailer()
    let server = TicketServer(seats: FreeSeats(), mailer: mailer)
    let purchase = await buyAndLetGo(ada, on: server)
    #expect(purchase.answer == "booked 2 seats")
    #expect(mailer.sent == 1, "The purchase should ask the mailer for exactly one receipt; it asked \(mailer.sent) time(s).")
    #expect(
      purchase.log == nil,
      "buy has returned, the mailer dropped its done callback without calling it (a mail that bounced), and the test let go of the purchase's log, yet the log is still alive: something every request shares, a global, a static or a dictionary, still holds it. Requests must not share a purchase's log, not even \"for debugging\" or \"until the mail is done\": the done callback can carry the purchase's log itself, captured when the purchase sends the receipt, and when the mailer drops the callback, the log goes with it.")
  }

  @Test func eachReceiptGoesToItsOwnPurchasesLog() async {
    let mailer = HeldMailer()
    let server = TicketServer(seats: FreeSeats(), mailer: mailer)
    let adasLog = RecordingLog()
    let gracesLog = RecordingLog()
    let someoneElses = RecordingLog()
    _ = await server.buy(ada, log: adasLog)
    _ = await server.buy(grace, log: gracesLog)
    RequestScope.$log.withValue(someoneElses) {
      mailer.deliverAll()  // while a third request happens to be running
    }
    #expect(
      adasLog.lines.last == "receipt sent to ada@example.com"
        && gracesLog.lines.last == "receipt sent to grace@example.com" && someoneElses.lines.isEmpty,
      "Both receipts were delivered while a third request was in scope. ada's log ends with \(adasLog.lines.last ?? "nothing"), grace's with \(gracesLog.lines.last ?? "nothing"), and the third request's log got \(someoneElses.lines). Each callback must write to the log of the purchase that sent it: capture that log when the purchase sends the receipt, not whatever is in scope, or was last, when the mail goes out.")
  }
}
