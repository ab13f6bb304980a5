import Foundation
import Testing

// The library app's live services. Leave this file as it is.
//
// In the app, LiveLoanStore reads the library's database and Mailer sends real mail to
// members. In this exercise each of them records an Issue when a test reaches it, naming
// itself: the tests run on doubles only.

/// One book out on loan.
struct Loan: Equatable {
  let member: String
  let title: String
  let due: Date
}

/// Where the open loans come from.
protocol LoanStore {
  func openLoans() -> [Loan]
}

/// The library's database.
struct LiveLoanStore: LoanStore {
  func openLoans() -> [Loan] {
    Issue.record(
      "A test read the library's database through LiveLoanStore. Hand the code a stub LoanStore instead.")
    return []
  }
}

/// Sends mail. Someone extracted this protocol last year; nothing uses it yet.
protocol Mailing {
  func send(to address: String, subject: String, body: String)
}

/// The mail server, as a singleton.
final class Mailer: Mailing, Sendable {
  static let shared = Mailer()

  func send(to address: String, subject: String, body: String) {
    Issue.record(
      "A test sent real mail to \(address) through Mailer.shared. The code must send through the Mailing it was given.")
  }
}
