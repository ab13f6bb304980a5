import Testing

@testable import RestockAlerts

/// A fake waitlist: it really keeps and removes tokens, in memory.
final class InMemoryWaitlist: Waitlist {
  private var tokens: [String: [String]]

  init(_ tokens: [String: [String]]) {
    self.tokens = tokens
  }

  func deviceTokens(waitingFor productID: String) -> [String] {
    tokens[productID] ?? []
  }

  func remove(_ deviceToken: String, from productID: String) {
    tokens[productID]?.removeAll { $0 == deviceToken }
  }
}

@Suite struct RestockAlerterTests {
  let kettle = Product(id: "p-1", name: "Blue Kettle")
  let waitlist = InMemoryWaitlist(["p-1": ["tok-a", "tok-b", "tok-c"]])
  let spy = SpyPushSender()

  var alerter: RestockAlerter {
    RestockAlerter(waitlist: waitlist, sender: spy)
  }

  @Test func theSpyRecordsEveryPushWithItsArguments() {
    alerter.productRestocked(kettle)
    let message = "Blue Kettle is back in stock!"
    #expect(
      spy.sent == [
        Push(message: message, deviceToken: "tok-a"),
        Push(message: message, deviceToken: "tok-b"),
        Push(message: message, deviceToken: "tok-c"),
      ],
      "SpyPushSender was called \(spy.callCount) times but recorded \(spy.sent.count) pushes. A count cannot tell a test what was sent, or to whom: in send(_:to:), append a Push(message:deviceToken:) to `sent`.")
  }

  @Test func reachedDevicesLeaveTheWaitlist() {
    let unreachable = alerter.productRestocked(kettle)
    #expect(
      unreachable.isEmpty,
      "The test made no device unreachable, yet RestockAlerter could not reach \(unreachable). Is SpyPushSender still passing calls on to LivePushSender, or throwing for every device? A double never does the real thing: record the call, and throw only for tokens in `unreachable`.")
    #expect(
      waitlist.deviceTokens(waitingFor: "p-1").isEmpty,
      "Every device was reached, so the waitlist should be empty, but it still holds \(waitlist.deviceTokens(waitingFor: "p-1")).")
  }

  @Test func unreachableDevicesStayOnTheWaitlist() {
    spy.unreachable = ["tok-b"]
    let unreachable = alerter.productRestocked(kettle)
    #expect(
      unreachable == ["tok-b"],
      "The test made only tok-b unreachable, but RestockAlerter reported \(unreachable). SpyPushSender should throw PushFailed(deviceToken:) for the tokens in `unreachable`, and succeed for all others.")
    #expect(
      waitlist.deviceTokens(waitingFor: "p-1") == ["tok-b"],
      "Only tok-b should be left on the waitlist, for the next restock; it holds \(waitlist.deviceTokens(waitingFor: "p-1")).")
    #expect(
      spy.sent.map(\.deviceToken) == ["tok-a", "tok-b", "tok-c"],
      "A spy records every call, including the ones it answers with an error: expected pushes to tok-a, tok-b and tok-c, recorded \(spy.sent.map(\.deviceToken)).")
  }

  @Test func aDeviceLeftOnTheListIsPushedAgainAtTheNextRestock() {
    // A list in no particular order, and a device that stays unreachable for two restocks.
    let waitlist = InMemoryWaitlist(["p-1": ["tok-c", "tok-a", "tok-b"]])
    spy.unreachable = ["tok-b"]
    let alerter = RestockAlerter(waitlist: waitlist, sender: spy)
    alerter.productRestocked(kettle)
    alerter.productRestocked(kettle)
    #expect(
      spy.sent.map(\.deviceToken) == ["tok-c", "tok-a", "tok-b", "tok-b"],
      "Two restocks push to tok-c, tok-a and tok-b, then to tok-b again (still on the list), so `sent` should hold four pushes in that order; it holds \(spy.sent.map(\.deviceToken)). A spy keeps every call, in the order it came, repeats included: append each Push to the array, nothing else (no dictionary, no check for duplicates, no sorting).")
  }

  @Test func anUnreachableDeviceThrowsPushFailedNamingThatDevice() {
    spy.unreachable = ["tok-b"]
    #expect(
      throws: PushFailed(deviceToken: "tok-b"),
      "For a token in `unreachable`, send(_:to:) should throw PushFailed(deviceToken:) naming that token: the error a PushSender throws for a device it cannot reach. RestockAlerter catches any error, so only a check of the spy itself sees another type, or another token, in its place."
    ) {
      try spy.send("Blue Kettle is back in stock!", to: "tok-b")
    }
    #expect(
      throws: Never.self,
      "tok-a is not in `unreachable`, so sending to it should succeed."
    ) {
      try spy.send("Blue Kettle is back in stock!", to: "tok-a")
    }
  }

  @Test func theSpyNeverTouchesTheLiveSender() {
    // Tokens of this test only: the other tests run at the same time.
    let waitlist = InMemoryWaitlist(["p-2": ["tok-x", "tok-y"]])
    let spy = SpyPushSender()
    spy.unreachable = ["tok-y"]
    RestockAlerter(waitlist: waitlist, sender: spy).productRestocked(Product(id: "p-2", name: "Red Kettle"))
    let reached = LivePushSender.attempts.withLock { $0.filter { ["tok-x", "tok-y"].contains($0) } }
    #expect(
      reached.isEmpty,
      "SpyPushSender passed the pushes for \(reached) on to LivePushSender, the real push service (this exercise's sandbox refused them and logged the attempt). `try?` hides the error, not the call: run in the app, every test would notify real customers. A double answers by itself: delete `live` and every call to it.")
  }
}
