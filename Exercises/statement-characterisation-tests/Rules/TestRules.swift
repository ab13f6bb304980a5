import Foundation
import Testing

// MARK: - Rules for the tests, compiled into every module of this exercise's tests

// A characterisation test pins what the code prints on a day the test chooses. A test that lets
// the real clock in, by any door, pins today, and fails tomorrow. These definitions shadow the
// usual ones for the code compiled with this file (your tests), so that each door
// records an issue on the test that opened it.

/// `Date()` here records an issue: in a test it is the real clock, also as
/// `FixedTime(now: Date())`, which is the real clock under another name.
extension Date {
  init() {
    readTheRealClock(readingDate("Date()"))
    self.init(timeIntervalSinceNow: 0)
  }

  static var now: Date {
    readTheRealClock(readingDate("Date.now"))
    return Date(timeIntervalSinceNow: 0)
  }
}

func readingDate(_ what: String) -> String {
  "This test read the real clock with \(what): what it pins then depends on the day it runs, and fails on another. A fixed clock set from the real clock, FixedTime(now: Date()), is the real clock under another name. Set every clock from a moment the test writes down, such as utc(2023, 11, 14, 10, 0)."
}

/// Records the issue on the test that read the real clock. Off every test's task (a thread of its
/// own, a dispatch queue) no issue reaches a test, so it stops the test run instead.
func readTheRealClock(_ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
  guard Test.current != nil else {
    fatalError(
      "\(message) It ran outside the test's task (on a thread or a queue of its own), where no issue reaches the test, so the test run stops here.")
  }
  Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
}

/// `withKnownIssue` in this module hides nothing: it records an issue of its own and runs its body
/// as plain test code. Here it could only hide the issue SystemTime records when a test reads the
/// real clock, and a known issue does not make a pinned date stay true tomorrow.
let knownIssueHidesNothing =
  "This test used withKnownIssue, which would hide the issue SystemTime records when a test reads the real clock; in this exercise it hides nothing. A statement pinned on the real time changes every day, known issue or not: build every formatter with a clock the test sets."

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
/// not even the current test, so the issue SystemTime records there would reach no test; here it
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
