import Foundation
import Synchronization
import Testing

@testable import CycleChain

/// Counts a factory's calls, from any thread.
final class Calls: Sendable {
  private let count = Mutex(0)
  var value: Int { count.withLock { $0 } }
  /// Counts one call and says which it was: 1 for the first.
  @discardableResult func add() -> Int { count.withLock { $0 += 1; return $0 } }
}

final class Pharmacist: Sendable {
  let desk: RefillDesk
  init(desk: RefillDesk) { self.desk = desk }
}
final class RefillDesk: Sendable {
  let queue: RefillQueue
  init(queue: RefillQueue) { self.queue = queue }
}
final class RefillQueue: Sendable {
  let pharmacist: Pharmacist
  init(pharmacist: Pharmacist) { self.pharmacist = pharmacist }
}
struct RefillScreen: Sendable { let desk: RefillDesk }
struct Ledger: Sendable {
  let previous: [Ledger]
}

struct Label: Sendable {}
struct Printer: Sendable { let label: Label }
struct Shelf: Sendable { let label: Label }
struct Counter: Sendable { let printer: Printer; let shelf: Shelf; let weighing: Weighing? }
protocol Scale: Sendable {}
struct Weighing: Sendable { let scale: any Scale }
struct CouponServer: Sendable {}
struct CouponBook: Sendable { let server: CouponServer }
struct Checkout: Sendable { let coupons: CouponBook? }
struct Prescription: Sendable {}

/// Pharmacist → RefillDesk → RefillQueue → Pharmacist, and a screen that needs the desk.
func pharmacyWithACycle(calls: Calls = Calls()) -> Container {
  let container = Container()
  container.register(Pharmacist.self) { Pharmacist(desk: try $0.resolve()) }
  container.register(RefillDesk.self) { RefillDesk(queue: try $0.resolve()) }
  container.register(RefillQueue.self) { resolver in
    calls.add()
    return RefillQueue(pharmacist: try resolver.resolve())
  }
  container.register(RefillScreen.self) { RefillScreen(desk: try $0.resolve()) }
  return container
}

func error(resolving body: () throws -> Void) -> ResolutionError? {
  do {
    try body()
    return nil
  } catch let error as ResolutionError {
    return error
  } catch {
    Issue.record("expected a ResolutionError, got \(error)")
    return nil
  }
}

@Suite("Step 1: a cycle is named, every service on it") struct Step1 {
  @Test func namesTheCycleFromTheServiceAskedFor() {
    let container = pharmacyWithACycle()
    let found = error { _ = try container.resolve(Pharmacist.self) }
    #expect(
      found == .cycle(["Pharmacist", "RefillDesk", "RefillQueue", "Pharmacist"]),
      "Resolving Pharmacist should throw .cycle([\"Pharmacist\", \"RefillDesk\", \"RefillQueue\", \"Pharmacist\"]): every service on the cycle, and the first again where it closes. It threw \(found.map { "\($0)" } ?? "nothing"). Keep the path of services this resolution is building, and look for the service on it before building it.")
  }

  @Test func theChainStartsWhereTheCycleStartsNotAtTheScreen() {
    let container = pharmacyWithACycle()
    let found = error { _ = try container.resolve(RefillScreen.self) }
    #expect(
      found == .cycle(["RefillDesk", "RefillQueue", "Pharmacist", "RefillDesk"]),
      "RefillScreen needs the desk but is not on the cycle; the cycle is RefillDesk → RefillQueue → Pharmacist → RefillDesk. It threw \(found.map { "\($0)" } ?? "nothing"). Report the path from where the service first appears.")
  }

  @Test func aServiceThatNeedsItselfIsACycleOfOne() {
    let container = Container()
    container.register(Ledger.self) { Ledger(previous: [try $0.resolve()]) }
    let found = error { _ = try container.resolve(Ledger.self) }
    #expect(found == .cycle(["Ledger", "Ledger"]), "Ledger's factory resolves Ledger: .cycle([\"Ledger\", \"Ledger\"]). It threw \(found.map { "\($0)" } ?? "nothing").")
  }

  @Test func theCycleIsCaughtTheMomentItClosesNotAfterSixtyFourLevels() {
    let calls = Calls()
    let container = pharmacyWithACycle(calls: calls)
    _ = error { _ = try container.resolve(Pharmacist.self) }
    #expect(
      calls.value == 1,
      "RefillQueue's factory ran \(calls.value) times before the cycle was reported: going round until a depth limit builds the same services again and again. Stop the first time a service appears twice on the path.")
  }

  // Runs in a process of its own: a resolution that goes round forever runs out of stack and
  // stops the program, and that must fail this test, not end every other one.
  @Test func aCycleThroughACapturedContainerIsNamedToo() async {
    await #expect(
      processExitsWith: .success,
      "Resolving Pharmacist crashed the program. RefillDesk's factory resolves through the container it captured, not the resolver it was handed: each of those calls started a resolution with an empty path, nothing saw the cycle, and the stack ran out. A resolution that is running on this thread must be the one container.resolve continues: keep the path where every Resolver on the thread finds it (a @TaskLocal)."
    ) {
      let container = Container()
      container.register(Pharmacist.self) { Pharmacist(desk: try $0.resolve()) }
      // Captures the container instead of using the resolver it is handed: a common slip.
      container.register(RefillDesk.self) { [container] _ in RefillDesk(queue: try container.resolve()) }
      container.register(RefillQueue.self) { RefillQueue(pharmacist: try $0.resolve()) }
      let found = error { _ = try container.resolve(Pharmacist.self) }
      #expect(
        found == .cycle(["Pharmacist", "RefillDesk", "RefillQueue", "Pharmacist"]),
        "RefillDesk's factory resolves RefillQueue through the container it captured; that call is still part of resolving Pharmacist, so the cycle is .cycle([\"Pharmacist\", \"RefillDesk\", \"RefillQueue\", \"Pharmacist\"]). It threw \(found.map { "\($0)" } ?? "nothing").")
    }
  }
}

