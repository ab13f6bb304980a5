import Pharmacy
import Testing

final class SMSSpy: SMSGateway {
  private(set) var texts: [String] = []
  func text(_ message: String, to phone: String) { texts.append("\(phone): \(message)") }
}

func appContainer() -> Container {
  let container = Container()
  PharmacyAssembly.register(in: container)
  return container
}

@Suite struct PharmacyWiringChecks {
  @Test func theWiringValidates() {
    let problems = appContainer().validate()
    #expect(problems.isEmpty, "\(problems)")
  }

  @Test func pickupTextGoesThroughTheContainersGateway() throws {
    let container = appContainer()
    let spy = SMSSpy()
    container.register(SMSGateway.self) { _ in spy }
    try container.resolve(RefillDesk.self).markFilled("RX-88")
    #expect(spy.texts == ["555-0142: Prescription RX-88 is ready for pickup."])
  }

  @Test func theAuditTrailIsShared() throws {
    let container = appContainer()
    #expect(try container.resolve(AuditTrail.self) === container.resolve(AuditTrail.self))
  }
}
