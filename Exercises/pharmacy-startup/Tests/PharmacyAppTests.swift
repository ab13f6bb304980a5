import Testing

@testable import PharmacyStartup

struct StubStore: PrescriptionStore {
  func prescriptions(for patient: String) -> [Prescription] {
    [Prescription(drug: "warfarin", refillsLeft: 2), Prescription(drug: "aspirin", refillsLeft: 0)]
  }
}

struct StubLabelPrinter: LabelPrinter {
  let serial: Int

  func label(for prescription: Prescription, patient: String) -> String {
    "label \(serial): \(prescription.drug) for \(patient)"
  }
}

struct StubInteractionChecker: InteractionChecker {
  func warnings(for drugs: [String]) -> [String] {
    drugs.contains("warfarin") && drugs.contains("aspirin") ? ["warfarin + aspirin: bleeding risk"] : []
  }
}

/// The factories the tests hand to `PharmacyApp`: they build stubs, and count every build.
final class CountingFactories {
  private(set) var labelPrinters = 0
  private(set) var interactionCheckers = 0

  func makeApp() -> PharmacyApp {
    PharmacyApp(
      store: StubStore(),
      makeLabelPrinter: {
        self.labelPrinters += 1
        return StubLabelPrinter(serial: self.labelPrinters)
      },
      makeInteractionChecker: {
        self.interactionCheckers += 1
        return StubInteractionChecker()
      })
  }
}

/// `PharmacyApp(store:)` and the two calls that leave one factory out. If the app's init gives
/// a factory a default value, Swift calls that init. If it has none, the call lands here, in the
/// test's own stand-in, which stops the program: the right outcome, checked in a child process.
protocol BuiltWithoutFactories {}
extension PharmacyApp: BuiltWithoutFactories {}
extension BuiltWithoutFactories {
  init(store: any PrescriptionStore, _ noFactoriesGiven: Void = ()) {
    fatalError("PharmacyApp(store:) found no init of the app's own to call: right, it needs its factories")
  }

  init(store: any PrescriptionStore, makeLabelPrinter: @escaping () -> any LabelPrinter, _ noCheckerGiven: Void = ()) {
    fatalError("PharmacyApp(store:makeLabelPrinter:) found no init of the app's own to call: right")
  }

  init(
    store: any PrescriptionStore, makeInteractionChecker: @escaping () -> any InteractionChecker, _ noPrinterGiven: Void = ()
  ) {
    fatalError("PharmacyApp(store:makeInteractionChecker:) found no init of the app's own to call: right")
  }
}

@Suite struct PharmacyAppTests {
  let factories = CountingFactories()

