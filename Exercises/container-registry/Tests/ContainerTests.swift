import Testing

@testable import ContainerRegistry

// A pharmacy's services, as the tests wire them.
protocol PrescriptionStore {
  var label: String { get }
}
struct PharmacyDatabase: PrescriptionStore { let label = "database" }
struct ArchiveStore: PrescriptionStore { let label = "archive" }

final class Pharmacist {
  let store: any PrescriptionStore
  init(store: any PrescriptionStore) { self.store = store }
}

final class RefillDesk {
  let pharmacist: Pharmacist
  init(pharmacist: Pharmacist) { self.pharmacist = pharmacist }
}

struct RefillScreen {
  let desk: RefillDesk
}

enum Billing {
  struct Receipt { let total: Int }
}

enum Shipping {
  struct Receipt { let parcels: Int }
}

/// Counts the factory's calls, so a test can tell a built service from a remembered one.
final class Calls {
  var count = 0
}

@Suite("Step 1: register and resolve") struct Step1 {
  @Test func resolvesWhatWasRegistered() throws {
    let container = Container()
    container.register(PrescriptionStore.self) { _ in PharmacyDatabase() }
    do {
      let store = try container.resolve(PrescriptionStore.self)
      #expect(store.label == "database", "resolve(PrescriptionStore.self) should return what its factory built.")
    } catch {
      Issue.record(
        "resolve(PrescriptionStore.self) threw \(error), although PrescriptionStore was registered. register(_:name:factory:) must keep the factory (in a dictionary, keyed by the type), and resolve must find it there and call it."
      )
    }
  }

  @Test func callsTheFactoryOnEveryResolve() throws {
    let container = Container()
    let calls = Calls()
    container.register(Pharmacist.self) { _ in
      calls.count += 1
      return Pharmacist(store: PharmacyDatabase())
    }
    let first = try container.resolve(Pharmacist.self)
    let second = try container.resolve(Pharmacist.self)
    #expect(calls.count == 2, "Two resolves should call the factory twice (every service here is built anew each time), but it ran \(calls.count) times.")
    #expect(first !== second, "Two resolves returned the same Pharmacist: this container builds a new one every time.")
  }

  @Test func aFactoryResolvesItsOwnDependenciesFromTheContainerItIsHanded() throws {
    let container = Container()
    container.register(PrescriptionStore.self) { _ in PharmacyDatabase() }
    container.register(Pharmacist.self) { container in Pharmacist(store: try container.resolve()) }
    container.register(RefillDesk.self) { container in RefillDesk(pharmacist: try container.resolve()) }
    let desk = try container.resolve(RefillDesk.self)
    #expect(
      desk.pharmacist.store.label == "database",
      "RefillDesk's factory resolves a Pharmacist, whose factory resolves the store: resolve must hand each factory the container (self).")
  }

  @Test func registeringAgainReplacesTheFactory() throws {
    let container = Container()
    container.register(PrescriptionStore.self) { _ in PharmacyDatabase() }
    container.register(PrescriptionStore.self) { _ in ArchiveStore() }
    let store = try container.resolve(PrescriptionStore.self)
    #expect(store.label == "archive", "The second registration of PrescriptionStore should replace the first, as a test does when it swaps in a double; resolve built the \(store.label).")
  }
}

@Suite("Step 2: names, and types that share a name") struct Step2 {
  @Test func aNamedRegistrationSitsBesideTheUnnamedOne() throws {
    let container = Container()
    container.register(PrescriptionStore.self) { _ in PharmacyDatabase() }
    container.register(PrescriptionStore.self, name: "archive") { _ in ArchiveStore() }
    let live = try container.resolve(PrescriptionStore.self)
    let archive = try container.resolve(PrescriptionStore.self, name: "archive")
    #expect(live.label == "database", "The unnamed PrescriptionStore resolved to the \(live.label): registering it under the name \"archive\" replaced it. The name is part of the key.")
    #expect(archive.label == "archive", "resolve(PrescriptionStore.self, name: \"archive\") built the \(archive.label): look the factory up by the type and the name together.")
  }

