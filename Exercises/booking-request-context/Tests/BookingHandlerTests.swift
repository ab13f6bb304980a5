import Foundation
import Testing

@testable import BookingRequestContext

/// A context a test can predict: a chosen id, a chosen user and a chosen arrival time.
func context(
  id: String, user: String, at seconds: TimeInterval = 1_700_000_000, log: RequestLog = RequestLog()
) -> RequestContext {
  RequestContext(requestID: id, userID: user, receivedAt: Date(timeIntervalSince1970: seconds), log: log)
}

/// A stand-in for the hotel's database: it records every hold, and can run something in the
/// middle of the next hold, as another request arriving at that moment would.
final class RecordingHolds: RoomHolds, @unchecked Sendable {
  struct Hold: Equatable, CustomStringConvertible {
    let room: String
    let guest: String
    let until: Date
    var description: String { "room \(room) for \(guest) until \(until)" }
  }

  private let lock = NSLock()
  private var placed: [Hold] = []
  private var duringNextHold: [() -> Void] = []

  var holds: [Hold] { lock.withLock { placed } }

  /// Runs `action` inside the next hold, after the hold is recorded and before it returns.
  func whileHolding(_ action: @escaping () -> Void) {
    lock.withLock { duringNextHold.append(action) }
  }

  func hold(room: String, for guest: String, until: Date) {
    let action = lock.withLock {
      placed.append(Hold(room: room, guest: guest, until: until))
      return duringNextHold.isEmpty ? nil : duringNextHold.removeFirst()
    }
    action?()
  }
}

/// Holds the test lets go of one at a time: each request that places a hold waits inside it
/// until the test releases it, so the test decides which requests are in the middle of being
/// handled at once, and in what order they finish.
final class GatedHolds: RoomHolds, @unchecked Sendable {
  private let condition = NSCondition()
  private var guests: [String] = []
  private var released = 0
  private let deadline: Date

  /// No request waits in a hold after `deadline` seconds: a handler that gets stuck fails the
  /// test instead of hanging it.
  init(deadline: TimeInterval) {
    self.deadline = Date(timeIntervalSinceNow: deadline)
  }

  /// The guests the holds were placed for, in the order the requests reached their hold.
  var heldFor: [String] { condition.withLock { guests } }

  func hold(room: String, for guest: String, until: Date) {
    condition.lock()
    defer { condition.unlock() }
    let turn = guests.count
    guests.append(guest)
    condition.broadcast()
    while released <= turn && condition.wait(until: deadline) {}
  }

  /// Waits until `count` requests have reached their hold; false if the deadline passes first.
  func waitUntilHolding(_ count: Int) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while guests.count < count { if !condition.wait(until: deadline) { return guests.count >= count } }
    return true
  }

  /// Lets the longest-waiting request still in its hold carry on.
  func releaseNext() {
    condition.withLock {
      released += 1
      condition.broadcast()
    }
  }
}

/// Lets a test hand any value, a handler class included, to another thread.
final class Unchecked<Value>: @unchecked Sendable {
  var value: Value
  init(_ value: Value) { self.value = value }
}

/// The stored properties of a value and the types of what they hold, looked into as far as four
/// levels down (a box inside the handler, an `Any?` inside the box): what it keeps from one call
/// to the next, however it is wrapped.
func storedProperties(of value: Any, depth: Int = 0) -> [(name: String, type: String)] {
  guard depth < 4 else { return [] }
  return Mirror(reflecting: value).children.flatMap { child -> [(name: String, type: String)] in
    if child.value is any RoomHolds { return [] }  // the injected service keeps its own records
    let name = child.label ?? "_"
    let inside = storedProperties(of: child.value, depth: depth + 1).map { (name: "\(name).\($0.name)", type: $0.type) }
    return [(name, String(describing: type(of: child.value)))] + inside
  }
}

/// Every value a handler stores, looked into as far as four levels down, with its path.
func storedValues(of value: Any, depth: Int = 0) -> [(name: String, value: Any)] {
  guard depth < 4 else { return [] }
  return Mirror(reflecting: value).children.flatMap { child -> [(name: String, value: Any)] in
    if child.value is any RoomHolds { return [] }  // the injected service keeps its own records
    let name = child.label ?? "_"
    let inside = storedValues(of: child.value, depth: depth + 1).map { (name: "\(name).\($0.name)", value: $0.value) }
    return [(name, child.value)] + inside
  }
}

