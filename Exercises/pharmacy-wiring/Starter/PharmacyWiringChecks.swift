import Pharmacy
import Testing

// Tests of the pharmacy's wiring: PharmacyAssembly.register(in:) on a container of the
// test's own. Add tests until each kind of wiring mistake would make one of them fail.

@Suite struct PharmacyWiringChecks {
  @Test func theRefillDeskCanBeBuilt() throws {
    let container = Container()
    PharmacyAssembly.register(in: container)
    _ = try container.resolve(RefillDesk.self)
  }
}
