import Foundation
import Synchronization
import Testing

@testable import SingletonOnce

/// Counts a factory's calls, from any thread.
final class Calls: Sendable {
  private let count = Mutex(0)
  var value: Int { count.withLock { $0 } }
  func add() { count.withLock { $0 += 1 } }
}

final class PharmacyDatabase: Sendable {}

final class AuditTrail: Sendable {
  let clock: PharmacyClock
  init(clock: PharmacyClock) { self.clock = clock }
}

final class PharmacyClock: Sendable {}

final class LabelPrinter: Sendable {}

/// Runs `work` on a thread of its own and says whether it finished in time; a deadlocked
/// `work` is left waiting, and the test fails instead of hanging.
func finishes(within seconds: Double, _ work: @escaping @Sendable () -> Void) -> Bool {
  let done = DispatchSemaphore(value: 0)
  Thread {
    work()
    done.signal()
  }.start()
  return done.wait(timeout: .now() + seconds) == .success
}

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

  @Test func aSingletonsFactoryMayResolveAnotherSingleton() {
    let container = Container()
    container.register(PharmacyClock.self, lifetime: .singleton) { _ in PharmacyClock() }
    container.register(AuditTrail.self, lifetime: .singleton) { container in
      AuditTrail(clock: try container.resolve())
    }
    let result = Mutex<Bool?>(nil)
    let finished = finishes(within: 5) {
      let trail = try? container.resolve(AuditTrail.self)
      let clock = try? container.resolve(PharmacyClock.self)
      result.withLock { $0 = trail != nil && trail?.clock === clock }
    }
    #expect(
      finished,
      "Resolving AuditTrail, whose factory resolves PharmacyClock, did not finish in 5 s: a deadlock. A lock held while the factory runs must belong to that one singleton, never to the container or to every singleton, and it must not be taken twice by one thread.")
    #expect(result.withLock { $0 } != false, "AuditTrail's clock should be the PharmacyClock singleton.")
  }
}

@Suite("Step 2: once, even when a hundred tasks ask at once") struct Step2 {
  @Test func aHundredTasksGetOneInstanceFromOneFactoryCall() async throws {
    let container = Container()
    let calls = Calls()
    container.register(PharmacyDatabase.self, lifetime: .singleton) { _ in
      calls.add()
      Thread.sleep(forTimeInterval: 0.02)  // opening a database takes a moment
      return PharmacyDatabase()
    }
    let instances = await withTaskGroup(of: ObjectIdentifier?.self) { group in
      for _ in 0..<100 {
        group.addTask { (try? container.resolve(PharmacyDatabase.self)).map(ObjectIdentifier.init) }
      }
      return await group.reduce(into: Set<ObjectIdentifier?>()) { $0.insert($1) }
    }
    #expect(
      calls.value == 1,
      "100 tasks resolved the singleton at once and its factory ran \(calls.value) times. Looking first and building afterwards, in two separate steps, lets every task that looked before the first one stored its instance build its own. Hold this singleton's own lock from the look to the store.")
    #expect(instances.count == 1 && !instances.contains(nil), "The 100 tasks ended up holding \(instances.count) different instances (or none); a singleton means all of them hold the same one.")
  }

  @Test func sixteenThreadsReleasedTogetherGetOneInstance() {
    let container = Container()
    let calls = Calls()
    container.register(PharmacyDatabase.self, lifetime: .singleton) { _ in
      calls.add()
      Thread.sleep(forTimeInterval: 0.02)
      return PharmacyDatabase()
    }
    let start = DispatchSemaphore(value: 0)
    let group = DispatchGroup()
    let seen = Mutex(Set<ObjectIdentifier>())
    for _ in 0..<16 {
      group.enter()
      Thread {
        start.wait()
        if let database = try? container.resolve(PharmacyDatabase.self) {
          _ = seen.withLock { $0.insert(ObjectIdentifier(database)) }
        }
        group.leave()
      }.start()
    }
    for _ in 0..<16 { start.signal() }
    #expect(group.wait(timeout: .now() + 10) == .success, "16 threads resolving one singleton did not finish in 10 s.")
    #expect(calls.value == 1, "16 threads released at once built the singleton \(calls.value) times; it must be built once.")
    #expect(seen.withLock { $0.count } == 1, "The 16 threads hold \(seen.withLock { $0.count }) different instances.")
  }

  @Test func twoSingletonsAreBuiltInParallel() {
    let container = Container()
    let databaseStarted = DispatchSemaphore(value: 0)
    let printerStarted = DispatchSemaphore(value: 0)
    let waitedInVain = Mutex(false)
    container.register(PharmacyDatabase.self, lifetime: .singleton) { _ in
      databaseStarted.signal()
      // Opening the database waits (at most 3 s) until the label printer is being set up.
      if printerStarted.wait(timeout: .now() + 3) == .timedOut { waitedInVain.withLock { $0 = true } }
      return PharmacyDatabase()
    }
    container.register(LabelPrinter.self, lifetime: .singleton) { _ in
      printerStarted.signal()
      return LabelPrinter()
    }
    let both = DispatchGroup()
    both.enter()
    Thread {
      _ = try? container.resolve(PharmacyDatabase.self)
      both.leave()
    }.start()
    databaseStarted.wait()
    both.enter()
    Thread {
      _ = try? container.resolve(LabelPrinter.self)
      both.leave()
    }.start()
    #expect(both.wait(timeout: .now() + 10) == .success, "Resolving two singletons on two threads did not finish in 10 s.")
    #expect(
      !waitedInVain.withLock { $0 },
      "While PharmacyDatabase's factory ran on one thread, LabelPrinter's factory could not start on another: one lock held for every singleton makes each wait for all the others. Give each singleton a guard of its own.")
  }
}
