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
    #expect(user == User(id: 7, name: "Grace"))
  }

  @Test func passesTheClientsErrorsThrough() {
    let repository = UserRepository(client: RecordingClient(bodies: [:]))
    #expect(throws: NotFound(path: "/users/1"), "the error thrown by the injected client should reach the caller") {
      try repository.user(id: 1)
    }
  }
}
