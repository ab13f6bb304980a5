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

/// The client this file's own `UserRepository()` hands in (below).
struct ProbeClient: HTTPClient {
  func get(_ path: String) throws -> String { throw NotFound(path: path) }
}

/// Gives `UserRepository` a `UserRepository()` of last resort. It is chosen only when
/// UserRepository has no init of its own that can be called without a client: if
/// `init(client:)` has a default (or an optional that falls back), `UserRepository()` means that
/// one, and the repository holds its default client, not a `ProbeClient`.
protocol BuiltWithoutAClient {
  static func withProbe() -> Self
}

extension BuiltWithoutAClient {
  @_disfavoredOverload init() {
    self = Self.withProbe()
  }
}

extension UserRepository: BuiltWithoutAClient {
  static func withProbe() -> UserRepository { UserRepository(client: ProbeClient()) }
}

/// The types of every stored property of `value`.
func storedTypes(of value: Any) -> [String] {
  Mirror(reflecting: value).children.map { String(describing: type(of: $0.value)) }
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

  @Test func asksTheClientOnceForEveryCall() throws {
    let client = RecordingClient(bodies: ["/users/42": #"{"id": 42, "name": "Ada"}"#])
    let repository = UserRepository(client: client)
    _ = try repository.user(id: 42)
    client.bodies["/users/42"] = #"{"id": 42, "name": "Ada Lovelace"}"#
    let renamed = try repository.user(id: 42)
    #expect(
      client.requests == ["/users/42", "/users/42"] && renamed == User(id: 42, name: "Ada Lovelace"),
      "user(id: 42) was called twice, and the user was renamed in between: the repository asked the client \(client.requests.count) times and returned \(renamed). Every call asks the injected client, once: a cache of users, kept in the repository, hides every change.")
  }

  @Test func aFailedRequestIsNotRetried() {
    let client = RecordingClient(bodies: [:])
    _ = try? UserRepository(client: client).user(id: 1)
    #expect(
      client.requests == ["/users/1"],
      "The injected client failed once, and the repository asked it for \(client.requests): it retried. Errors reach the caller unchanged and at once; whether to try again is the caller's decision.")
  }

  @Test func theClientIsARequiredParameter() {
    let repository = UserRepository()
    #expect(
      storedTypes(of: repository).contains("ProbeClient"),
      "UserRepository() compiles without being handed a client, and builds a \(storedTypes(of: repository).joined(separator: ", ")): init(client:) has a default (or an optional that falls back), so any code that forgets the client reaches the network. Make client a required parameter with no default: no LiveHTTPClient anywhere in UserRepository, not even as a fallback.")
  }

  @Test func keepsNoLiveClient() {
    let kept = storedTypes(of: UserRepository(client: RecordingClient(bodies: [:])))
    #expect(
      !kept.contains("LiveHTTPClient"),
      "UserRepository keeps a LiveHTTPClient of its own (its stored properties are \(kept)), though it was handed a client. A live client kept \"just in case\" is one line away from being used: keep the injected client, and nothing else that talks to the network.")
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
