final class PharmacyApp {
  private let store: any PrescriptionStore
  private let makeLabelPrinter: () -> any LabelPrinter
  private let makeInteractionChecker: () -> any InteractionChecker
  private lazy var labelPrinter = makeLabelPrinter()
  private lazy var interactions = makeInteractionChecker()

  init(store: any PrescriptionStore,
       makeLabelPrinter: @escaping () -> any LabelPrinter = { PDFLabelPrinter() },
       makeInteractionChecker: @escaping () -> any InteractionChecker = { SQLiteInteractionChecker() }) {
    self.store = store
    self.makeLabelPrinter = makeLabelPrinter
    self.makeInteractionChecker = makeInteractionChecker
  }

  func refillList(for patient: String) -> [String] {
    store.prescriptions(for: patient).filter { $0.refillsLeft > 0 }.map(\.drug)
  }

  func printLabels(for patient: String) -> [String] {
    store.prescriptions(for: patient).map { labelPrinter.label(for: $0, patient: patient) }
  }

  func interactionWarnings(for patient: String) -> [String] {
    interactions.warnings(for: store.prescriptions(for: patient).map(\.drug))
  }
}
