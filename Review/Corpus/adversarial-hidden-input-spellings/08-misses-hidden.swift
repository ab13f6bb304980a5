// Known limits, kept as they are: a model behind a protocol that a preview double stands in for
// is taken for the real side of a boundary (LoansModel), and a type whose name starts with Live
// for a live implementation (LiveScoreBoard): neither gets a remark.
import Foundation

struct Loan { let title: String; let due: Date }

protocol LoanListing: Sendable { func loans() async throws -> [Loan] }

/// The screen's model. It conforms to a protocol so the view's previews can stand in for it.
protocol LoansModeling: AnyObject { var overdue: [Loan] { get } }

@MainActor final class LoansModel: LoansModeling {
  private let listing: any LoanListing
  private(set) var loans: [Loan] = []
  init(listing: any LoanListing) { self.listing = listing }

  var overdue: [Loan] { loans.filter { $0.due < Date() } }
  func refreshStamp() -> String { "\(UUID())" }
}

struct FineDesk {
  func isOverdue(_ loan: Loan) -> Bool { loan.due < .now }  // review: hidden-input
  func fee(_ loan: Loan) -> Int {
    let today: Date = .now  // review: hidden-input
    return max(0, Int(today.timeIntervalSince(loan.due) / 86_400)) * 20
  }
  func stamp() -> Date { Date.init() }  // review: hidden-input
  func later() -> Date { Date(timeIntervalSinceNow: 3600) }  // review: hidden-input
}

struct RootViewModel {
  func greeting() -> String { Date().formatted() }  // review: hidden-input
}

struct LiveScoreBoard {
  func updatedAt() -> Date { Date() }
  func load() async throws -> Data { try await URLSession.shared.data(from: URL(string: "https://x")!).0 }
}
