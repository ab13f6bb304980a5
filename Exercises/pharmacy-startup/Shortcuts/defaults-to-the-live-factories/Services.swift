// The services the app uses. You do not need to change this file.

/// One drug on a patient's file.
struct Prescription: Equatable {
  let drug: String
  let refillsLeft: Int
}

/// The patient's prescriptions. Cheap to build, and every launch needs it.
protocol PrescriptionStore {
  func prescriptions(for patient: String) -> [Prescription]
}

/// Renders bottle labels. Expensive to build: it loads fonts and a barcode engine.
protocol LabelPrinter {
  func label(for prescription: Prescription, patient: String) -> String
}

/// Warns about drugs that must not be taken together. Expensive to build: it opens a 40 MB
/// database.
protocol InteractionChecker {
  func warnings(for drugs: [String]) -> [String]
}

/// The real label printer, for the composition root. Building one takes about 300 ms.
struct PDFLabelPrinter: LabelPrinter {
  init() {
    print("LIVE: loading label fonts and the barcode engine")
  }

  func label(for prescription: Prescription, patient: String) -> String {
    "PDF label: \(prescription.drug) for \(patient)"
  }
}

/// The real interaction checker, for the composition root. Building one takes about 800 ms.
struct SQLiteInteractionChecker: InteractionChecker {
  init() {
    print("LIVE: opening interactions.sqlite")
  }

  func warnings(for drugs: [String]) -> [String] {
    []
  }
}
