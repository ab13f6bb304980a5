/// An access token for the grocery app's API.
struct Token: Equatable, Sendable {
  let value: String
}

actor TokenStore {
  private let refresh: @Sendable () async throws -> Token
  /// One token for the whole app, whichever store asks. Only the actor touches it.
  nonisolated(unsafe) private static var shared: Token?
  private var refreshing: Task<Token, any Error>?

  init(refresh: @escaping @Sendable () async throws -> Token) {
    self.refresh = refresh
  }

  func validToken() async throws -> Token {
    if let current = Self.shared { return current }
    if let refreshing { return try await refreshing.value }
    let task = Task { try await refresh() }
    refreshing = task
    defer { refreshing = nil }
    let token = try await task.value
    Self.shared = token
    return token
  }

  func invalidate() {
    Self.shared = nil
  }
}