/// What `handler.handle(request)`, with no context, resolves to in the test below.
enum CalledWithoutAContext {
  case resolvedToTheTestsOverload
}

/// What the tests need of a handler: handle(_:context:).
protocol HandlesRequests {
  func handle(_ request: BookingRequest, context: RequestContext) -> BookingConfirmation
}

extension BookingHandler: HandlesRequests {}

extension HandlesRequests {
  /// The one `handle` that takes no context: the handler's own needs its context, so a call
  /// without one lands here. If the handler's `handle` gives `context` a default value, or has a
  /// `handle(_:)` of its own, the call lands there instead.
  func handle(
    _ request: BookingRequest, contextMustBeGiven: Void = ()
  ) -> CalledWithoutAContext {
    .resolvedToTheTestsOverload
  }
}

/// One test at a time: a handler that keeps a request in a global would otherwise be overwritten by
/// the test next door, and fail (or pass) by luck instead of by what it does.
@Suite(.serialized) struct BookingHandlerTests {
  let handler = BookingHandler(pricePerNight: 120, holds: RecordingHolds())
  let request = BookingRequest(roomID: "12", nights: 3)

  @Test func theConfirmationCarriesTheRequestsOwnID() {
    let confirmation = handler.handle(request, context: context(id: "req-7", user: "ada"))
    #expect(
      confirmation.requestID == "req-7",
      "BookingHandler ignored the request context it was given: the confirmation carries request id \(confirmation.requestID), not req-7. Read the id, the user and the time from the `context` parameter of handle(_:context:).")
  }

  @Test func theGuestIsTheUserWhoSentTheRequest() {
    let confirmation = handler.handle(request, context: context(id: "req-8", user: "grace"))
    #expect(
      confirmation.guest == "grace",
      "The request came from grace, so she is the guest; the confirmation says \(confirmation.guest). Who sent a request is part of that request's context.")
  }

  @Test func theHoldLastsFifteenMinutesFromArrival() {
    let arrived = context(id: "req-9", user: "ada", at: 1_000_000)
    let confirmation = handler.handle(request, context: arrived)
    #expect(
      confirmation.heldUntil == Date(timeIntervalSince1970: 1_000_900),
      "The request arrived at \(arrived.receivedAt), so the room is held until 15 minutes later; the confirmation says \(confirmation.heldUntil). The time comes with the context, not from a clock read at start-up.")
  }

  @Test func theRoomIsHeldForTheGuestFromArrival() {
    let holds = RecordingHolds()
    let handler = BookingHandler(pricePerNight: 120, holds: holds)
    _ = handler.handle(request, context: context(id: "req-5", user: "grace", at: 1_000_000))
    let expected = RecordingHolds.Hold(room: "12", guest: "grace", until: Date(timeIntervalSince1970: 1_000_900))
    #expect(
      holds.holds == [expected],
      "grace's request arrived at \(Date(timeIntervalSince1970: 1_000_000)), so room 12 should be held once, for her, until 15 minutes later: \(expected). The handler placed \(holds.holds.isEmpty ? "no hold" : holds.holds.map(\.description).joined(separator: "; ")).")
  }

  @Test func theHoldIsWrittenToTheRequestsOwnLog() {
    let adasLog = RequestLog()
    let linussLog = RequestLog()
    _ = handler.handle(request, context: context(id: "req-1", user: "ada", log: adasLog))
    _ = handler.handle(BookingRequest(roomID: "7", nights: 2), context: context(id: "req-2", user: "linus", log: linussLog))
    #expect(
      adasLog.written == ["held room 12 for ada"] && linussLog.written == ["held room 7 for linus"],
      "Each request's log should get one line about its own hold: [\"held room 12 for ada\"] and [\"held room 7 for linus\"]. They got \(adasLog.written) and \(linussLog.written). The log comes with the request, in its context.")
  }

  @Test func aRequestsContextEndsWithTheRequest() {
    weak var log: RequestLog?
    do {
      let requestsLog = RequestLog()
      log = requestsLog
      _ = handler.handle(request, context: context(id: "req-6", user: "ada", log: requestsLog))
    }
    #expect(
      log == nil,
      "The request has ended, and its context (with its log) is still alive: something in the handler, or beside it (a global, a static variable, a box, a cache), still holds it. A context kept after its request ended belongs to no request, and the next one can read it. Use the context while handling the request and keep none of it.")
  }

  @Test func aRequestArrivingDuringAHoldLeavesTheFirstOneAlone() throws {
    let holds = RecordingHolds()
    let handler = BookingHandler(pricePerNight: 120, holds: holds)
    var second: BookingConfirmation?
    holds.whileHolding {
      second = handler.handle(
        BookingRequest(roomID: "7", nights: 1), context: context(id: "req-B", user: "linus", at: 2_000_000))
    }
    let first = handler.handle(request, context: context(id: "req-A", user: "ada", at: 1_000_000))
    let other = try #require(
      second,
      "The test let a second request arrive while the first one's room was being held, and the hold was never placed: handle(_:context:) should hold the room through the `holds` it was given.")
    #expect(
      [first.requestID, first.guest] == ["req-A", "ada"]
        && first.heldUntil == Date(timeIntervalSince1970: 1_000_900),
      "While ada's request (req-A) waited for its room hold, linus's request (req-B) arrived at the same handler, and ada's confirmation came out as \(first.requestID) for \(first.guest), held until \(first.heldUntil). Her request's id, user and time were kept somewhere every request shares (a stored property, a global or a static variable), and the next request replaced them. Use the `context` parameter itself: each call has its own.")
    #expect(
      [other.requestID, other.guest] == ["req-B", "linus"],
      "The request that arrived during the hold was req-B from linus; its confirmation says \(other.requestID) for \(other.guest).")
  }

  @Test func twoRequestsAtOnceEachKeepTheirOwnContext() throws {
    let holds = GatedHolds(deadline: 20)
    let handler = Unchecked(BookingHandler(pricePerNight: 120, holds: holds))
    let results = Unchecked([String: BookingConfirmation]())
    let finished = NSCondition()
    func send(_ id: String, from user: String) {
      Thread {
        let confirmation = handler.value.handle(
          BookingRequest(roomID: "12", nights: 1), context: context(id: id, user: user))
        finished.withLock {
          results.value[id] = confirmation
          finished.broadcast()
        }
      }.start()
    }
    func waitForConfirmations(_ count: Int) -> Bool {
      let deadline = Date(timeIntervalSinceNow: 20)
      return finished.withLock {
        while results.value.count < count { if !finished.wait(until: deadline) { break } }
        return results.value.count >= count
      }
    }

    // ada's request reaches its hold; linus's starts while hers is still being handled.
    send("req-A", from: "ada")
    try #require(holds.waitUntilHolding(1), "ada's request never placed its room hold through `holds`.")
    send("req-B", from: "linus")
    try #require(
      holds.waitUntilHolding(2),
      "While ada's request waited for its room hold, linus's request to the same handler could not get as far as its own hold: the handler makes requests wait for each other. One handler serves every user at once; give each call its own context instead of guarding a shared one.")
    // ada's finishes first, then linus's: lifetimes that overlap without nesting.
    holds.releaseNext()
    try #require(waitForConfirmations(1), "ada's request, let out of its hold, did not finish.")
    holds.releaseNext()
    try #require(waitForConfirmations(2), "linus's request, let out of its hold, did not finish.")

    let confirmations = finished.withLock { results.value }
    let said = confirmations.sorted { $0.key < $1.key }.map { "\($0.key) -> \($0.value.requestID) for \($0.value.guest)" }
    #expect(
      holds.heldFor == ["ada", "linus"]
        && confirmations["req-A"].map { [$0.requestID, $0.guest] } == ["req-A", "ada"]
        && confirmations["req-B"].map { [$0.requestID, $0.guest] } == ["req-B", "linus"],
      "ada (req-A) and then linus (req-B) sent a request to the same handler, and both were being handled at once; the rooms were held for \(holds.heldFor) and the confirmations came out as \(said.joined(separator: ", ")). The requests' contexts were kept somewhere both requests share (a global, a static variable, or a stack of them), so one request read the other's. Use the `context` parameter: each call has its own.")
  }

  @Test func oneHandlerServesManyRequests() {
    let first = handler.handle(request, context: context(id: "req-1", user: "ada"))
    let second = handler.handle(request, context: context(id: "req-2", user: "linus"))
    #expect(
      [first.requestID, second.requestID] == ["req-1", "req-2"]
        && [first.guest, second.guest] == ["ada", "linus"],
      "The same handler served two requests, so each confirmation should carry its own request's id and user; they carry \(first.requestID)/\(first.guest) and \(second.requestID)/\(second.guest).")
  }

  @Test func aUsersNextRequestIsANewRequest() {
    let morning = handler.handle(request, context: context(id: "req-21", user: "ada", at: 1_000_000))
    let evening = handler.handle(request, context: context(id: "req-22", user: "ada", at: 1_036_000))
    #expect(
      [morning.requestID, evening.requestID] == ["req-21", "req-22"],
      "ada sent two requests, req-21 and req-22, and the confirmations quote \(morning.requestID) and \(evening.requestID). A user's second request is a new request with its own id: is something about the last request kept in the handler?")
    #expect(
      evening.heldUntil == Date(timeIntervalSince1970: 1_036_900),
      "ada's second request arrived ten hours after her first, so its room is held until 15 minutes after that; the confirmation says \(evening.heldUntil).")
  }

  @Test func thePriceIsNightsTimesTheRate() {
    let confirmation = handler.handle(request, context: context(id: "req-3", user: "ada"))
    #expect(
      confirmation.totalPrice == 360,
      "3 nights at 120 cost 360; the confirmation says \(confirmation.totalPrice). The price logic was right before: keep request.nights * pricePerNight.")
    #expect(confirmation.roomID == "12", "The confirmation should name the requested room, 12, not \(confirmation.roomID).")
  }

  @Test func noRequestIsHandledWithoutItsOwnContext() {
    let outcome = handler.handle(request)
    #expect(
      "\(type(of: outcome))" == "CalledWithoutAContext",
      "BookingHandler can handle a request without being given its context: handler.handle(request) returned a \(type(of: outcome)). A default value for `context` (or a handle(_:) that makes one) is the start-up context again, one forgotten argument away: a random id, the real clock and `anonymous`. Keep only handle(_:context:), with no default, so every caller must pass the request's own context.")
  }

  @Test func theHandlerKeepsNoRequestContext() {
    _ = handler.handle(request, context: context(id: "req-4", user: "ada"))
    let kept = storedProperties(of: handler).filter { $0.type.contains("RequestContext") }
    #expect(
      kept.isEmpty,
      "BookingHandler still keeps a request context in a stored property (\(kept.map { "`\($0.name)`: \($0.type)" }.joined(separator: ", "))). One handler serves every request from every user, so a context stored in it belongs to no request in particular: the start-up one books rooms for `anonymous`, and one saved per call is overwritten by the next request while the first is still being handled. Delete the property: a request's context arrives with handle(_:context:) and leaves with it.")
  }

  @Test func theHandlerKeepsNoPieceOfARequest() {
    let arrived = Date(timeIntervalSince1970: 1_234_567)
    _ = handler.handle(
      request,
      context: RequestContext(requestID: "req-kept?", userID: "user-kept?", receivedAt: arrived, log: RequestLog()))
    let kept = storedValues(of: handler).filter { _, value in
      (value as? String).map { $0.contains("req-kept?") || $0.contains("user-kept?") } ?? false
        || (value as? Date) == arrived
    }
    #expect(
      kept.isEmpty,
      "After handling a request, BookingHandler still holds a piece of it (\(kept.map { "`\($0.name)`: \($0.value)" }.joined(separator: ", "))). Its id, its user and its arrival time belong to that request: kept in a handler that serves every request, the next request can read them. Keep nothing of a request after handle(_:context:) returns.")
  }
}
