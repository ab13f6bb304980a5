import Foundation
import Testing

@testable import RenewalReminderSeam

/// Keeps every push instead of sending it.
final class PushSpy: PushSending {
  private(set) var pushes: [String] = []

  func send(_ text: String, to member: String) {
    pushes.append("\(member): \(text)")
  }
}

let monday = Date(timeIntervalSince1970: 1_699_869_600)

/// A member name no other test uses, so the live service's log can be searched for it.
func member(_ name: String) -> String {
  "\(name)-\(UUID().uuidString.prefix(8))@example.com"
}

func loan(_ member: String, _ title: String, dueIn hours: Double) -> Loan {
  Loan(member: member, title: title, due: monday.addingTimeInterval(hours * 3_600))
}

func livePushes(to members: [String]) -> [PushService.Delivery] {
  PushService.deliveries.filter { members.contains($0.member) }
}

@Suite struct RenewalReminderTests {
  @Test func pushesThroughTheInjectedService() {
    let spy = PushSpy()
    let ana = member("ana"), bo = member("bo"), cy = member("cy")
    let count = RenewalReminder(push: spy).remind(
      [loan(ana, "Dune", dueIn: 47), loan(bo, "Emma", dueIn: 72), loan(cy, "Kim", dueIn: 1)], now: monday)
    #expect(
      spy.pushes == ["\(ana): \"Dune\" is due soon. Renew it in the app.", "\(cy): \"Kim\" is due soon. Renew it in the app."],
      "RenewalReminder(push:) must send every reminder through the PushSending it was given, in the loans' order; the spy got \(spy.pushes)")
    #expect(count == 2, "two loans are due within two days: remind returns 2, got \(count)")
    #expect(
      livePushes(to: [ana, bo, cy]).isEmpty,
      "a reminder built with a spy also pushed through the live PushService: \(livePushes(to: [ana, bo, cy]).map(\.member)). Use only the injected service, never PushService.shared inside remind")
  }

  @Test func eachReminderKeepsItsOwnService() {
    let first = PushSpy(), second = PushSpy()
    let ana = member("ana"), bo = member("bo")
    let a = RenewalReminder(push: first)
    let b = RenewalReminder(push: second)
    _ = a.remind([loan(ana, "Dune", dueIn: 5)], now: monday)
    _ = b.remind([loan(bo, "Emma", dueIn: 5)], now: monday)
    #expect(
      first.pushes.count == 1 && second.pushes.count == 1,
      "two reminders, each with its own spy: each spy must get its own reminder (got \(first.pushes.count) and \(second.pushes.count)). Keep the service in the instance, not in a static or a global")
  }

  @Test func theBoundariesAreKept() {
    let spy = PushSpy()
    let m = member("ana")
    let count = RenewalReminder(push: spy).remind(
      [loan(m, "Late", dueIn: -1), loan(m, "Now", dueIn: 0), loan(m, "Edge", dueIn: 48), loan(m, "Far", dueIn: 48.01)],
      now: monday)
    #expect(count == 2 && spy.pushes.count == 2, "due now and due in exactly 48 hours get a push; overdue and later do not: got \(spy.pushes)")
  }

  @Test func theOldCallSiteStillUsesTheSharedService() {
    let dan = member("dan")
    let count = RenewalReminder().remind([loan(dan, "Dune", dueIn: 3)], now: monday)
    let live = livePushes(to: [dan])
    #expect(count == 1, "RenewalReminder() with no arguments must still remind: got \(count)")
    #expect(
      live.count == 1 && live.allSatisfy(\.byShared),
      "`RenewalReminder()`, the call the app already makes, must keep pushing through PushService.shared: the default of `push` is the singleton itself (not a new PushService, not a do-nothing one). The live service logged \(live)")
  }
}
