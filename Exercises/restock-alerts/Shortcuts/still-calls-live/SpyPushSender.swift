/// One push, as the spy saw it.
struct Push: Equatable {
  let message: String
  let deviceToken: String
}

/// A test double for `PushSender`. The tests hand it to `RestockAlerter` and then read
/// what it recorded.
final class SpyPushSender: PushSender {
  /// Every call to `send(_:to:)`, with its arguments, in order.
  private(set) var sent: [Push] = []

  /// Devices a test wants to be unreachable: sending to them throws `PushFailed`.
  var unreachable: Set<String> = []

  /// How often `send(_:to:)` was called.
  private(set) var callCount = 0

  private let live = LivePushSender()

  func send(_ message: String, to deviceToken: String) throws {
    callCount += 1
    sent.append(Push(message: message, deviceToken: deviceToken))
    // Still passed on "to be realistic"; `try?` keeps the live sender's error out of the way.
    try? live.send(message, to: deviceToken)
    if unreachable.contains(deviceToken) {
      throw PushFailed(deviceToken: deviceToken)
    }
  }
}
