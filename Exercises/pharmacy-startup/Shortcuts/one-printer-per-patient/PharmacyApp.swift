final class PharmacyApp {
  private let store: any PrescriptionStore
  private let makeLabelPrinter: () -> any LabelPrinter
  private let makeInteractionChecker: () -> any InteractionChecker
  private var printers: [String: any LabelPrinter] = [:]
  private var checkers: [String: any InteractionChecker] = [:]

  init(store: any PrescriptionStore, makeLabelPrinter: @escaping () -> any LabelPrinter,
       makeInteractionChecker: @escaping () -> any InteractionChecker) {
    self.store = store
    self.makeLabelPrinter = makeLabelPrinter
    self.makeInteractionChecker = makeInteractionChecker
  }


  func refillList(for patient: String) -> [String] {
    store.prescriptions(for: patient).filter { $0.refillsLeft > 0 }.map(\.drug)
  }

  func printLabels(for patient: String) -> [String] {
    let printer = printers[patient] ?? makeLabelPrinter()
    printers[patient] = printer
    return store.prescriptions(for: patient).map { printer.label(for: $0, patient: patient) }
  }

  func interactionWarnings(for patient: String) -> [String] {
    let checker = checkers[patient] ?? makeInteractionChecker()
    checkers[patient] = checker
    return checker.warnings(for: store.prescriptions(for: patient).map(\.drug))
  }
}
