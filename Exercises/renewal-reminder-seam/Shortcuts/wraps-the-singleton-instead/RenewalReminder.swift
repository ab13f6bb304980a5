import Foundation

/// One book out on loan.
struct Loan: Equatable {
  let member: String
  let title: String
  let due: Date
}

protocol PushSending {
  func send(_ text: String, to member: String)
}

struct LivePush: PushSending {
  func send(_ text: String, to member: String) {
    PushService.shared.send(text, to: member)
  }
}

struct RenewalReminder {
  private let push: any PushSending

  init(push: any PushSending = LivePush()) {
    self.push = push
  }

  func remind(_ loans: [Loan], now: Date) -> Int {
    var sent = 0
    for loan in loans where loan.due >= now && loan.due <= now.addingTimeInterval(2 * 86_400) {
      push.send("\"\(loan.title)\" is due soon. Renew it in the app.", to: loan.member)
      sent += 1
    }
    return sent
  }
}
