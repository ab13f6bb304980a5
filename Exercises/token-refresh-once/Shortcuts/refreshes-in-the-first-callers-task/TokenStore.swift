/// An access token for the grocery app's API.
struct Token: Equatable, Sendable {
  let value: String
}

actor TokenStore {
  private let refresh: @Sendable () async throws -> Token
  private var current: Token?
  private var isRefreshing = false
  private var waiting: [CheckedContinuation<Token, any Error>] = []

  init(refresh: @escaping @Sendable () async throws -> Token) {
    self.refresh = refresh
  }

  func validToken() async throws -> Token {
    if let current { return current }
    if isRefreshing {
      return try await withCheckedThrowingContinuation { waiting.append($0) }
    }
    isRefreshing = true
    let result: Result<Token, any Error>
    do { result = .success(try await refresh()) } catch { result = .failure(error) }
    isRefreshing = false
    let waiters = waiting
    waiting = []
    if case .success(let token) = result { current = token }
    for w in waiters { w.resume(with: result) }
    return try result.get()
  }

  func invalidate() {
    current = nil
  }
}
