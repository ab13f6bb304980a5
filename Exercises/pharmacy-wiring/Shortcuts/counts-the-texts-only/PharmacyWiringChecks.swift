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

  @Test func oneAuditTrail() throws {
    let container = appContainer()
    container.register(SMSGateway.self) { _ in SMSSpy() }
    let desk = try container.resolve(RefillDesk.self)
    let screen = try container.resolve(NightShiftScreen.self)
    desk.markFilled("RX-88")
    #expect(!screen.audit.entries.isEmpty)
  }

  @Test func pickupTextGoesThroughTheGateway() throws {
    let container = appContainer()
    let spy = SMSSpy()
    container.register(SMSGateway.self) { _ in spy }
    try container.resolve(RefillDesk.self).markFilled("RX-88")
    #expect(spy.texts.count == 1)
  }
}
