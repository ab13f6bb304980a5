import Foundation
import Testing

// Rules for the tests, compiled into every module of this exercise's tests (the subject module
// cannot keep them: a function of an imported module does not shadow Testing's).

/// `withKnownIssue` in this module hides nothing: it records an issue of its own and runs its body
/// as plain test code. Here it could only hide what a live part records when a test reaches it,
/// and a known issue does not make that request safe.
let knownIssueHidesNothing =
  "This test used withKnownIssue, which would hide the issue a live part (LiveFeed, DiskQueueStore, WallClock, LiveAnalytics) records when a test reaches it; in this exercise it hides nothing. A known issue does not make a live call safe: drive every story through QueueRoot.test with doubles of your own, and leave QueueRoot.live to the app."

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

/// `Task.detached` in this module keeps the test it was started from: it runs its work as a plain
/// `Task`, which carries the test's task-locals along (lesson 9). A detached task starts with none,
/// not even the current test, so the issue a live part records there would reach no test; here it
/// reaches the test that started the task, and fails it.
extension Task where Failure == Never {
  @discardableResult
  static func detached(
    name: String? = nil, priority: TaskPriority? = nil,
    operation: sending @escaping @isolated(any) () async -> Success
  ) -> Task<Success, Never> {
    Task(name: name, priority: priority, operation: operation)
  }
}

extension Task where Failure == any Error {
  @discardableResult
  static func detached(
    name: String? = nil, priority: TaskPriority? = nil,
    operation: sending @escaping @isolated(any) () async throws -> Success
  ) -> Task<Success, any Error> {
    Task(name: name, priority: priority, operation: operation)
  }
}
