import Pharmacy
import Testing

@Suite struct PharmacyWiringChecks {
  @Test func everyServiceCanBeBuilt() {
    let container = Container()
    PharmacyAssembly.register(in: container)
    let problems = container.validate()
    #expect(problems.isEmpty, "The wiring has problems:\n\(problems.joined(separator: "\n"))")
  }
}
