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

  @Test func aPurchaseWritesEveryLineToItsOwnLog() async {
    let log = RecordingLog()
    let server = TicketServer(seats: FreeSeats(), mailer: HeldMailer())
    let answer = await server.buy(ada, log: log)
    #expect(answer == "booked 2 seats")
    #expect(
      log.lines == adasLines,
      "The purchase's log should get \(adasLines): the hold, the charge (marked \"payment: \" by the payment step only) and the booking. It got \(log.lines). Bind the purchase's log with RequestScope.$log.withValue(log) around everything buy does, and a PrefixedLog around the charge alone.")
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
    Payments().charge(100)  // outside any purchase
    #expect(
      log.lines == adasLines,
      "After buy returned, a charge made outside any purchase still wrote to that purchase's log: \(log.lines). Its log was left somewhere every request shares. A binding made with withValue ends when its closure returns.")
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
    #expect(
      log.lines == adasLines + ["receipt sent to ada@example.com"],
      "The mailer called back after the purchase had ended, from its own thread, and the purchase's log got \(log.lines). Nothing is bound there: RequestScope.log is the default. Read the log while the purchase is in scope (or use the log buy was given) and write to that in the callback.")
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
