/// One push, as the spy saw it.
struct Push: Equatable {
  let message: String
  let deviceToken: String
}

enum SpyError: Error { case unreachable }

final class SpyPushSender: PushSender {
  private(set) var sent: [Push] = []
  var unreachable: Set<String> = []
  private(set) var callCount = 0

  func send(_ message: String, to deviceToken: String) throws {
    callCount += 1
    sent.append(Push(message: message, deviceToken: deviceToken))
    if unreachable.contains(deviceToken) {
      throw SpyError.unreachable
    }
  }
}
