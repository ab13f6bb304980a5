/// Builds a member's session at login. The app creates one factory at start-up, with the live
/// back office and clock, and calls makeSession(for:) every time someone logs in.
struct SessionFactory {
  let api: any PharmacyAPI
  let clock: any Clock

  func makeSession(for member: Member) -> MemberSession {
    MemberSession(
      member: member,
      basket: Basket(ownerID: member.id),
      refills: Refills(memberID: member.id, api: LivePharmacyAPI()),
      startedAt: clock.now)
  }
}
