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

  @Test func thePriceIsNightsTimesTheRate() {
    let confirmation = handler.handle(request, context: context(id: "req-3", user: "ada"))
    #expect(
      confirmation.totalPrice == 360,
      "3 nights at 120 cost 360; the confirmation says \(confirmation.totalPrice). The price logic was right before: keep request.nights * pricePerNight.")
    #expect(confirmation.roomID == "12", "The confirmation should name the requested room, 12, not \(confirmation.roomID).")
  }

  @Test func theHandlerKeepsNoRequestContext() {
    _ = handler.handle(request, context: context(id: "req-4", user: "ada"))
    let kept = storedProperties(of: handler).filter { $0.type.contains("RequestContext") }
    #expect(
      kept.isEmpty,
      "BookingHandler still keeps a request context in a stored property (\(kept.map { "`\($0.name)`: \($0.type)" }.joined(separator: ", "))). One handler serves every request from every user, so a context stored in it belongs to no request in particular: the start-up one books rooms for `anonymous`, and one saved per call is overwritten by the next request while the first is still being handled. Delete the property: a request's context arrives with handle(_:context:) and leaves with it.")
  }
}
