import Pharmacy
import Testing

final class SMSSpy: SMSGateway {
  private(set) var texts: [String] = []
  func text(_ message: String, to phone: String) { texts.append("\(phone): \(message)") }
}

@Suite struct PharmacyWiringChecks {
  let container = Container()

  init() {
    PharmacyAssembly.register(in: container)
  }

  @Test func everyServiceCanBeBuilt() {
    let problems = container.validate()
    #expect(problems.isEmpty, "The wiring has problems:\n\(problems.joined(separator: "\n"))")
  }

  @Test func bothScreensWriteToOneAuditTrail() throws {
    // Marking a prescription filled texts the patient: through a spy, never the live service.
    container.register(SMSGateway.self) { _ in SMSSpy() }
    let desk = try container.resolve(RefillDesk.self)
    let nightShift = try container.resolve(NightShiftScreen.self)
    desk.markFilled("RX-88")
    #expect(nightShift.audit.entries == ["filled RX-88"], "The night shift should see what the desk recorded.")
  }

  @Test func pickupTextsGoThroughTheRegisteredGateway() throws {
    let spy = SMSSpy()
    container.register(SMSGateway.self) { _ in spy }
    try container.resolve(RefillDesk.self).markFilled("RX-88")
    #expect(spy.texts == ["555-0142: Prescription RX-88 is ready for pickup."])
  }
}
