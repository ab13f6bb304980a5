/// An access token for the grocery app's API.
struct Token: Equatable, Sendable {
  let value: String
}

actor TokenStore {
  private let refresh: @Sendable () async throws -> Token
  private var current: Token?
  private var isRefreshing = false
  private var waiters: [CheckedContinuation<Token, any Error>] = []

  init(refresh: @escaping @Sendable () async throws -> Token) {
    self.refresh = refresh
  }

  func validToken() async throws -> Token {
    if let current { return current }
    if isRefreshing {
      return try await withCheckedThrowingContinuation { waiters.append($0) }
    }
    isRefreshing = true
    do {
      let token = try await refresh()
      current = token
      isRefreshing = false
      let waiting = waiters
      waiters = []
      for waiter in waiting { waiter.resume(returning: token) }
      return token
    } catch {
      isRefreshing = false
      let waiting = waiters
      waiters = []
      for waiter in waiting { waiter.resume(throwing: error) }
      throw error
    }
  }

  func invalidate() {
    current = nil
    isRefreshing = false
  }
}
