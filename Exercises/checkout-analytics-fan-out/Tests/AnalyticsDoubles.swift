import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc

  /// The calling thread, to tell a call made inside the test's own call from one made elsewhere.
  func currentThread() -> UInt { UInt(pthread_self()) }
#elseif canImport(Darwin)
  import Darwin

  func currentThread() -> UInt { UInt(bitPattern: pthread_self()) }
#endif

@testable import CheckoutAnalyticsFanOut

struct BackendDown: Error, Equatable, CustomStringConvertible {
  let name: String

  var description: String { "\(name) down" }
}

/// What the backends heard and what was reported, in one order.
///
/// A test's body runs on one thread from start to end, so a line written from another thread
/// was sent from a `Task` (or another thread) that the call did not wait for: such a line is
/// marked `elsewhere`, and no check that expects a plain line can pass by luck of timing. A
/// line sent after the call returned is simply missing when the test reads the log. The test
/// reads a snapshot (`lines`) once, and checks and prints that same snapshot.
final class EventLog: Sendable {
  private let state = Mutex<[String]>([])
  private let owner = currentThread()

  var lines: [String] { state.withLock { $0 } }

  func append(_ line: String) {
    let line = currentThread() == owner ? line : line + elsewhere
    state.withLock { $0.append(line) }
  }
}

/// The mark of a line written from another thread than the test's.
let elsewhere = " (sent from another thread)"

/// A backend double: records what it receives, in a log shared with the others, and throws
/// `BackendDown` when told to.
final class BackendSpy: Analytics {
  let name: String
  let log: EventLog
  let failing: Bool

  init(_ name: String, log: EventLog, failing: Bool = false) {
    self.name = name
    self.log = log
    self.failing = failing
  }

  func track(_ event: String) throws {
    log.append("\(name) <- \(event)")
    if failing { throw BackendDown(name: name) }
  }
}

/// The composite's `report`: keeps every error it is given and, when given a log, writes
/// `report: <name> down` into it, so a test sees when the report came.
final class ReportSpy: Sendable {
  private struct State {
    var errors: [BackendDown] = []
    var others = 0
  }

  private let state = Mutex(State())
  private let log: EventLog?

  init(log: EventLog? = nil) {
    self.log = log
  }

  var errors: [BackendDown] { state.withLock { $0.errors } }
  var others: Int { state.withLock { $0.others } }

  var report: (any Error) -> Void {
    { error in
      if let down = error as? BackendDown {
        self.state.withLock { $0.errors.append(down) }
        self.log?.append("report: \(down.name) down")
      } else {
        self.state.withLock { $0.others += 1 }
        self.log?.append("report: \(error)")
      }
    }
  }
}

/// Requires that `call`, which has just returned, sent something into `log`, and sent it from the
/// test's own thread: an answer that sends later, in a batch or from a `Task` stops here, with a
/// message about that instead of about the lines it has not sent yet.
func requireSentInside(
  _ call: String, _ log: EventLog, sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let lines = log.lines
  try #require(
    !lines.contains { $0.hasSuffix(elsewhere) },
    "\(call) sent from another thread (from a Task?): the log reads \(lines). Send inside the call itself, on the caller's thread, before it returns: a Task's sends come late, in any order, or never",
    sourceLocation: sourceLocation)
  try #require(
    !lines.isEmpty,
    "when \(call) returned, nothing had been sent: send inside the call itself, before it returns. Not later, not in a batch, not from a Task: what is sent later may never be sent",
    sourceLocation: sourceLocation)
}

/// Said when a backend that comes after a failing one never heard the event: the loop stopped
/// at the failure, and nothing else about the log can be judged yet.
func neverAsked(_ backend: String, _ lines: [String]) -> String? {
  lines.contains { $0.hasPrefix("\(backend) <- ") }
    ? nil
    : "\(backend) comes after a failing backend and never heard the event (the log reads \(lines)): the first failure ended the loop. Catch per backend, inside the loop, not around it"
}

/// Counts the issues that name each live backend, from `withKnownIssue`'s matcher.
final class LiveIssues: Sendable {
  private let counts = Mutex<[String: Int]>([:])

  func note(_ issue: Issue) {
    let text = issue.comments.map(\.rawValue).joined(separator: " ")
    for name in ["ProductAnalytics", "MarketingAnalytics"] where text.contains(name) {
      counts.withLock { $0[name, default: 0] += 1 }
    }
  }

  subscript(name: String) -> Int { counts.withLock { $0[name, default: 0] } }
}

/// The live backends held anywhere inside `value`, found by reflection.
func liveBackends(in value: Any, depth: Int = 0) -> [String] {
  if value is ProductAnalytics { return ["ProductAnalytics"] }
  if value is MarketingAnalytics { return ["MarketingAnalytics"] }
  // The doubles hold nothing live, and a Mutex is not for reflecting.
  if value is BackendSpy || value is EventLog || value is ReportSpy { return [] }
  guard depth < 6 else { return [] }
  return Mirror(reflecting: value).children.flatMap { liveBackends(in: $0.value, depth: depth + 1) }
}

/// A stored property's name as the learner wrote it (`lazy var live` is stored as
/// `$__lazy_storage_$_live`).
func propertyName(_ label: String?) -> String {
  guard let label else { return "an unnamed value" }
  let lazy = "$__lazy_storage_$_"
  return label.hasPrefix(lazy) ? "lazy var \(label.dropFirst(lazy.count))" : label
}
