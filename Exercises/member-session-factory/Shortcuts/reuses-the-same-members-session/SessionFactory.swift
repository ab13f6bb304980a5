/// Builds a member's session at login. The app creates one factory at start-up, with the live
/// back office and clock, and calls makeSession(for:) every time someone logs in.
final class SessionFactory {
  private let api: any PharmacyAPI
  private let clock: any Clock
  private var last: MemberSession?

  init(api: any PharmacyAPI, clock: any Clock) {
    self.api = api
    self.clock = clock
  }

  func makeSession(for member: Member) -> MemberSession {
    // Reuse the kept session only when the same member logs in again.
    if let last, last.member == member {
      return last
    }
    let made = MemberSession(
      member: member,
      basket: Basket(ownerID: member.id),
      refills: Refills(memberID: member.id, api: api),
      startedAt: clock.now)
    last = made
    return made
  }
}
