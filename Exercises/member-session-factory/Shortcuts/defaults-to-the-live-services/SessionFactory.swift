/// Builds a member's session at login. The app creates one factory at start-up, with the live
/// back office and clock, and calls makeSession(for:) every time someone logs in.
struct SessionFactory {
  let api: any PharmacyAPI
  let clock: any Clock

  /// The app always uses the live back office and the system clock, so they are the defaults.
  init(api: any PharmacyAPI = LivePharmacyAPI(), clock: any Clock = SystemClock()) {
    self.api = api
    self.clock = clock
  }

  func makeSession(for member: Member) -> MemberSession {
    MemberSession(
      member: member,
      basket: Basket(ownerID: member.id),
      refills: Refills(memberID: member.id, api: api),
      startedAt: clock.now)
  }
}
