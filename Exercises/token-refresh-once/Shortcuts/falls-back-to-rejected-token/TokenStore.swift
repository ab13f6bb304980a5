/// An access token for the grocery app's API.
struct Token: Equatable, Sendable {
  let value: String
}

actor TokenStore {
  private let refresh: @Sendable () async throws -> Token
  private var current: Token?
  private var lastKnown: Token?
  private var refreshing: Task<Token, any Error>?

  init(refresh: @escaping @Sendable () async throws -> Token) {
    self.refresh = refresh
  }

  func validToken() async throws -> Token {
    if let current { return current }
    if let refreshing {
      do { return try await refreshing.value } catch {
        if let lastKnown { return lastKnown }
        throw error
      }
    }
    let refresh = self.refresh
    let task = Task { try await refresh() }
    refreshing = task
    defer { refreshing = nil }
    do {
      let token = try await task.value
      current = token
      lastKnown = token
      return token
    } catch {
      if let lastKnown { return lastKnown }
      throw error
    }
  }

  func invalidate() {
    current = nil
  }
}
