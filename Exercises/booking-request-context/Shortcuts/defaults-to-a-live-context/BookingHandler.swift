import Foundation
import Synchronization

/// What the server knows about one request: its id, who sent it, when it arrived, and the log
/// its lines go to. The server builds a fresh one for every request it receives.
struct RequestContext: Sendable {
  let requestID: String
  let userID: String
  let receivedAt: Date
  let log: RequestLog

  /// The server's way of building a context: a random id, the real clock and a new log.
  static func live(userID: String) -> RequestContext {
    RequestContext(requestID: UUID().uuidString, userID: userID, receivedAt: Date(), log: RequestLog())
  }
}

/// One request's log: the lines written while it was handled, which the server prints stamped
/// with the request's id when the request ends.
final class RequestLog: Sendable {
  private let lines = Mutex<[String]>([])

  var written: [String] { lines.withLock { $0 } }

  func write(_ line: String) {
    lines.withLock { $0.append(line) }
  }
}

struct BookingRequest: Sendable {
  let roomID: String
  let nights: Int
}

struct BookingConfirmation: Equatable, Sendable {
  let requestID: String
  let guest: String
  let roomID: String
  let totalPrice: Int
  /// The room is held for 15 minutes from the moment the request arrived.
  let heldUntil: Date
}

/// Puts a room on hold for a guest, so nobody else books it while the guest pays. In the server
/// it writes to the hotel's database; one instance serves every request.
protocol RoomHolds: Sendable {
  func hold(room: String, for guest: String, until: Date)
}

/// Handles `POST /bookings`. The server creates one handler at start-up and calls it for every
/// request, from many users, so anything that belongs to one request arrives with the call.
struct BookingHandler {
  static let holdDuration: TimeInterval = 15 * 60

  let pricePerNight: Int
  let holds: any RoomHolds

  init(pricePerNight: Int, holds: any RoomHolds) {
    self.pricePerNight = pricePerNight
    self.holds = holds
  }

  func handle(
    _ request: BookingRequest, context: RequestContext = .live(userID: "anonymous")
  ) -> BookingConfirmation {
    let heldUntil = context.receivedAt.addingTimeInterval(Self.holdDuration)
    holds.hold(room: request.roomID, for: context.userID, until: heldUntil)
    context.log.write("held room \(request.roomID) for \(context.userID)")
    return BookingConfirmation(
      requestID: context.requestID,
      guest: context.userID,
      roomID: request.roomID,
      totalPrice: request.nights * pricePerNight,
      heldUntil: heldUntil)
  }
}
