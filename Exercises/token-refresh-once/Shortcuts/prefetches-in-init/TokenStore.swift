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
    Task { try? await self.validToken() }  // warm up: the first request will not wait
  }

  func validToken() async throws -> Token {
    if let current { return current }
    if let refreshing { return try await refreshing.value }
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
