import Testing

// Two rules for the tests, compiled into every module of this exercise's tests (the subject
// module cannot keep them: a function of an imported module does not shadow Testing's).

/// `Task.sleep` in this module records an issue: `load` is `async`, so a test awaits it and checks
/// once it has returned. A pause is a guess that passes on a quiet machine and fails on a busy one,
/// and every run pays for it.
extension Task where Success == Never, Failure == Never {
  static func sleep(for duration: Duration, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    Issue.record(
      "This test called Task.sleep(for: \(duration)): load(day:) is async, so `await model.load(day:)` and check once it returns. Never pause to give the model time.",
      sourceLocation: sourceLocation)
    try await ContinuousClock().sleep(for: duration)
  }

  static func sleep(nanoseconds: UInt64) async throws {
    Issue.record(
      "This test called Task.sleep(nanoseconds: \(nanoseconds)): load(day:) is async, so `await model.load(day:)` and check once it returns. Never pause to give the model time.")
    try await ContinuousClock().sleep(for: .nanoseconds(nanoseconds))
  }
}

/// `withKnownIssue` in this module hides nothing: it records an issue of its own and runs its body
/// as plain test code. Here it could only hide what LiveShowtimesCatalog records when a test
/// reaches the cinema chain's API, and a known issue does not make that call safe.
let knownIssueHidesNothing =
  "This test used withKnownIssue, which would hide the issue LiveShowtimesCatalog records when a test reaches the cinema chain's API; in this exercise it hides nothing. A known issue does not make a live call safe: build every model with a StubCatalog, and leave the live catalog to the app's composition root."

func withKnownIssue(
  _ comment: Comment? = nil, isIntermittent: Bool = false, sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () throws -> Void
) {
  Issue.record(Comment(rawValue: knownIssueHidesNothing), sourceLocation: sourceLocation)
  do { try body() } catch { Issue.record(error, sourceLocation: sourceLocation) }
}

func withKnownIssue(
  _ comment: Comment? = nil, isIntermittent: Bool = false, sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () throws -> Void, when precondition: () -> Bool = { true },
  matching issueMatcher: @escaping KnownIssueMatcher = { _ in true }
) rethrows {
  Issue.record(Comment(rawValue: knownIssueHidesNothing), sourceLocation: sourceLocation)
  try body()
}

func withKnownIssue(
  _ comment: Comment? = nil, isIntermittent: Bool = false, isolation: isolated (any Actor)? = #isolation,
  sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
) async {
  Issue.record(Comment(rawValue: knownIssueHidesNothing), sourceLocation: sourceLocation)
  do { try await body() } catch { Issue.record(error, sourceLocation: sourceLocation) }
}

func withKnownIssue(
  _ comment: Comment? = nil, isIntermittent: Bool = false, isolation: isolated (any Actor)? = #isolation,
  sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void,
  when precondition: () async -> Bool = { true }, matching issueMatcher: @escaping KnownIssueMatcher = { _ in true }
) async rethrows {
  Issue.record(Comment(rawValue: knownIssueHidesNothing), sourceLocation: sourceLocation)
  try await body()
}
