/// An access token for the grocery app's API.
struct Token: Equatable, Sendable {
  let value: String
}

actor TokenStore {
  private let refresh: @Sendable () async throws -> Token
  private var current: Token?
  private var refreshing: Task<Token, any Error>?

  init(refresh: @escaping @Sendable () async throws -> Token) {
    self.refresh = refresh
  }

  func validToken() async throws -> Token {
    if let current { return current }
    if let refreshing {
      let token = try await refreshing.value
      try Task.checkCancellation()  // the request that asked is gone
      return token
    }
    let task = Task { try await refresh() }
    refreshing = task
    defer { refreshing = nil }
    let token = try await task.value
    current = token
    return token
  }

  func invalidate() {
    current = nil
  }
}
