/// An access token for the grocery app's API.
struct Token: Equatable, Sendable {
  let value: String
}

actor TokenStore {
  private let refresh: @Sendable () async throws -> Token
  private var current: Token?
  private var refreshing: Task<Token, any Error>?
  private var invalidatedDuringRefresh = false

  init(refresh: @escaping @Sendable () async throws -> Token) {
    self.refresh = refresh
  }

  func validToken() async throws -> Token {
    if let current { return current }
    if let refreshing { return try await refreshing.value }
    let task = Task { try await refresh() }
    refreshing = task
    invalidatedDuringRefresh = false
    defer { refreshing = nil }
    let token = try await task.value
    // The server rejected something while we refreshed: do not trust this token for later.
    if !invalidatedDuringRefresh { current = token }
    return token
  }

  func invalidate() {
    current = nil
    if refreshing != nil { invalidatedDuringRefresh = true }
  }
}
