/// Builds a member's session at login. The app creates one factory at start-up, with the live
/// back office and clock, and calls makeSession(for:) every time someone logs in.
final class SessionFactory {
  private let api: any PharmacyAPI
  private let clock: any Clock
  private var sessions: [String: MemberSession] = [:]

  init(api: any PharmacyAPI, clock: any Clock) {
    self.api = api
    self.clock = clock
  }

  func makeSession(for member: Member) -> MemberSession {
    // One session per member, kept: Grace no longer gets Ada's, and logging in again is faster.
    if let session = sessions[member.id] {
      return session
    }
    let made = MemberSession(
      member: member,
      basket: Basket(ownerID: member.id),
      refills: Refills(memberID: member.id, api: api),
      startedAt: clock.now)
    sessions[member.id] = made
    return made
  }
}
