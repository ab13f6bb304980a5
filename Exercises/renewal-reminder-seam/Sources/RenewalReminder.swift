import Foundation

/// One book out on loan.
struct Loan: Equatable {
  let member: String
  let title: String
  let due: Date
}

/// Reminds members to renew: a push for every loan due within the next two days (48 hours
/// after `now`, inclusive), in the order of `loans`. Loans already overdue get nothing: the
/// fines job writes to those. Returns how many pushes it sent.
struct RenewalReminder {
  func remind(_ loans: [Loan], now: Date) -> Int {
    var sent = 0
    for loan in loans where loan.due >= now && loan.due <= now.addingTimeInterval(2 * 86_400) {
      PushService.shared.send("\"\(loan.title)\" is due soon. Renew it in the app.", to: loan.member)
      sent += 1
    }
    return sent
  }
}
