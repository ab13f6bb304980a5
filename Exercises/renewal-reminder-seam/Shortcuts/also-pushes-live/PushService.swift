import Foundation

/// The push-notification service, a singleton. Leave this file as it is.
///
/// In the app it talks to the phone platforms' push servers. In this exercise it prints a
/// `LIVE:` line and writes every push into `PushService.deliveries`, naming the instance that
/// sent it, so the tests can see when the live service was used, and which one.
final class PushService: @unchecked Sendable {
  static let shared = PushService()

  struct Delivery: Equatable {
    let member: String
    let text: String
    let byShared: Bool
  }

  private static let lock = NSLock()
  nonisolated(unsafe) private static var log: [Delivery] = []

  /// Every push any PushService sent, oldest first.
  static var deliveries: [Delivery] {
    lock.withLock { log }
  }

  func register(deviceToken: String, for member: String) {
    print("LIVE: register \(deviceToken) for \(member)")
  }

  func unregister(member: String) {
    print("LIVE: unregister \(member)")
  }

  func setBadge(_ count: Int, for member: String) {
    print("LIVE: badge \(count) for \(member)")
  }

  func send(_ text: String, to member: String) {
    print("LIVE: push to \(member): \(text)")
    let delivery = Delivery(member: member, text: text, byShared: self === PushService.shared)
    Self.lock.withLock { Self.log.append(delivery) }
  }
}
