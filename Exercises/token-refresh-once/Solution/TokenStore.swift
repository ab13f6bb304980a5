/// An access token for the grocery app's API.
struct Token: Equatable, Sendable {
  let value: String
}

/// Hands every request of the app a valid access token.
///
/// The API client asks for a token before each request. When there is none (at launch, or
/// after the server answered 401 and the client called `invalidate()`), the store refreshes it
/// with the injected `refresh`, a round trip to the login server.
///
/// - Every caller that asks while a refresh is running waits for that refresh: one refresh,
///   however many ask, and they all get its token. They wait suspended on the refresh, not
///   polling; a waiting caller whose task is cancelled still gets the token.
/// - The token is kept: later calls get it without a refresh, until `invalidate()`.
/// - A refresh that fails throws its error to every caller that waited for it, and leaves
///   nothing behind: the next call refreshes again.
/// - `invalidate()` only forgets the token. A refresh that is running goes on, and callers that
///   ask after `invalidate()` wait for it; it starts no refresh of its own; and nobody gets the
///   rejected token back, not even when the next refresh fails.
actor TokenStore {
  private let refresh: @Sendable () async throws -> Token
  private var current: Token?
  private var refreshing: Task<Token, any Error>?

  init(refresh: @escaping @Sendable () async throws -> Token) {
    self.refresh = refresh
  }

  /// The current token, refreshed first if there is none.
  func validToken() async throws -> Token {
    if let current { return current }
    if let refreshing { return try await refreshing.value }
    // Stored before the first `await`, so every caller that arrives during the refresh
    // finds it and waits for the same one.
    let task = Task { try await refresh() }
    refreshing = task
    defer { refreshing = nil }
    let token = try await task.value
    current = token
    return token
  }

  /// The server rejected the token: forget it, so the next call refreshes.
  func invalidate() {
    current = nil
  }
}
