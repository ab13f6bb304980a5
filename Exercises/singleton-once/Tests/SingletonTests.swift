import Foundation
import Synchronization
import Testing

@testable import SingletonOnce

/// Counts a factory's calls, from any thread.
final class Calls: Sendable {
  private let count = Mutex(0)
  var value: Int { count.withLock { $0 } }
  /// Counts one call and says which it was: 1 for the first.
  @discardableResult func add() -> Int { count.withLock { $0 += 1; return $0 } }
}

/// What some threads got, kept alive so that two instances can never share an address.
final class Received<Service: AnyObject & Sendable>: Sendable {
  private let items = Mutex<[Service]>([])
  func add(_ item: Service) { items.withLock { $0.append(item) } }
  var all: [Service] { items.withLock { $0 } }
  /// How many different instances there are among them.
  var distinct: Int { Set(all.map(ObjectIdentifier.init)).count }
}

final class PharmacyDatabase: Sendable {}

final class AuditTrail: Sendable {
  let clock: PharmacyClock
  init(clock: PharmacyClock) { self.clock = clock }
}

final class PharmacyClock: Sendable {}

final class LabelPrinter: Sendable {}

@Suite("Step 1: a singleton is made once") struct Step1 {
  @Test func aSingletonIsBuiltOnceAndShared() throws {
    let container = Container()
    let calls = Calls()
    container.register(PharmacyDatabase.self, lifetime: .singleton) { _ in
      calls.add()
      return PharmacyDatabase()
    }
    let first = try container.resolve(PharmacyDatabase.self)
    let second = try container.resolve(PharmacyDatabase.self)
    #expect(
      first === second,
      "Two resolves of a .singleton returned two PharmacyDatabase instances. Keep the first one in its Registration and hand it out again.")
    #expect(calls.value == 1, "The singleton's factory ran \(calls.value) times for two resolves; it should run once.")
  }

  @Test func aTransientIsStillNewEveryTime() throws {
    let container = Container()
    container.register(LabelPrinter.self) { _ in LabelPrinter() }
    let first = try container.resolve(LabelPrinter.self)
    let second = try container.resolve(LabelPrinter.self)
    #expect(first !== second, "LabelPrinter is registered .transient (the default), yet two resolves shared one instance: only singletons are kept.")
  }

  @Test func eachContainerHasItsOwnSingleton() throws {
    func makeContainer() -> Container {
      let container = Container()
      container.register(PharmacyDatabase.self, lifetime: .singleton) { _ in PharmacyDatabase() }
      return container
    }
    let app = makeContainer()
    let test = makeContainer()
    #expect(
      try app.resolve(PharmacyDatabase.self) !== test.resolve(PharmacyDatabase.self),
      "Two containers handed out the same singleton. A singleton is one per container (kept in its registration), not one per process (a static), or every test would share the app's instance.")
  }

  // Runs in a process of its own: a lock taken twice by one thread may stop the program (Swift's
  // `Mutex` does), and that must fail this test, not end every other one.
  @Test func aSingletonsFactoryMayResolveAnotherSingleton() async {
    await #expect(
      processExitsWith: .success,
      "Resolving AuditTrail, whose factory resolves the PharmacyClock singleton, crashed the program. A thread that takes a lock it already holds stops it (Swift's Mutex is not recursive): while AuditTrail's factory runs, hold AuditTrail's own lock, never one shared by every singleton."
    ) {
      let container = Container()
      container.register(PharmacyClock.self, lifetime: .singleton) { _ in PharmacyClock() }
      container.register(AuditTrail.self, lifetime: .singleton) { container in
        AuditTrail(clock: try container.resolve())
      }
      let trails = Received<AuditTrail>()
      let clocks = Received<PharmacyClock>()
      let worker = Worker {
        if let trail = try? container.resolve(AuditTrail.self) { trails.add(trail) }
        if let clock = try? container.resolve(PharmacyClock.self) { clocks.add(clock) }
      }
      let settled = settle([worker], calm: .milliseconds(200)) { worker.finished }
      #expect(
        settled == .decided,
        "Resolving AuditTrail, whose factory resolves PharmacyClock, never finished: the thread is waiting for a lock it holds itself (a deadlock). A lock held while a factory runs must belong to that one singleton, never to the container or to every singleton.")
      guard settled == .decided else { return }
      #expect(trails.all.count == 1 && clocks.all.count == 1, "Resolving AuditTrail and PharmacyClock should both succeed.")
      #expect(trails.all.first?.clock === clocks.all.first, "AuditTrail's clock should be the PharmacyClock singleton.")
    }
  }
}

@Suite("Step 2: once, even when many threads ask during the first build") struct Step2 {
  @Test func threadsAskingDuringTheFirstBuildGetThatOneInstance() throws {
    let container = Container()
    let calls = Calls()
    let gate = Gate()
    container.register(PharmacyDatabase.self, lifetime: .singleton) { _ in
      // Opening the database takes a while: the first build waits until the test lets it finish.
      if calls.add() == 1 { gate.pass() }
      return PharmacyDatabase()
    }
    let received = Received<PharmacyDatabase>()
    let resolve = { Worker { if let database = try? container.resolve(PharmacyDatabase.self) { received.add(database) } } }
    let first = resolve()
    try #require(eventually { gate.arrived == 1 }, "Resolving the PharmacyDatabase singleton never called its factory.")
    // While the first build is still running, fifteen more threads ask. The test waits until each
    // of them has built a database of its own (wrong) or is waiting for the first build (right).
    let others = (0..<15).map { _ in resolve() }
    _ = settle(others) { calls.value > 1 }
    gate.open()
    try #require(
      eventually { ([first] + others).allSatisfy(\.finished) },
      "16 threads resolving one singleton did not all finish within 20 s of its first build.")
    #expect(
      calls.value == 1,
      "15 threads resolved the singleton while its first build was still running, and its factory ran \(calls.value) times. Looking first and building afterwards, in two separate steps, lets every thread that looks before the first build is stored build its own. Hold this singleton's own lock from the look to the store.")
    #expect(
      received.all.count == 16 && received.distinct == 1,
      "The 16 threads hold \(received.distinct) different instances (\(received.all.count) resolved); a singleton means all of them hold the same one.")
  }

  @Test func twoSingletonsAreBuiltInParallel() throws {
    let container = Container()
    let gate = Gate()
    let printerCalls = Calls()
    container.register(PharmacyDatabase.self, lifetime: .singleton) { _ in
      gate.pass()  // opening the database takes a while
      return PharmacyDatabase()
    }
    container.register(LabelPrinter.self, lifetime: .singleton) { _ in
      printerCalls.add()
      return LabelPrinter()
    }
    let database = Worker { _ = try? container.resolve(PharmacyDatabase.self) }
    try #require(eventually { gate.arrived == 1 }, "Resolving the PharmacyDatabase singleton never called its factory.")
    // PharmacyDatabase's factory is running. LabelPrinter's should start without waiting for it.
    let printer = Worker { _ = try? container.resolve(LabelPrinter.self) }
    let settled = settle([printer], calm: .milliseconds(200)) { printerCalls.value > 0 }
    gate.open()
    try #require(
      eventually { database.finished && printer.finished }, "Resolving two singletons on two threads did not finish within 20 s.")
    #expect(
      settled == .decided,
      "While PharmacyDatabase's factory ran on one thread, LabelPrinter's factory could not start on another: the printer's thread \(settled == .everyoneWaits ? "waited" : "spun") until the database was built. One lock held for every singleton (or the container's lock held during a factory) makes each wait for all the others. Give each singleton a lock of its own.")
  }
}