  @Test func registeringTheUnnamedOneAgainKeepsTheNamedOne() throws {
    let container = Container()
    container.register(PrescriptionStore.self) { _ in PharmacyDatabase() }
    container.register(PrescriptionStore.self, name: "archive") { _ in ArchiveStore() }
    container.register(PrescriptionStore.self) { _ in PharmacyDatabase() }
    do {
      let archive = try container.resolve(PrescriptionStore.self, name: "archive")
      #expect(archive.label == "archive", "resolve(PrescriptionStore.self, name: \"archive\") built the \(archive.label) after the unnamed store was registered again.")
    } catch {
      Issue.record(
        "Registering the unnamed PrescriptionStore again took away the one named \"archive\": \(error). Registering replaces only the factory under the same type and the same name; the named registration beside it stays. Keep one flat table keyed by the type and the name together.")
    }
  }

  @Test func aNameNobodyRegisteredIsMissing() {
    let container = Container()
    container.register(PrescriptionStore.self) { _ in PharmacyDatabase() }
    #expect(
      throws: MissingRegistration(service: "PrescriptionStore", name: "sandbox"),
      "Nothing is registered under the name \"sandbox\"; falling back to the unnamed service would hand a test the live store it asked to avoid."
    ) {
      _ = try container.resolve(PrescriptionStore.self, name: "sandbox")
    }
  }

  @Test func twoTypesWithTheSameNameDoNotCollide() throws {
    let container = Container()
    container.register(Billing.Receipt.self) { _ in Billing.Receipt(total: 1250) }
    container.register(Shipping.Receipt.self) { _ in Shipping.Receipt(parcels: 2) }
    do {
      let bill = try container.resolve(Billing.Receipt.self)
      let parcel = try container.resolve(Shipping.Receipt.self)
      #expect(bill.total == 1250 && parcel.parcels == 2)
    } catch {
      Issue.record(
        "Billing.Receipt and Shipping.Receipt are two types, but both print as \"Receipt\": \(error). A key made from the type's name lets the second registration replace the first. Key by ObjectIdentifier(type), which is unique per type.")
    }
  }

  @Test func oneNameOnTwoTypesIsTwoRegistrations() throws {
    let container = Container()
    container.register(PrescriptionStore.self, name: "archive") { _ in ArchiveStore() }
    container.register(Billing.Receipt.self, name: "archive") { _ in Billing.Receipt(total: 990) }
    do {
      let store = try container.resolve(PrescriptionStore.self, name: "archive")
      let receipt = try container.resolve(Billing.Receipt.self, name: "archive")
      #expect(store.label == "archive" && receipt.total == 990)
    } catch {
      Issue.record(
        "PrescriptionStore and Billing.Receipt are both registered under the name \"archive\", and resolving them threw \(error): the second registration replaced the first. A name only tells apart two registrations of one type; the key is the type and the name together, never the name alone.")
    }
  }
}

@Suite("Step 3: a missing registration names what is missing") struct Step3 {
  @Test func throwsMissingRegistrationForTheType() {
    let container = Container()
    #expect(throws: MissingRegistration(service: "Pharmacist", name: nil), "An empty container has no Pharmacist; resolve should throw MissingRegistration naming it (not crash, not return a default).") {
      _ = try container.resolve(Pharmacist.self)
    }
  }

  @Test func namesTheMissingServiceThreeLevelsDownNotTheOneAskedFor() {
    let container = Container()
    container.register(RefillScreen.self) { container in RefillScreen(desk: try container.resolve()) }
    container.register(RefillDesk.self) { container in RefillDesk(pharmacist: try container.resolve()) }
    container.register(Pharmacist.self) { container in Pharmacist(store: try container.resolve()) }
    do {
      _ = try container.resolve(RefillScreen.self)
      Issue.record("RefillScreen was built without a PrescriptionStore registered.")
    } catch let error as MissingRegistration {
      #expect(
        error == MissingRegistration(service: "PrescriptionStore", name: nil),
        "The screen, the desk and the pharmacist are registered; the PrescriptionStore the pharmacist needs is not. The error said \"\(error)\": let the error thrown deep down travel up unchanged, so it names the service that is really missing.")
      #expect(error.description.contains("container.register(PrescriptionStore.self)"), "The message ends in the fix: \(error.description)")
    } catch {
      Issue.record("resolve threw \(error), not a MissingRegistration.")
    }
  }
}
