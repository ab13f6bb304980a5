/// An access token for the grocery app's API.
struct Token: Equatable, Sendable {
  let value: String
}

actor TokenStore {
  private let refresh: @Sendable () async throws -> Token
  private var current: Token?
  private var isRefreshing = false
  private var lastError: (any Error)?

  init(refresh: @escaping @Sendable () async throws -> Token) {
    self.refresh = refresh
  }

  func validToken() async throws -> Token {
    if let current { return current }
    if isRefreshing {
      while isRefreshing { try await Task.sleep(for: .milliseconds(1)) }
      if let current { return current }
      throw lastError ?? CancellationError()
    }
    isRefreshing = true
    defer { isRefreshing = false }
    do {
      let token = try await refresh()
      current = token
      lastError = nil
      return token
    } catch {
      lastError = error
      throw error
    }
  }

  func invalidate() {
    current = nil
  }
}
