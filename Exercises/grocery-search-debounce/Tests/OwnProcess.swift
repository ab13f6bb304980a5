import Foundation
import Testing

// Why every test here runs in a process of its own.
//
// `settle` and `RealTimers` judge the model by what the whole process is doing: every thread
// asleep means the model has nothing left to run; the timer thread waking means something waited
// on the real clock. That holds only while the process runs nothing but this test. A plain
// `swift test` at the top of the course, a grade of a whole class or `verify` runs every
// exercise's tests in one process, side by side: another exercise's test that blocks the thread
// pool for a moment (a semaphore, a short sleep) leaves the model's next job queued with no thread
// to run it, and the process looks asleep while a right answer still had work to do. So each test
// starts itself again as an exit test: Swift Testing runs the body in a child process that runs
// nothing else, and hands every issue it records back to this one.

/// What the test says when its child process does not end normally.
let alone: Comment = "This test ran in a process of its own, and that process did not end normally: the model crashed or stopped it (the crash, when there was one, is printed above the test's result). A crash in the model's code fails the test the same way in the app."

/// Runs a test's body in the exit test's child process, and ends it normally whatever the test
/// found: a failed `#require` has recorded its issue already (Swift Testing hands it to the parent
/// process), so only a crash makes the child end otherwise.
func asTheChild(_ body: () async throws -> Void) async {
  do {
    try await body()
  } catch is ExpectationFailedError {
  } catch {
    Issue.record(error)
  }
}

/// Prints what the child process wrote to standard error when it did not end normally: a crash in
/// the model names its file and line there, and the runner shows it to the learner.
func echoACrash(_ result: ExitTest.Result?) {
  guard let result, result.exitStatus != .exitCode(EXIT_SUCCESS), !result.standardErrorContent.isEmpty else { return }
  FileHandle.standardError.write(Data(result.standardErrorContent))
}
