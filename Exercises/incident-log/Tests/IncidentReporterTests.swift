import Foundation
import Testing

@testable import IncidentLog

/// A clock that shows whatever time the test sets, and counts how often it was read.
final class ManualClock: IncidentClock {
  private var time: Date
  private(set) var reads = 0

  init(_ now: Date) {
    time = now
  }

  var now: Date {
    get {
      reads += 1
      return time
    }
    set { time = newValue }
  }
}

/// Hands out INC-1, INC-2, ... and counts how many it gave away.
final class SequentialIDs: IncidentIDSource {
  private(set) var handedOut = 0

  func nextID() -> String {
    handedOut += 1
    return "INC-\(handedOut)"
  }
}

/// 09:00 and 09:30 UTC on 14 November 2023.
let nineOClock = Date(timeIntervalSince1970: 1_699_952_400)
let halfPastNine = nineOClock.addingTimeInterval(30 * 60)

/// The doubles this file's own `IncidentReporter()` hands in (below).
struct ProbeClock: IncidentClock {
  var now: Date { nineOClock }
}

struct ProbeIDs: IncidentIDSource {
  func nextID() -> String { "PROBE" }
}

/// Gives `IncidentReporter` inits of last resort without a clock, without an ID source, and
/// without both. Each is chosen only when the reporter has no init of its own that can be
/// called that way: if `init(clock:ids:)` has a default (or an optional that falls back), the
/// call means that one, and the reporter holds the default, not a probe.
protocol BuiltWithoutDependencies {
  static func withProbes(clock: any IncidentClock, ids: any IncidentIDSource) -> Self
}

extension BuiltWithoutDependencies {
  @_disfavoredOverload init() {
    self = Self.withProbes(clock: ProbeClock(), ids: ProbeIDs())
  }

  @_disfavoredOverload init(clock: any IncidentClock) {
    self = Self.withProbes(clock: clock, ids: ProbeIDs())
  }

  @_disfavoredOverload init(ids: any IncidentIDSource) {
    self = Self.withProbes(clock: ProbeClock(), ids: ids)
  }
}

extension IncidentReporter: BuiltWithoutDependencies {
  static func withProbes(clock: any IncidentClock, ids: any IncidentIDSource) -> IncidentReporter {
    IncidentReporter(clock: clock, ids: ids)
  }
}

/// The types of every stored property of `value`.
func storedTypes(of value: Any) -> [String] {
  Mirror(reflecting: value).children.map { String(describing: type(of: $0.value)) }
}

