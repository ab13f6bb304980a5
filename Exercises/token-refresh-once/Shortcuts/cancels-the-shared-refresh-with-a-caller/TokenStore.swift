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
    if let refreshing { return try await Self.await(refreshing) }
    let task = Task { try await refresh() }
    refreshing = task
    defer { refreshing = nil }
    let token = try await Self.await(task)
    current = token
    return token
  }

  /// Awaits the refresh, passing the caller's cancellation on to it: nobody left waiting,
  /// no point finishing the round trip.
  private static func await(_ task: Task<Token, any Error>) async throws -> Token {
    try await withTaskCancellationHandler {
      try await task.value
    } onCancel: {
      task.cancel()
    }
  }

  func invalidate() {
    current = nil
  }
}
