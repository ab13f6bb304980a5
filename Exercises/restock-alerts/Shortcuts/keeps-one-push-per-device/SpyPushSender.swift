/// One push, as the spy saw it.
struct Push: Equatable {
  let message: String
  let deviceToken: String
}

final class SpyPushSender: PushSender {
  private var byDevice: [String: Push] = [:]
  var sent: [Push] { byDevice.keys.sorted().compactMap { byDevice[$0] } }
  var unreachable: Set<String> = []
  private(set) var callCount = 0

  func send(_ message: String, to deviceToken: String) throws {
    callCount += 1
    byDevice[deviceToken] = Push(message: message, deviceToken: deviceToken)
    if unreachable.contains(deviceToken) {
      throw PushFailed(deviceToken: deviceToken)
    }
  }
}
