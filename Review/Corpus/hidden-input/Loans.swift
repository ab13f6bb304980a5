import Foundation

struct Loan {
  let due: Date
}

protocol Clock {
  var now: Date { get }
}

/// The real side of the boundary may read the clock: it is what tests replace.
struct SystemClock: Clock {
  var now: Date { Date() }
}

struct LoanDesk {
  let clock: any Clock

  func isOverdue(_ loan: Loan) -> Bool {
    loan.due < Date()  // review: hidden-input
  }

  func receipt(for loan: Loan) -> String {
    "\(UUID().uuidString): due \(loan.due)"  // review: hidden-input
  }

  func startedAt() -> Date { Date.now }  // review: hidden-input
}

/// A default argument is where a live value may be named.
struct Stamper {
  let now: () -> Date

  init(now: @escaping () -> Date = { Date() }) {
    self.now = now
  }

  /// And so is a static live factory.
  static let live = Stamper(now: { Date() })
}
