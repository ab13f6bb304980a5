// The pharmacy app: its services, and the one place that wires them.

import Testing

public protocol SMSGateway: AnyObject {
  func text(_ message: String, to phone: String)
}

/// The real text-message service. In this exercise it only keeps what it would have sent, and
/// a test that makes it send fails: in the app, that text goes to a patient's phone.
public final class LiveSMS: SMSGateway {
  public private(set) var sent: [String] = []
  public init() {}

  public func text(_ message: String, to phone: String) {
    sent.append("\(phone): \(message)")
    Issue.record(
      "This test texted \(phone) through LiveSMS, the live service: in the app that is a patient's phone, and no test may reach it, even to count what it sent. Register a spy for SMSGateway in the test's container (after PharmacyAssembly.register(in:)) before anything sends, and count what the spy got.")
  }
}

public protocol PrescriptionStore {
  func phone(forPrescription id: String) -> String
}

public struct PharmacyDatabase: PrescriptionStore, Sendable {
  public init() {}

  public func phone(forPrescription id: String) -> String { "555-0142" }
}

/// The training build's store: made-up patients, and every phone is the training desk's own.
public struct TrainingDatabase: PrescriptionStore, Sendable {
  public init() {}

  public func phone(forPrescription id: String) -> String { "555-0100" }
}

/// Who did what, for the regulator: one trail for the whole app.
public final class AuditTrail {
  public private(set) var entries: [String] = []
  public init() {}

  public func record(_ entry: String) { entries.append(entry) }
}

public final class PickupNotifier {
  private let sms: any SMSGateway
  public init(sms: any SMSGateway) { self.sms = sms }

  public func ready(_ id: String, phone: String) {
    sms.text("Prescription \(id) is ready for pickup.", to: phone)
  }
}

public final class RefillDesk {
  private let store: any PrescriptionStore
  private let notifier: PickupNotifier
  public let audit: AuditTrail

  public init(store: any PrescriptionStore, notifier: PickupNotifier, audit: AuditTrail) {
    self.store = store
    self.notifier = notifier
    self.audit = audit
  }

  public func markFilled(_ id: String) {
    notifier.ready(id, phone: store.phone(forPrescription: id))
    audit.record("filled \(id)")
  }
}

public struct LabelStock: Sendable {
  public let rolls: Int

  public init(rolls: Int) {
    self.rolls = rolls
  }
}

public struct LabelPrinter: Sendable {
  public let stock: LabelStock

  public init(stock: LabelStock) {
    self.stock = stock
  }
}

public final class ShiftRota {
  public let pharmacistOnDuty: String
  public init(pharmacistOnDuty: String) { self.pharmacistOnDuty = pharmacistOnDuty }
}

public final class Pharmacist {
  public let name: String
  public init(rota: ShiftRota) { name = rota.pharmacistOnDuty }
}

/// The screen the night pharmacist works from: labels, and the day's audit trail.
public final class NightShiftScreen {
  public let printer: LabelPrinter
  public let pharmacist: Pharmacist
  public let audit: AuditTrail

  public init(printer: LabelPrinter, pharmacist: Pharmacist, audit: AuditTrail) {
    self.printer = printer
    self.pharmacist = pharmacist
    self.audit = audit
  }
}

/// Hands prescriptions to the courier for home delivery.
public final class CourierService {
  public let depot: String
  public init(depot: String) { self.depot = depot }
}

/// The screen the delivery desk works from: which courier takes which prescription.
public final class DeliveryScreen {
  public let courier: CourierService
  public let store: any PrescriptionStore

  public init(courier: CourierService, store: any PrescriptionStore) {
    self.courier = courier
    self.store = store
  }
}

public enum PharmacyAssembly: Sendable {
  /// Registers every service of the app. The app calls this once at start-up; a test can call
  /// it on a container of its own and replace a registration afterwards.
  public static func register(in container: Container) {
    container.register(SMSGateway.self, .singleton) { _ in LiveSMS() }
    container.register(PrescriptionStore.self) { _ in PharmacyDatabase() }
    container.register(AuditTrail.self, .singleton) { _ in AuditTrail() }
    container.register(PickupNotifier.self) { PickupNotifier(sms: try $0.resolve()) }
    container.register(RefillDesk.self) {
      RefillDesk(store: try $0.resolve(), notifier: try $0.resolve(), audit: try $0.resolve())
    }
    container.register(LabelStock.self) { _ in LabelStock(rolls: 12) }
    container.register(LabelPrinter.self) { LabelPrinter(stock: try $0.resolve()) }
    container.register(ShiftRota.self, .singleton) { _ in ShiftRota(pharmacistOnDuty: "Ada") }
    container.register(Pharmacist.self) { Pharmacist(rota: try $0.resolve()) }
    container.register(NightShiftScreen.self) {
      NightShiftScreen(printer: try $0.resolve(), pharmacist: try $0.resolve(), audit: try $0.resolve())
    }
    container.register(DeliveryScreen.self) {
      DeliveryScreen(courier: try $0.resolve(), store: try $0.resolve())
    }
  }
}
