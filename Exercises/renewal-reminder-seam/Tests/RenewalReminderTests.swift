import Foundation
import Testing

@testable import RenewalReminderSeam

/// Keeps every push instead of sending it.
///
/// It is a class with a lock and `@unchecked Sendable`, and the protocol extension below gives
/// the singleton's other methods a body, only so that this file compiles however `PushSending`
/// is declared; `pushSendingAsksForSendAndNothingElse` then says what it asks for too many.
final class PushSpy: PushSending, @unchecked Sendable {
  private let lock = NSLock()
  private var kept: [String] = []

  var pushes: [String] { lock.withLock { kept } }

  func send(_ text: String, to member: String) {
    lock.withLock { kept.append("\(member): \(text)") }
  }
}

/// Has every method of the singleton, to see which of them `PushSending` asks for: a call
/// through `any PushSending` reaches the probe's own method only when the protocol requires it.
final class SurfaceProbe: PushSending, @unchecked Sendable {
  private let lock = NSLock()
  private var kept: [String] = []

  var reached: [String] { lock.withLock { kept } }

  func send(_ text: String, to member: String) {}
  func register(deviceToken: String, for member: String) { lock.withLock { kept.append("register(deviceToken:for:)") } }
  func unregister(member: String) { lock.withLock { kept.append("unregister(member:)") } }
  func setBadge(_ count: Int, for member: String) { lock.withLock { kept.append("setBadge(_:for:)") } }
}

extension PushSending {
  // Bodies for the singleton's other methods, so that the doubles above compile even when
  // PushSending asks for them. A PushSending that asks only for `send` needs none of these.
  func register(deviceToken: String, for member: String) {}
  func unregister(member: String) {}
  func setBadge(_ count: Int, for member: String) {}
}

/// Whether values of type `T` are `Sendable` (chosen by the compiler: the second overload is
/// the more specific one).
func isSendable<T>(_: T.Type) -> Bool { false }
func isSendable<T: Sendable>(_: T.Type) -> Bool { true }

/// The live service as a `PushSending`, or nil when `PushService` does not conform.
func asPushSending(_ service: PushService) -> (any PushSending)? {
  service as Any as? any PushSending
}

let monday = Date(timeIntervalSince1970: 1_699_869_600)

/// A member name no other test uses, so the live service's log can be searched for it.
func member(_ name: String) -> String {
  "\(name)-\(UUID().uuidString.prefix(8))@example.com"
}

func loan(_ member: String, _ title: String, dueIn hours: Double) -> Loan {
  Loan(member: member, title: title, due: monday.addingTimeInterval(hours * 3_600))
}

/// What the live services did for these members: every method, not only `send`.
func liveCalls(to members: [String]) -> [PushService.Call] {
  PushService.calls.filter { members.contains($0.member) }
}

func described(_ calls: [PushService.Call]) -> String {
  calls.map { "\($0.method) for \($0.member) on \($0.byShared ? "PushService.shared" : "PushService #\($0.instance)")" }
    .joined(separator: "; ")
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
    let live = liveCalls(to: [ana, bo, cy])
    #expect(
      live.isEmpty,
      "a reminder built with a spy still called the live PushService: \(described(live)). remind must use only the injected service, for every call (send, and no badge or anything else on PushService.shared)")
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
    let live = liveCalls(to: [dan])
    #expect(count == 1, "RenewalReminder() with no arguments must still remind: got \(count)")
    #expect(
      live.count == 1 && live.allSatisfy { $0.byShared && $0.method == "send" },
      "`RenewalReminder()`, the call the app already makes, must keep pushing through PushService.shared, one send per reminder and nothing else: the default of `push` is the singleton itself (not a new PushService, not a do-nothing one). The live services logged: \(live.isEmpty ? "nothing" : described(live))")
  }

  @Test func aPushServiceIsUsedAsGiven() {
    guard asPushSending(PushService.shared) != nil else {
      Issue.record(
        "PushService does not conform to PushSending, so the app cannot hand the live service to RenewalReminder(push:), and a wrapper that forwards to PushService.shared can only ever reach the singleton. Declare the conformance, `extension PushService: PushSending {}`: the singleton already has the method.")
      return
    }
    // The singleton, passed by hand, as the app will once the default is gone.
    let ana = member("ana")
    _ = RenewalReminder(push: asPushSending(PushService.shared)!).remind([loan(ana, "Dune", dueIn: 3)], now: monday)
    let shared = liveCalls(to: [ana])
    #expect(
      shared.count == 1 && shared.allSatisfy { $0.byShared && $0.method == "send" },
      "RenewalReminder(push: PushService.shared) must push once through the singleton it was given; the live services logged: \(shared.isEmpty ? "nothing" : described(shared))")

    // A PushService of its own: every push of that reminder goes through that one instance.
    let bo = member("bo")
    let reminder = RenewalReminder(push: asPushSending(PushService())!)
    _ = reminder.remind([loan(bo, "Emma", dueIn: 3), loan(bo, "Kim", dueIn: 5)], now: monday)
    _ = reminder.remind([loan(bo, "Dune", dueIn: 7)], now: monday)
    let own = liveCalls(to: [bo])
    #expect(
      own.count == 3 && !own.contains(where: \.byShared),
      "RenewalReminder(push: PushService()) was given a PushService of its own, and must push through it, not swap it for PushService.shared: keep whatever service you are given. The live services logged: \(described(own))")
    #expect(
      Set(own.map(\.instance)).count == 1,
      "RenewalReminder(push: PushService()) pushed through \(Set(own.map(\.instance)).count) different PushServices for 3 reminders: the argument was built again for every push (an @autoclosure or a closure that makes it), not kept. Store the service you are given, `let push: any PushSending`, and use that one instance every time")
  }

  @Test func pushSendingAsksForSendAndNothingElse() {
    let probe = SurfaceProbe()
    let seam: any PushSending = probe
    seam.register(deviceToken: "token", for: "probe")
    seam.unregister(member: "probe")
    seam.setBadge(1, for: "probe")
    #expect(
      probe.reached.isEmpty,
      "PushSending asks for \(probe.reached.joined(separator: ", ")) as well as send: every double must now implement the singleton's other methods, and the reminder depends on all of them while it uses one. Declare only what remind calls, `func send(_ text: String, to member: String)`; PushService keeps its other methods for the rest of the app")
    #expect(
      MemoryLayout<any PushSending>.size >= MemoryLayout<Any>.size,
      "PushSending is declared `: AnyObject` (it holds only a class reference), so only a class can conform: a struct double, such as a stub that does nothing, cannot. The reminder needs one method, not an identity: drop `AnyObject`")
    #expect(
      !isSendable((any PushSending).self),
      "PushSending is declared `: Sendable`, so every double must be Sendable too, and a spy that keeps its pushes in a plain `var` no longer compiles. The reminder never hands its service to another task: drop `Sendable` and ask only for send")
  }
}
