/// One push, as the spy saw it.
struct Push: Equatable {
  let message: String
  let deviceToken: String
}

final class SpyPushSender: PushSender {
  private(set) var sent: [Push] = []
  var unreachable: Set<String> = []
  private(set) var callCount = 0

  func send(_ message: String, to deviceToken: String) throws {
    callCount += 1
    let push = Push(message: message, deviceToken: deviceToken)
    if !sent.contains(push) {
      sent.append(push)
    }
    if unreachable.contains(deviceToken) {
      throw PushFailed(deviceToken: deviceToken)
    }
  }
}
