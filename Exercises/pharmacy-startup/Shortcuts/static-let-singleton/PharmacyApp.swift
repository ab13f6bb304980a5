/// The pharmacy app, as the composition root builds it at launch.
///
/// Most launches only show the refill list. Labels are printed a few times a day, and the
/// interaction check runs when a pharmacist asks for it.
final class PharmacyApp {
  private static let labelPrinter = PDFLabelPrinter()
  private static let interactions = SQLiteInteractionChecker()

  private let store: any PrescriptionStore

  init(
    store: any PrescriptionStore,
    makeLabelPrinter: @escaping () -> any LabelPrinter,
    makeInteractionChecker: @escaping () -> any InteractionChecker
  ) {
    self.store = store
  }

  /// The drugs the patient can still refill.
  func refillList(for patient: String) -> [String] {
    store.prescriptions(for: patient).filter { $0.refillsLeft > 0 }.map(\.drug)
  }

  /// One label per prescription.
  func printLabels(for patient: String) -> [String] {
    store.prescriptions(for: patient).map { Self.labelPrinter.label(for: $0, patient: patient) }
  }

  /// Warnings about the patient's drugs taken together.
  func interactionWarnings(for patient: String) -> [String] {
    Self.interactions.warnings(for: store.prescriptions(for: patient).map(\.drug))
  }
}
