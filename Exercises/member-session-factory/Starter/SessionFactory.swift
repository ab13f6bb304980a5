/// Builds a member's session at login. The app creates one factory at start-up, with the live
/// back office and clock, and calls makeSession(for:) every time someone logs in.
final class SessionFactory {
  private let api: any PharmacyAPI
  private let clock: any Clock
  private var session: MemberSession?

  init(api: any PharmacyAPI, clock: any Clock) {
    self.api = api
    self.clock = clock
  }

  func makeSession(for member: Member) -> MemberSession {
    // Built at the first login and kept: every later login is faster.
    if let session {
      return session
    }
    let made = MemberSession(
      member: member,
      basket: Basket(ownerID: member.id),
      refills: Refills(memberID: member.id, api: api),
      startedAt: clock.now)
    session = made
    return made
  }
}
