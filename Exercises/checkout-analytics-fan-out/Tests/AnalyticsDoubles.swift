@testable import CheckoutAnalyticsFanOut

struct BackendDown: Error, Equatable {
  let name: String
}

/// A backend double: records what it receives, in a log shared with the others, and throws
/// `BackendDown` when told to.
final class BackendSpy: Analytics {
  let name: String
  let log: EventLog
  var failing: Bool

  init(_ name: String, log: EventLog, failing: Bool = false) {
    self.name = name
    self.log = log
    self.failing = failing
  }

  func track(_ event: String) throws {
    log.lines.append("\(name) <- \(event)")
    if failing { throw BackendDown(name: name) }
  }
}

final class EventLog {
  var lines: [String] = []
}

final class ReportSpy {
  var errors: [BackendDown] = []
  var others = 0

  var report: (any Error) -> Void {
    { error in
      if let down = error as? BackendDown { self.errors.append(down) } else { self.others += 1 }
    }
  }
}