@Suite("Step 2: no false alarms, and missing services name their chain") struct Step2 {
  @Test func aDiamondIsNotACycle() throws {
    let container = Container()
    container.register(Label.self) { _ in Label() }
    container.register(Printer.self) { Printer(label: try $0.resolve()) }
    container.register(Shelf.self) { Shelf(label: try $0.resolve()) }
    container.register(Counter.self) { Counter(printer: try $0.resolve(), shelf: try $0.resolve(), weighing: nil) }
    let found = error { _ = try container.resolve(Counter.self) }
    #expect(
      found == nil,
      "Printer and Shelf both need a Label: that is a diamond, not a cycle, but resolving Counter threw \(found.map { "\($0)" } ?? ""). Take a service off the path when its factory returns.")
  }

  @Test func aMissingServiceNamesTheChainThatAskedForIt() {
    let container = Container()
    container.register(Label.self) { _ in Label() }
    container.register(Printer.self) { Printer(label: try $0.resolve()) }
    container.register(Shelf.self) { Shelf(label: try $0.resolve()) }
    container.register(Weighing.self) { Weighing(scale: try $0.resolve()) }
    container.register(Counter.self) {
      Counter(printer: try $0.resolve(), shelf: try $0.resolve(), weighing: try $0.resolve(Weighing.self))
    }
    let found = error { _ = try container.resolve(Counter.self) }
    #expect(
      found == .missing("Scale", requestedBy: ["Counter", "Weighing"]),
      "Scale is not registered; Weighing asked for it, for Counter. Expected .missing(\"Scale\", requestedBy: [\"Counter\", \"Weighing\"]) (outermost first, and without Printer or Shelf, which were finished), got \(found.map { "\($0)" } ?? "nothing").")
  }

  @Test func aFactoryThatFallsBackAfterAnErrorLeavesThePathClean() {
    let container = Container()
    container.register(CouponBook.self) { CouponBook(server: try $0.resolve()) }
    let second = Mutex<ResolutionError?>(nil)
    container.register(Checkout.self) { resolver in
      let coupons = try? resolver.resolve(CouponBook.self)  // coupons are optional at this till
      do {
        _ = try resolver.resolve(CouponBook.self)
      } catch let error as ResolutionError {
        second.withLock { $0 = error }
      }
      return Checkout(coupons: coupons)
    }
    let found = error { _ = try container.resolve(Checkout.self) }
    #expect(found == nil, "Checkout's factory catches the coupon error itself, so resolving Checkout should succeed; it threw \(found.map { "\($0)" } ?? "").")
    let again = second.withLock { $0 }
    #expect(
      again == .missing("CouponServer", requestedBy: ["Checkout", "CouponBook"]),
      "Asking for CouponBook a second time, after the first try failed, should fail the same way: .missing(\"CouponServer\", requestedBy: [\"Checkout\", \"CouponBook\"]). It threw \(again.map { "\($0)" } ?? "nothing"): a factory that throws must leave the path too (defer).")
  }
}

@Suite("Step 3: each resolution has its own chain") struct Step3 {
  @Test func twoThreadsBuildingTheSameServiceAreNotACycleAndNeitherWaits() throws {
    let container = Container()
    let gate = Gate()
    let builds = Calls()
    container.register(Prescription.self) { _ in
      // The first build waits at a gate until the test opens it: it is still running when the
      // second thread asks.
      if builds.add() == 1 { gate.pass() }
      return Prescription()
    }
    let errors = Mutex<[String]>([])
    let resolve = {
      Worker {
        do {
          _ = try container.resolve(Prescription.self)
        } catch {
          errors.withLock { $0.append("\(error)") }
        }
      }
    }
    let first = resolve()
    try #require(eventually { gate.arrived == 1 }, "Resolving Prescription never called its factory.")
    let second = resolve()
    // The second thread should build a Prescription of its own at once, while the first is
    // still inside its factory.
    let settled = settle([second], calm: .milliseconds(200)) { builds.value > 1 || second.finished }
    gate.open()
    try #require(eventually { first.finished && second.finished }, "Two threads resolving Prescription did not finish within 20 s.")
    #expect(
      errors.withLock { $0 }.isEmpty,
      "Two threads resolved Prescription at the same time and one was told: \(errors.withLock { $0 }.joined(separator: "; ")). A path kept by the container mixes every thread's resolutions. Keep it with the resolution, which belongs to one thread.")
    #expect(
      settled == .decided,
      "While one thread was building a Prescription, a second thread's resolution \(settled == .everyoneWaits ? "waited" : "spun") until the first was done. A lock held for a whole resolution makes every thread wait for every other; resolutions on two threads share nothing that needs one, once the path belongs to the resolution.")
  }
}