@Suite struct IncidentReporterTests {
  @Test func stampsEachIncidentWithTheTimeItIsFiled() {
    let clock = ManualClock(nineOClock)
    let reporter = IncidentReporter(clock: clock, ids: SequentialIDs())
    clock.now = halfPastNine
    let incident = reporter.file(title: "Checkout is down")
    #expect(
      incident.filedAt == halfPastNine,
      "The incident was filed at \(halfPastNine.ISO8601Format()) by the injected clock, but IncidentReporter stamped it \(incident.filedAt.ISO8601Format()), the time the reporter was created. Keep the clock and read clock.now in file(title:), not in init.")
  }

  @Test func readsTheClockAgainForEveryIncident() {
    let clock = ManualClock(nineOClock)
    let reporter = IncidentReporter(clock: clock, ids: SequentialIDs())
    let first = reporter.file(title: "Checkout is down")
    clock.now = halfPastNine
    let second = reporter.file(title: "Checkout is back")
    #expect(
      [first.filedAt, second.filedAt] == [nineOClock, halfPastNine],
      "Two incidents were filed at \(nineOClock.ISO8601Format()) and \(halfPastNine.ISO8601Format()), but IncidentReporter stamped them \(first.filedAt.ISO8601Format()) and \(second.filedAt.ISO8601Format()). It read the clock once and reused that reading; a `lazy var` or any stored Date is still one reading, only later. Read clock.now in file(title:), for every incident.")
  }

  @Test func givesEveryIncidentItsOwnID() {
    let ids = SequentialIDs()
    let reporter = IncidentReporter(clock: ManualClock(nineOClock), ids: ids)
    let first = reporter.file(title: "Checkout is down")
    let second = reporter.file(title: "Search is slow")
    #expect(
      [first.id, second.id] == ["INC-1", "INC-2"],
      "Two incidents got the IDs \(first.id) and \(second.id). Each incident needs a new ID from the injected ID source: call ids.nextID() in file(title:), once per incident.")
    #expect(
      ids.handedOut == 2,
      "Filing two incidents took \(ids.handedOut) IDs from the injected ID source; it should take exactly one per incident. The IDs must come from the source, not be made up or counted inside the reporter.")
  }

  @Test func readsTheClockOncePerIncident() {
    let clock = ManualClock(nineOClock)
    let reporter = IncidentReporter(clock: clock, ids: SequentialIDs())
    _ = reporter.file(title: "Checkout is down")
    _ = reporter.file(title: "Search is slow")
    #expect(
      clock.reads == 2,
      "Filing two incidents read the injected clock \(clock.reads) times; it should be once per incident. Two readings for one incident (one for a log line, one for the stamp) can disagree: read clock.now once in file(title:) and use that one value.")
  }

  @Test func everyFilingIsANewIncident() {
    let clock = ManualClock(nineOClock)
    let reporter = IncidentReporter(clock: clock, ids: SequentialIDs())
    let first = reporter.file(title: "Checkout is down")
    clock.now = halfPastNine
    let again = reporter.file(title: "Checkout is down")
    #expect(
      again == Incident(id: "INC-2", title: "Checkout is down", filedAt: halfPastNine),
      "\"Checkout is down\" was filed at 09:00 and again at 09:30: that is two incidents, and the second should be INC-2, filed at 09:30. IncidentReporter returned \(again) (the first was \(first)). Every call to file(title:) files a new incident, with a new ID and the time of that call; do not look up earlier incidents by title.")
  }

  @Test func stampsTheExactTimeEvenAMomentLater() {
    let clock = ManualClock(nineOClock)
    let reporter = IncidentReporter(clock: clock, ids: SequentialIDs())
    _ = reporter.file(title: "Checkout is down")
    let aMomentLater = nineOClock.addingTimeInterval(0.25)
    clock.now = aMomentLater
    let second = reporter.file(title: "Search is slow")
    #expect(
      second.filedAt == aMomentLater,
      "The second incident was filed a quarter of a second after the first, at \(aMomentLater.timeIntervalSince1970), but was stamped \(second.filedAt.timeIntervalSince1970). filedAt is the clock's time at the moment of filing, exactly: do not round it, or reuse an earlier stamp because it is close.")
  }

  @Test func bothDependenciesAreRequired() {
    let built = [
      ("IncidentReporter()", storedTypes(of: IncidentReporter())),
      ("IncidentReporter(clock:)", storedTypes(of: IncidentReporter(clock: ManualClock(nineOClock)))),
      ("IncidentReporter(ids:)", storedTypes(of: IncidentReporter(ids: SequentialIDs()))),
    ]
    let defaulted = built.filter { _, kept in
      kept.contains { $0.hasPrefix("System") || $0.hasPrefix("Random") }
    }
    #expect(
      defaulted.isEmpty,
      "\(defaulted.map(\.0).joined(separator: " and ")) compiles and builds a reporter with \(Set(defaulted.flatMap(\.1)).sorted().joined(separator: ", ")): init(clock:ids:) has a default (or an optional that falls back). Code that forgets a dependency then files with the real time or a random ID, and no compiler says a word. Take both with no default; only the app writes SystemIncidentClock() and RandomIncidentIDs().")
  }

  @Test func creatingAReporterUsesNothing() {
    let clock = ManualClock(nineOClock)
    let ids = SequentialIDs()
    _ = IncidentReporter(clock: clock, ids: ids)
    #expect(
      ids.handedOut == 0,
      "Creating an IncidentReporter already took \(ids.handedOut == 1 ? "an ID" : "\(ids.handedOut) IDs") from the ID source, before anything was filed. An init should only store its dependencies; use them when there is work to do.")
    #expect(
      clock.reads == 0,
      "Creating an IncidentReporter already read the injected clock (\(clock.reads == 1 ? "once" : "\(clock.reads) times")), before anything was filed. An init should only store the clock; read clock.now when an incident is filed.")
  }

  @Test func keepsTheTitle() {
    let reporter = IncidentReporter(clock: ManualClock(nineOClock), ids: SequentialIDs())
    let incident = reporter.file(title: "Disk full on db-2")
    #expect(
      incident.title == "Disk full on db-2",
      "file(title:) should keep the title it was given, \"Disk full on db-2\"; the incident says \"\(incident.title)\".")
  }
}
