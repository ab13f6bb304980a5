import Foundation

/// The push-notification service, a singleton. Leave this file as it is.
///
/// In the app it talks to the phone platforms' push servers. In this exercise every method
/// prints a `LIVE:` line and writes the call into `PushService.calls`, naming the instance that
/// took it, so the tests can see when the live service was used, how, and which one.
final class PushService: @unchecked Sendable {
  static let shared = PushService()

  /// One call to a PushService method.
  struct Call: Equatable {
    /// `"send"`, `"setBadge"`, `"register"` or `"unregister"`.
    let method: String
    let member: String
    /// The push's text, the badge count or the device token.
    let detail: String
    /// Which PushService took the call: 1 for the first one made, 2 for the next, and so on.
    let instance: Int
    /// Whether that was `PushService.shared`.
    let byShared: Bool
  }

  private static let lock = NSLock()
  nonisolated(unsafe) private static var log: [Call] = []
  nonisolated(unsafe) private static var made = 0

  /// This instance's number in `Call.instance`.
  let number: Int

  init() {
    number = Self.lock.withLock {
      Self.made += 1
      return Self.made
    }
  }

  /// Every call any PushService took, oldest first.
  static var calls: [Call] {
    lock.withLock { log }
  }

  func register(deviceToken: String, for member: String) {
    print("LIVE: register \(deviceToken) for \(member)")
    record("register", member, deviceToken)
  }

  func unregister(member: String) {
    print("LIVE: unregister \(member)")
    record("unregister", member, "")
  }

  func setBadge(_ count: Int, for member: String) {
    print("LIVE: badge \(count) for \(member)")
    record("setBadge", member, String(count))
  }

  func send(_ text: String, to member: String) {
    print("LIVE: push to \(member): \(text)")
    record("send", member, text)
  }

  private func record(_ method: String, _ member: String, _ detail: String) {
    let call = Call(method: method, member: member, detail: detail, instance: number, byShared: self === PushService.shared)
    Self.lock.withLock { Self.log.append(call) }
  }
}
