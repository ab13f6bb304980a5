import Foundation
import Synchronization

/// Runs each task on a thread of its own, so tasks started on it really run at the same time,
/// however many cores the machine has and whatever else is running.
final class ThreadPerTask: TaskExecutor {
  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    Thread { job.runSynchronously(on: executor) }.start()
  }
}

/// Starts `count` tasks at once, each calling `read` once, and returns what each one got.
func stampede<Result: Sendable>(
  of count: Int, _ read: @escaping @Sendable () -> Result
) async -> [Result] {
  let executor = ThreadPerTask()
  return await withTaskGroup(of: Result.self) { group in
    for _ in 0..<count {
      group.addTask(executorPreference: executor) { read() }
    }
    return await group.reduce(into: []) { $0.append($1) }
  }
}

/// The test double for the interaction table: `build` says which build made it.
final class TableDouble: Sendable {
  let build: Int

  init(build: Int) {
    self.build = build
  }
}

/// Builds `TableDouble`s, counts the builds and the tasks that asked, and keeps every table it
/// built until the test ends (so a Lazy that builds twice and drops one cannot free a table
/// another task is still reading: the test then reports the extra build instead of crashing).
///
/// In a stampede the real table takes seconds to load, and every task that asks during those
/// seconds finds it not built yet. This builder makes that window certain: every build takes a
/// moment, and the first one waits until a second task has asked, and then a little longer, so
/// that task is already inside `value` while the first build is still running.
final class TableBuilder: Sendable {
  private let built = Mutex<[TableDouble]>([])
  private let askers = Atomic<Int>(0)
  private let holdsTheFirstBuild: Bool

  init(holdsTheFirstBuild: Bool = false) {
    self.holdsTheFirstBuild = holdsTheFirstBuild
  }

  var count: Int { built.withLock { $0.count } }

  /// Called by a task just before it reads `value`.
  func willAsk() {
    askers.add(1, ordering: .sequentiallyConsistent)
  }

  func build() -> TableDouble {
    let table = built.withLock { built in
      built.append(TableDouble(build: built.count + 1))
      return built[built.count - 1]
    }
    if holdsTheFirstBuild && table.build == 1 {
      let giveUp = ContinuousClock.now + .seconds(5)
      while askers.load(ordering: .sequentiallyConsistent) < 2 && ContinuousClock.now < giveUp {
        Thread.sleep(forTimeInterval: 0.001)
      }
      Thread.sleep(forTimeInterval: 0.1)
    }
    Thread.sleep(forTimeInterval: 0.02)
    return table
  }
}
