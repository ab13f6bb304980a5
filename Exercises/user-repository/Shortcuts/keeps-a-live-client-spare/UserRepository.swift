import Foundation
import Synchronization

struct User: Decodable, Equatable {
  let id: Int
  let name: String
}

/// Fetches text from the app's API.
protocol HTTPClient {
  /// The body of the response to a GET of `path`, such as `/users/42`.
  func get(_ path: String) throws -> String
}

/// The real client. Exercises run offline, so it refuses instead of reaching the network, and
/// logs every path it was asked for, the way a sandbox logs a blocked connection.
struct LiveHTTPClient: HTTPClient {
  /// Every path a `LiveHTTPClient` was asked to fetch in this run.
  static let attempts = Mutex<[String]>([])

  struct Offline: Error, CustomStringConvertible {
    let path: String
    var description: String {
      "LiveHTTPClient tried to reach https://api.example.com\(path); tests must not use the network"
    }
  }

  func get(_ path: String) throws -> String {
    Self.attempts.withLock { $0.append(path) }
    throw Offline(path: path)
  }
}

final class UserRepository {
  private let client: any HTTPClient
  private let liveClient = LiveHTTPClient()
  init(client: any HTTPClient) { self.client = client }
  func user(id: Int) throws -> User {
    let body = try client.get("/users/\(id)")
    return try JSONDecoder().decode(User.self, from: Data(body.utf8))
  }
}
