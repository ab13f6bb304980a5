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

/// The test double for the interaction table: which builder made it, and which of its builds.
///
/// A plain value with no references in it, so a Lazy that races cannot corrupt memory with it:
/// a wrong answer fails the test instead of crashing it.
struct TableDouble: Equatable {
  let builder: Int
  let build: Int
}

/// Builds `TableDouble`s and counts the builds and the tasks that asked.
///
/// In a stampede the real table takes seconds to load, and every task that asks during those
/// seconds finds it not built yet. This builder makes that window certain: every build takes a
/// moment, and the first one waits until a second task has asked, and then a little longer, so
/// that task is already inside `value` while the first build is still running.
final class TableBuilder: Sendable {
  private let id: Int
  private let builds = Atomic<Int>(0)
  private let askers = Atomic<Int>(0)
  private let holdsTheFirstBuild: Bool

  init(id: Int = 1, holdsTheFirstBuild: Bool = false) {
    self.id = id
    self.holdsTheFirstBuild = holdsTheFirstBuild
  }

  var count: Int { builds.load(ordering: .sequentiallyConsistent) }

  /// Called by a task just before it reads `value`.
  func willAsk() {
    askers.add(1, ordering: .sequentiallyConsistent)
  }

  func build() -> TableDouble {
    let build = builds.add(1, ordering: .sequentiallyConsistent).newValue
    if holdsTheFirstBuild && build == 1 {
      let giveUp = ContinuousClock.now + .seconds(5)
      while askers.load(ordering: .sequentiallyConsistent) < 2 && ContinuousClock.now < giveUp {
        Thread.sleep(forTimeInterval: 0.001)
      }
      Thread.sleep(forTimeInterval: 0.1)
    }
    Thread.sleep(forTimeInterval: 0.02)
    return TableDouble(builder: id, build: build)
  }
}
