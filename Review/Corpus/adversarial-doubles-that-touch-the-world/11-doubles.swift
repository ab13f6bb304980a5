import Foundation

protocol Feed: Sendable { func items() async throws -> [String] }
protocol Clock: Sendable { var now: Date { get } }
protocol DoorLocking: Sendable { func lock() async; func unlock() async }
protocol Mailer: Sendable { func send(_ text: String) }

struct Reader {
  let feed: any Feed
  let clock: any Clock
  let fetch: @Sendable () async throws -> [String]
}
