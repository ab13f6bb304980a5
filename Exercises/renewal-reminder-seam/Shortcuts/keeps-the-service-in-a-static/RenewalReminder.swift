import Foundation

/// One book out on loan.
struct Loan: Equatable {
  let member: String
  let title: String
  let due: Date
}

/// What RenewalReminder needs from the push service: one method, not all of them.
protocol PushSending {
  func send(_ text: String, to member: String)
}

extension PushService: PushSending {}

/// Reminds members to renew: a push for every loan due within the next two days (48 hours
/// after `now`, inclusive), in the order of `loans`. Loans already overdue get nothing: the
/// fines job writes to those. Returns how many pushes it sent.
struct RenewalReminder {
  nonisolated(unsafe) private static var push: any PushSending = PushService.shared

  init(push: any PushSending = PushService.shared) {
    Self.push = push
  }

  func remind(_ loans: [Loan], now: Date) -> Int {
    var sent = 0
    for loan in loans where loan.due >= now && loan.due <= now.addingTimeInterval(2 * 86_400) {
      Self.push.send("\"\(loan.title)\" is due soon. Renew it in the app.", to: loan.member)
      sent += 1
    }
    return sent
  }
}
