import Foundation
import Testing

@testable import BookingRequestContext

/// A context a test can predict: a chosen id, a chosen user and a chosen arrival time.
func context(id: String, user: String, at seconds: TimeInterval = 1_700_000_000) -> RequestContext {
  RequestContext(requestID: id, userID: user, receivedAt: Date(timeIntervalSince1970: seconds))
}

/// The stored properties of a value and the types of what they hold, looked into as far as four
/// levels down (a box inside the handler, an `Any?` inside the box): what it keeps from one call
/// to the next, however it is wrapped.
func storedProperties(of value: Any, depth: Int = 0) -> [(name: String, type: String)] {
  guard depth < 4 else { return [] }
  return Mirror(reflecting: value).children.flatMap { child -> [(name: String, type: String)] in
    let name = child.label ?? "_"
    let inside = storedProperties(of: child.value, depth: depth + 1).map { (name: "\(name).\($0.name)", type: $0.type) }
    return [(name, String(describing: type(of: child.value)))] + inside
  }
}

/// Every value a handler stores, looked into as far as four levels down, with its path.
func storedValues(of value: Any, depth: Int = 0) -> [(name: String, value: Any)] {
  guard depth < 4 else { return [] }
  return Mirror(reflecting: value).children.flatMap { child -> [(name: String, value: Any)] in
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

@Suite struct BookingHandlerTests {
  let handler = BookingHandler(pricePerNight: 120)
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
      request, context: RequestContext(requestID: "req-kept?", userID: "user-kept?", receivedAt: arrived))
    let kept = storedValues(of: handler).filter { _, value in
      (value as? String).map { $0.contains("req-kept?") || $0.contains("user-kept?") } ?? false
        || (value as? Date) == arrived
    }
    #expect(
      kept.isEmpty,
      "After handling a request, BookingHandler still holds a piece of it (\(kept.map { "`\($0.name)`: \($0.value)" }.joined(separator: ", "))). Its id, its user and its arrival time belong to that request: kept in a handler that serves every request, the next request can read them. Keep nothing of a request after handle(_:context:) returns.")
  }
}
