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

/// Builds `TableDouble`s, counts the builds, and watches the tasks that ask.
///
/// In a stampede the real table takes seconds to load, and every task that asks during those
/// seconds finds it not built yet. This builder makes that window certain instead of likely: the
/// first build waits until every one of the `askers` tasks has asked, and then until each of them
/// has either started a build of its own (a wrong answer, caught) or is asleep, waiting for the
/// first build (a right one). See Threads.swift.
final class TableBuilder: Sendable {
  private let id: Int
  private let builds = Atomic<Int>(0)
  private let askers: Int
  private let asking = Mutex<[Worker]>([])

  /// `askers`: how many tasks the first build waits for (0: it waits for nobody).
  init(id: Int = 1, askers: Int = 0) {
    self.id = id
    self.askers = askers
  }

  var count: Int { builds.load(ordering: .sequentiallyConsistent) }

  /// How a task asks: `read` is its read of `value`.
  func ask<Value>(_ read: () -> Value) -> Value {
    let me = Worker()
    asking.withLock { $0.append(me) }
    defer { me.finish() }
    return read()
  }

  func build() -> TableDouble {
    let build = builds.add(1, ordering: .sequentiallyConsistent).newValue
    if build == 1 && askers > 0 {
      _ = eventually { asking.withLock { $0.count } >= askers }
      let others = asking.withLock { $0 }.filter { !$0.isCurrentThread }
      _ = settle(others) { count > 1 }
    }
    return TableDouble(builder: id, build: build)
  }
}
