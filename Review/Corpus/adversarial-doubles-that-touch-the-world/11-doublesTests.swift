import Foundation
import Testing
@testable import App

struct DiskFeed: Feed {
  func items() async throws -> [String] {
    let data = try Data(contentsOf: URL(fileURLWithPath: "/tmp/feed.json"))  // review: working-double
    return try JSONDecoder().decode([String].self, from: data)
  }
}

struct NetworkFeed: Feed {
  func items() async throws -> [String] {
    let session = URLSession(configuration: .ephemeral)  // review: working-double
    _ = try await session.data(from: URL(string: "https://example.com/feed")!)
    return []
  }
}

struct LooseClock: Clock { var now: Date { .now } }  // review: working-double

final class SpyDoor: DoorLocking, @unchecked Sendable {  // review: unguarded-unchecked-sendable
  var isLocked = false
  var lockCount = 0
  func lock() async { isLocked = true; lockCount += 1 }
  func unlock() async { isLocked = false }
}

final class SpyMailer: Mailer {  // review: unguarded-unchecked-sendable
  var sent: [String] = []
  func send(_ text: String) { sent.append(text) }
}
extension SpyMailer: @unchecked Sendable {}

/// The lock lives in a small wrapper, so the spy's state is always read and written under it.
struct Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value
  init(_ value: Value) { self.value = value }
  mutating func withLock<R>(_ body: (inout Value) -> R) -> R { lock.lock(); defer { lock.unlock() }; return body(&value) }
}

final class GuardedSpy: Mailer, @unchecked Sendable {
  private let state = Locked<[String]>([])
  func send(_ text: String) {}
}

final class QueueSpy: Mailer, @unchecked Sendable {
  private let queue = DispatchQueue(label: "spy")
  private var _sent: [String] = []
  var sent: [String] { queue.sync { _sent } }
  func send(_ text: String) { queue.sync { _sent.append(text) } }
}

@Test func readsSlowly() async throws {
  let reader = Reader(feed: DiskFeed(), clock: LooseClock(), fetch: {
    try await Task.sleep(for: .seconds(2))
    return ["late"]
  })
  _ = reader
}
