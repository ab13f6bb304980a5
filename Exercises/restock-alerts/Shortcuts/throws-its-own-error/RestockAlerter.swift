// The code under test. You do not need to change this file.

import Synchronization

/// A product that customers can wait for.
struct Product: Equatable {
  let id: String
  let name: String
}

/// Sends one push notification to one device.
protocol PushSender {
  func send(_ message: String, to deviceToken: String) throws
}

/// Thrown when a device cannot be reached.
struct PushFailed: Error, Equatable {
  let deviceToken: String
}

/// Who is waiting for which product.
protocol Waitlist {
  func deviceTokens(waitingFor productID: String) -> [String]
  func remove(_ deviceToken: String, from productID: String)
}

/// Tells everyone on a product's waitlist that it is back.
final class RestockAlerter {
  private let waitlist: any Waitlist
  private let sender: any PushSender

  init(waitlist: any Waitlist, sender: any PushSender) {
    self.waitlist = waitlist
    self.sender = sender
  }

  /// Pushes "<name> is back in stock!" to every waiting device and takes each device it
  /// reached off the waitlist. Returns the devices it could not reach; they stay on the
  /// list for the next restock.
  @discardableResult
  func productRestocked(_ product: Product) -> [String] {
    var unreachable: [String] = []
    for token in waitlist.deviceTokens(waitingFor: product.id) {
      do {
        try sender.send("\(product.name) is back in stock!", to: token)
        waitlist.remove(token, from: product.id)
      } catch {
        unreachable.append(token)
      }
    }
    return unreachable
  }
}

/// The real sender, for the app. Exercises run offline, so it refuses instead, and logs every
/// device it was asked to reach, the way a sandbox logs a blocked connection.
struct LivePushSender: PushSender {
  /// Every device token a `LivePushSender` was asked to reach in this run.
  static let attempts = Mutex<[String]>([])

  struct Offline: Error, CustomStringConvertible {
    let deviceToken: String
    var description: String {
      "LivePushSender tried to reach the push service for \(deviceToken); tests must not"
    }
  }

  func send(_ message: String, to deviceToken: String) throws {
    Self.attempts.withLock { $0.append(deviceToken) }
    throw Offline(deviceToken: deviceToken)
  }
}
