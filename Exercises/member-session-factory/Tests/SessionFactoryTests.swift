import Foundation
import Testing

@testable import MemberSessionFactory

/// A clock that stands still until the test moves it.
final class SettableClock: Clock {
  var now: Date

  init(_ seconds: TimeInterval) {
    now = Date(timeIntervalSince1970: seconds)
  }
}

/// Records every refill request, with the member it was for.
final class PharmacySpy: PharmacyAPI {
  private(set) var requests: [String] = []

  func requestRefill(_ prescription: String, forMember memberID: String) {
    requests.append("\(prescription) for \(memberID)")
  }
}

/// The clock and back office that the initialisers below give a factory, so a test can tell them
/// from anything the factory would have built itself.
struct ClockGivenByTheTests: Clock {
  var now: Date { Date(timeIntervalSince1970: 42) }
}

final class BackOfficeGivenByTheTests: PharmacyAPI {
  private(set) var requests: [String] = []
  func requestRefill(_ prescription: String, forMember memberID: String) {
    requests.append("\(prescription) for \(memberID)")
  }
}

@Suite struct SessionFactoryTests {
  let ada = Member(id: "m-1", name: "Ada")
  let grace = Member(id: "m-2", name: "Grace")
  let api = PharmacySpy()
  let clock = SettableClock(1_709_539_200)  // 2024-03-04, 08:00 UTC: the app starts

  var factory: SessionFactory {
    SessionFactory(api: api, clock: clock)
  }

  @Test func eachLoginGetsASessionForThatMember() {
    let factory = self.factory
    let first = factory.makeSession(for: ada)
    let second = factory.makeSession(for: grace)
    #expect(
      second.member == grace,
      "Grace logged in after Ada, but her session belongs to \(second.member.name). makeSession(for:) must build a new session for the member it is given, every time, not hand back one it made earlier.")
    #expect(
      [first.basket.ownerID, second.basket.ownerID] == ["m-1", "m-2"]
        && [first.refills.memberID, second.refills.memberID] == ["m-1", "m-2"],
      "Each session's basket and refills should belong to its own member: expected m-1 then m-2, found baskets \(first.basket.ownerID), \(second.basket.ownerID) and refills \(first.refills.memberID), \(second.refills.memberID).")
  }

  @Test func everyLoginStartsWithAnEmptyBasketOfItsOwn() {
    let factory = self.factory
    let adasFirst = factory.makeSession(for: ada)
    adasFirst.basket.add("sunscreen")
    let graces = factory.makeSession(for: grace)
    #expect(
      graces.basket.items.isEmpty,
      "Grace's new session opened with \(graces.basket.items) in its basket: Ada's items. Every session needs a Basket of its own, made in makeSession(for:).")
    let adasSecond = factory.makeSession(for: ada)
    #expect(
      adasSecond.basket !== adasFirst.basket && adasSecond.basket.items.isEmpty,
      "Ada logged out and in again, and got her old basket back, holding \(adasSecond.basket.items). Prescription items must be confirmed again at every login, so each login gets a new, empty basket: a factory makes, it does not remember.")
  }

  @Test func aSessionStartsWhenItsMemberLogsIn() {
    let factory = self.factory
    let nine = Date(timeIntervalSince1970: 1_709_542_800)
    let ten = Date(timeIntervalSince1970: 1_709_546_400)
    clock.now = nine
    let adas = factory.makeSession(for: ada)
    clock.now = ten
    let graces = factory.makeSession(for: grace)
    #expect(
      adas.startedAt == nine,
      "Ada logged in at \(nine), an hour after the factory was made, but her session says it started at \(adas.startedAt). Read the injected clock in makeSession(for:), at the login, not earlier.")
    #expect(
      graces.startedAt == ten,
      "Grace logged in an hour after Ada, at \(ten), but her session says it started at \(graces.startedAt), so it would expire at the wrong time. The time of a login is a runtime value: read it when the session is made.")
  }

  @Test func refillsGoThroughTheInjectedBackOfficeForTheirMember() {
    let factory = self.factory
    factory.makeSession(for: ada).refills.request("inhaler")
    factory.makeSession(for: grace).refills.request("insulin")
    let why =
      api.requests.isEmpty
      ? "No refill reached the back office the factory was given. Build each session's Refills(memberID:api:) with the factory's own api, not a live one."
      : "Each refill should reach the back office for the member who asked: Ada's inhaler for m-1, Grace's insulin for m-2. The spy saw \(api.requests)."
    #expect(api.requests == ["inhaler for m-1", "insulin for m-2"], "\(why)")
  }

  @Test func aMemberWhoLogsInAgainGetsANewSession() {
    let factory = self.factory
    let first = factory.makeSession(for: ada)
    first.basket.add("sunscreen")
    let nineThirty = Date(timeIntervalSince1970: 1_709_544_600)
    clock.now = nineThirty
    let second = factory.makeSession(for: ada)
    #expect(
      second.basket !== first.basket && second.basket.items.isEmpty,
      "Ada logged out and straight back in, and her new session opened with her old basket, holding \(second.basket.items). Every login is a new session, even the same member's next one: a factory makes, it does not remember.")
    #expect(
      second.startedAt == nineThirty,
      "Ada's second login was at \(nineThirty), but the session says it started at \(second.startedAt): the first login's session came back, and would expire 30 minutes after the wrong login.")
  }

  @Test func theFactoryIsAlwaysGivenItsBackOfficeAndClock() {
    let withoutAClock = SessionFactory(api: BackOfficeGivenByTheTests())
    let withoutABackOffice = SessionFactory(clock: ClockGivenByTheTests())
    let fromNothing = SessionFactory()
    let sessions = [withoutAClock, withoutABackOffice, fromNothing].map { $0.makeSession(for: ada) }
    let live = zip(["SessionFactory(api:)", "SessionFactory(clock:)", "SessionFactory()"], sessions)
      .filter { $1.startedAt != Date(timeIntervalSince1970: 42) || !($1.refills.api is BackOfficeGivenByTheTests) }
      .map { "\($0) sent refills to \(type(of: $1.refills.api)) and started at \($1.startedAt)" }
    #expect(
      live.isEmpty,
      "SessionFactory can be built without its back office or its clock, and then uses live ones: \(live.joined(separator: "; ")). A default value in init (or an init that fills one in) builds the live back office or reads the system clock for whoever forgets an argument, a test included. Take both in init(api:clock:), with no defaults, and let the app's composition root pass the live ones.")
  }
}

/// What the tests need of a factory: init(api:clock:).
protocol MadeFromItsDependencies {
  init(api: any PharmacyAPI, clock: any Clock)
}

extension SessionFactory: MadeFromItsDependencies {}

extension MadeFromItsDependencies {
  // The initialisers that leave something out. The factory's own init(api:clock:) needs both, so
  // a call without one lands here, with the tests' own clock or back office. If the factory's
  // init gives a parameter a default value, or the factory has such an init of its own, the call
  // lands there instead.
  init(api: any PharmacyAPI, clockMustBeGiven: Void = ()) {
    self.init(api: api, clock: ClockGivenByTheTests())
  }

  init(clock: any Clock, backOfficeMustBeGiven: Void = ()) {
    self.init(api: BackOfficeGivenByTheTests(), clock: clock)
  }

  init(bothMustBeGiven: Void = ()) {
    self.init(api: BackOfficeGivenByTheTests(), clock: ClockGivenByTheTests())
  }
}
