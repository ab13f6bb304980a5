import Testing

@testable import UserRepository

/// Serves canned bodies and records every path it is asked for.
final class RecordingClient: HTTPClient {
  var bodies: [String: String]
  private(set) var requests: [String] = []

  init(bodies: [String: String]) {
    self.bodies = bodies
  }

  func get(_ path: String) throws -> String {
    requests.append(path)
    guard let body = bodies[path] else { throw NotFound(path: path) }
    return body
  }
}

struct NotFound: Error, Equatable {
  let path: String
}

@Suite struct UserRepositoryTests {
  @Test func fetchesThroughTheInjectedClient() {
    let client = RecordingClient(bodies: ["/users/42": #"{"id": 42, "name": "Ada"}"#])
    _ = try? UserRepository(client: client).user(id: 42)
    #expect(
      client.requests == ["/users/42"],
      "UserRepository ignored the injected client: it made \(client.requests.count) calls to it. Keep the client from init(client:) and call it in user(id:).")
  }

  @Test func decodesTheUserFromTheBody() throws {
    let client = RecordingClient(bodies: ["/users/7": #"{"id": 7, "name": "Grace"}"#])
    let user = try UserRepository(client: client).user(id: 7)
    #expect(
      user == User(id: 7, name: "Grace"),
      "The injected client served the JSON of User(id: 7, name: \"Grace\"), so that is the user to return; UserRepository returned \(user).")
  }

  @Test func passesTheClientsErrorsThrough() {
    let repository = UserRepository(client: RecordingClient(bodies: [:]))
    #expect(
      throws: NotFound(path: "/users/1"),
      "The injected client threw NotFound for /users/1, and that error should reach the caller unchanged: not caught, not replaced, not retried with another client."
    ) {
      try repository.user(id: 1)
    }
  }

  @Test func neverAsksTheLiveClient() {
    // Paths of this test only: the other tests run at the same time.
    let found = RecordingClient(bodies: ["/users/314": #"{"id": 314, "name": "Katherine"}"#])
    _ = try? UserRepository(client: found).user(id: 314)
    _ = try? UserRepository(client: RecordingClient(bodies: [:])).user(id: 315)
    let reached = LiveHTTPClient.attempts.withLock { $0.filter { ["/users/314", "/users/315"].contains($0) } }
    #expect(
      reached.isEmpty,
      "UserRepository asked LiveHTTPClient for \(reached) (this exercise's sandbox refused and logged it). Trying the real API first, or falling back to it when the injected client fails, is still reaching the network from a test. The injected client is the only one: no LiveHTTPClient inside UserRepository.")
  }
}
