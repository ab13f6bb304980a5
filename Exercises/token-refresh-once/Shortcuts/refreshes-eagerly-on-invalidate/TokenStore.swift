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

  private func startRefresh() -> Task<Token, any Error> {
    if let refreshing { return refreshing }
    let refresh = self.refresh
    let task = Task { try await refresh() }
    refreshing = task
    Task { await self.finish(task) }
    return task
  }

  private func finish(_ task: Task<Token, any Error>) async {
    let result = await task.result
    if refreshing == task { refreshing = nil }
    if case .success(let token) = result { current = token }
  }

  func validToken() async throws -> Token {
    if let current { return current }
    let task = startRefresh()
    let token = try await task.value
    return token
  }

  func invalidate() {
    current = nil
    _ = startRefresh()
  }
}
