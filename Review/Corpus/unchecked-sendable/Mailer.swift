import Foundation
import Synchronization

protocol Mailer: Sendable {
  func send(_ text: String)
}

final class SpyMailer: Mailer, @unchecked Sendable {  // review: unguarded-unchecked-sendable
  var sent: [String] = []
  func send(_ text: String) { sent.append(text) }
}

/// Guarded: a lock beside the state.
final class LockedSpyMailer: Mailer, @unchecked Sendable {
  private let lock = NSLock()
  private var sent: [String] = []
  func send(_ text: String) { lock.withLock { sent.append(text) } }
}

/// No `var` to guard.
final class ConstantMailer: Mailer, @unchecked Sendable {
  let from: String
  init(from: String) { self.from = from }
  func send(_ text: String) {}
}

/// Checked Sendable: the compiler does the work.
final class MutexMailer: Mailer, Sendable {
  private let sent = Mutex<[String]>([])
  func send(_ text: String) { sent.withLock { $0.append(text) } }
}
