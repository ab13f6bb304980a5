/// Where one purchase's lines go. The server makes a new one for every request it receives, and
/// prints it, stamped with the request's id, when the request ends.
protocol RequestLog: Sendable {
  func write(_ line: String)
}

/// Where lines go when no purchase is running: nowhere.
struct SilentLog: RequestLog {
  func write(_ line: String) {}
}

/// Passes every line on to `base`, with `prefix` in front: the payment provider asks that the
/// lines written while it charges a card start with "payment: ".
struct PrefixedLog: RequestLog {
  let prefix: String
  let base: any RequestLog

  func write(_ line: String) {
    base.write(prefix + line)
  }
}

/// The purchase being handled, for every layer below `TicketServer.buy`. (A teammate added it;
/// nothing uses it yet.)
enum RequestScope {
  @TaskLocal static var log: any RequestLog = SilentLog()
}

/// Holds seats in the cinema's database. One instance serves every request.
protocol SeatHolds: Sendable {
  func hold(_ seats: [String]) async -> Bool
}

/// Emails receipts. `send` returns at once; `done` runs later, on the mailer's own thread, once
/// the email is out.
protocol ReceiptMailer: Sendable {
  func send(to email: String, seats: [String], done: @escaping @Sendable () -> Void)
}

struct Purchase: Sendable {
  let seats: [String]
  let centsEach: Int
  let email: String
}

/// Charges the card, through the payment provider in the real server.
struct Payments {
  func charge(_ cents: Int) {
    RequestScope.log.write("charged \(cents) cents")
  }
}

/// Handles `POST /tickets`. The server creates one at start-up and calls `buy` for every request,
/// many at once, each with that request's own log.
struct TicketServer: Sendable {
  let seats: any SeatHolds
  let mailer: any ReceiptMailer

  func buy(_ purchase: Purchase, log: any RequestLog) async -> String {
    await RequestScope.$log.withValue(log) {
      let seatList = purchase.seats.joined(separator: ", ")
      log.write("holding \(seatList)")
      guard await seats.hold(purchase.seats) else {
        log.write("sold out: \(seatList)")
        return "sold out"
      }
      RequestScope.$log.withValue(PrefixedLog(prefix: "payment: ", base: log)) {
        Payments().charge(purchase.centsEach * purchase.seats.count)
      }
      let email = purchase.email
      let token = ReceiptLogs.park(log)
      mailer.send(to: email, seats: purchase.seats) {
        ReceiptLogs.take(token)?.write("receipt sent to \(email)")
      }
      let answer = "booked \(purchase.seats.count) seats"
      log.write(answer)
      return answer
    }
  }
}

import Synchronization
/// Logs waiting for their receipt, keyed by a fresh number per purchase.
enum ReceiptLogs {
  static let waiting = Mutex<(next: Int, logs: [Int: any RequestLog])>((0, [:]))
  static func park(_ log: any RequestLog) -> Int {
    waiting.withLock { state in
      let token = state.next
      state.next += 1
      state.logs[token] = log
      return token
    }
  }
  static func take(_ token: Int) -> (any RequestLog)? {
    waiting.withLock { $0.logs.removeValue(forKey: token) }
  }
}
