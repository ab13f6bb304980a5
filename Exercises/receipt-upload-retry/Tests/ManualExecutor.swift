import Synchronization

/// An executor that runs nothing until the test says so.
///
/// A task started with `Task(executorPreference: executor)` runs its code, and every child task
/// it makes, here: each time it is ready to go on (at the start, after an `await` on the API,
/// after the `ManualClock` wakes it), it is queued, and waits in the queue until the test calls
/// `runUntilIdle()`. When that returns, the task has done everything it could do without time
/// passing: it has finished, or it is asleep on the `ManualClock`, or it is waiting on something
/// the test does not control. `Task.sleep` is such a thing: it waits on the real clock.
final class ManualExecutor: TaskExecutor, Sendable {
  private let queue = Mutex<[UnownedJob]>([])

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.withLock { $0.append(job) }
  }

  /// Runs every queued job, and every job they queue in turn, until the queue is empty.
  func runUntilIdle() {
    while let job = queue.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}

/// One upload, run step by step on a `ManualExecutor` and a `ManualClock`.
final class SteppedUpload: Sendable {
  enum Step {
    /// The upload is asleep on the manual clock, and will wake after this long.
    case asleep(Duration)
    /// The upload has returned or thrown.
    case finished(Result<String, any Error>)
    /// The upload is neither asleep on the manual clock nor finished: it waits on something the
    /// test cannot move, such as the real clock.
    case waitingElsewhere
  }

  private final class Outcome: Sendable {
    let result = Mutex<Result<String, any Error>?>(nil)
  }

  let clock: ManualClock
  private let executor = ManualExecutor()
  private let outcome = Outcome()
  private let task: Task<Void, Never>

  /// Starts `upload` in a task of its own. Nothing of it runs until `step()`.
  init(on clock: ManualClock, _ upload: @escaping @Sendable () async throws -> String) {
    self.clock = clock
    let outcome = self.outcome
    task = Task(executorPreference: executor) {
      let result: Result<String, any Error>
      do { result = .success(try await upload()) } catch { result = .failure(error) }
      outcome.result.withLock { $0 = result }
    }
  }

  /// Lets the upload run until it can go no further without time passing, and says where it
  /// stopped.
  func step() -> Step {
    executor.runUntilIdle()
    if let result = outcome.result.withLock({ $0 }) { return .finished(result) }
    if let wake = clock.nextWake { return .asleep(wake) }
    return .waitingElsewhere
  }

  /// Cancels the upload's task, as closing the screen would. Run `step()` to let it react.
  func cancel() {
    task.cancel()
  }
}
