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
  @Test func theScreensCanBeBuilt() throws {
    let container = appContainer()
    container.register(SMSGateway.self) { _ in SMSSpy() }
    _ = try container.resolve(RefillDesk.self)
    _ = try container.resolve(NightShiftScreen.self)
  }
  @Test func oneAuditTrailForTheApp() throws {
    let container = appContainer()
    let spy = SMSSpy()
    container.register(SMSGateway.self) { _ in spy }
    let desk = try container.resolve(RefillDesk.self)
    let screen = try container.resolve(NightShiftScreen.self)
    desk.markFilled("RX-88")
    #expect(screen.audit.entries == ["filled RX-88"])
  }

  @Test func pickupTextGoesThroughTheContainersGateway() throws {
    let container = appContainer()
    let spy = SMSSpy()
    container.register(SMSGateway.self) { _ in spy }
    try container.resolve(RefillDesk.self).markFilled("RX-88")
    #expect(spy.texts == ["555-0142: Prescription RX-88 is ready for pickup."])
  }

}