  @Test func launchingBuildsNeitherExpensiveService() {
    _ = factories.makeApp()
    #expect(
      factories.labelPrinters == 0,
      "Launching the app built \(factories.labelPrinters) label printer(s). Nobody has printed yet: keep makeLabelPrinter in init, and call it the first time a label is printed.")
    #expect(
      factories.interactionCheckers == 0,
      "Launching the app built \(factories.interactionCheckers) interaction checker(s). Nobody has asked for a check yet: keep makeInteractionChecker, and call it on the first check.")
  }

  @Test func theRefillListNeedsNeitherService() {
    let app = factories.makeApp()
    let refills = app.refillList(for: "Ada")
    #expect(refills == ["warfarin"], "The refill list should hold the drugs with refills left.")
    #expect(
      factories.labelPrinters + factories.interactionCheckers == 0,
      "Showing the refill list built \(factories.labelPrinters) label printer(s) and \(factories.interactionCheckers) interaction checker(s); it uses neither.")
  }

  @Test func printingBuildsOneLabelPrinterAndKeepsIt() {
    let app = factories.makeApp()
    let morning = app.printLabels(for: "Ada")
    let evening = app.printLabels(for: "Ada")
    #expect(
      factories.labelPrinters == 1,
      "Printing twice built \(factories.labelPrinters) label printers. Build it on the first print and keep it: it takes 300 ms to build.")
    #expect(
      morning == ["label 1: warfarin for Ada", "label 1: aspirin for Ada"] && evening == morning,
      "Both prints should come from the one printer built by the injected makeLabelPrinter; they were \(morning) and \(evening).")
    #expect(
      factories.interactionCheckers == 0,
      "Printing labels built \(factories.interactionCheckers) interaction checker(s); printing does not use one.")
  }

  @Test func checkingBuildsOneInteractionCheckerAndKeepsIt() {
    let app = factories.makeApp()
    let first = app.interactionWarnings(for: "Ada")
    _ = app.interactionWarnings(for: "Ada")
    #expect(
      factories.interactionCheckers == 1,
      "Two checks built \(factories.interactionCheckers) interaction checkers. Open it on the first check and keep it: it takes 800 ms to open.")
    #expect(
      first == ["warfarin + aspirin: bleeding risk"],
      "The warnings should come from the injected checker; they were \(first).")
    #expect(
      factories.labelPrinters == 0,
      "Checking interactions built \(factories.labelPrinters) label printer(s); checking does not use one.")
  }

  @Test func oneOfEachServesEveryPatient() {
    let app = factories.makeApp()
    _ = app.printLabels(for: "Ada")
    let ben = app.printLabels(for: "Ben")
    _ = app.interactionWarnings(for: "Ada")
    _ = app.interactionWarnings(for: "Ben")
    #expect(
      factories.labelPrinters == 1,
      "Printing for Ada and then for Ben built \(factories.labelPrinters) label printers. The printer does not belong to a patient: the app builds one on its first print, for whoever it is, and keeps it for every print after.")
    #expect(
      ben == ["label 1: warfarin for Ben", "label 1: aspirin for Ben"],
      "Ben's labels should come from the one printer the app already built; they were \(ben).")
    #expect(
      factories.interactionCheckers == 1,
      "Checking Ada and then Ben opened \(factories.interactionCheckers) interaction checkers. One checker serves every patient: open it on the first check and keep it.")
  }

  @Test func eachAppBuildsItsOwnServices() {
    let other = CountingFactories()
    let first = factories.makeApp()
    let second = other.makeApp()
    _ = first.printLabels(for: "Ada")
    _ = second.printLabels(for: "Ada")
    #expect(
      factories.labelPrinters == 1 && other.labelPrinters == 1,
      "Two apps, each with its own factory, should each build one label printer on their first print; the factories ran \(factories.labelPrinters) and \(other.labelPrinters) times. A printer kept in a static or a global is shared by every app, and a test cannot replace it.")
  }

  // Each runs in a child process: with no default factory, the test's own stand-in init runs,
  // and it stops the child.
  @Test func theFactoriesHaveNoDefault() async {
    await #expect(
      processExitsWith: .failure,
      "`PharmacyApp(store:)` built an app without being given its factories: the app's init has default values for them. A test or a preview that forgets one then builds the live PDFLabelPrinter or SQLiteInteractionChecker without a word (lesson 2's default-argument trap). Take both factories without a default; the composition root passes the live ones itself."
    ) {
      _ = PharmacyApp(store: StubStore())
    }
    await #expect(
      processExitsWith: .failure,
      "`PharmacyApp(store:makeLabelPrinter:)` built an app without an interaction-checker factory: that factory has a default value. Take it without one."
    ) {
      _ = PharmacyApp(store: StubStore(), makeLabelPrinter: { StubLabelPrinter(serial: 1) })
    }
    await #expect(
      processExitsWith: .failure,
      "`PharmacyApp(store:makeInteractionChecker:)` built an app without a label-printer factory: that factory has a default value. Take it without one."
    ) {
      _ = PharmacyApp(store: StubStore(), makeInteractionChecker: { StubInteractionChecker() })
    }
  }
}
