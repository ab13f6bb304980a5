import Foundation
import Synchronization

// How the DIKit tests decide a race instead of guessing with sleeps: the first build waits at a
// gate the test holds shut, and the test opens it only once every other caller has either built
// one too (caught) or is asleep in the kernel, waiting for a lock. Linux says which threads are
// asleep in /proc/self/task/<id>/stat; a thread has to stay asleep for a while before it counts.
// The same helpers ship with the course's concurrency exercises (Exercises/*/Tests/Threads.swift).

/// A thread a test watches: one it started, or one it is running on.
final class Watched: Sendable {
  private struct State {
    var id: String?
    var finished = false
  }
  private let state = Mutex(State())

  /// Starts `work` on a new thread, and watches that thread.
  init(_ work: @escaping @Sendable () -> Void) {
    Thread { [self] in
      state.withLock { $0.id = Self.currentThreadID() }
      work()
      finish()
    }.start()
  }

  /// Watches the thread this is called on, until `finish()`.
  init() {
    state.withLock { $0.id = Self.currentThreadID() }
  }

  /// The kernel's id for the thread this is called on.
  private static func currentThreadID() -> String? {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self"))
      .flatMap { $0.split(separator: "/").last.map(String.init) }
  }

  /// Whether this watches the thread this is called on.
  var isCurrentThread: Bool { state.withLock { $0.id } == Self.currentThreadID() }

  func finish() { state.withLock { $0.finished = true } }

  var finished: Bool { state.withLock { $0.finished } }

  /// Whether the thread is asleep in the kernel, waiting (for a lock, a semaphore, …) right now.
  /// A thread that is merely descheduled is "runnable", and one reading from disk is in
  /// "disk sleep": neither counts. `nil` where the system does not say (no /proc: not Linux).
  var asleep: Bool? {
    guard Self.systemTells else { return nil }
    // A thread that has not started yet, or has just finished, is not waiting.
    guard let id = state.withLock({ $0.finished ? nil : $0.id }),
      let stat = try? String(contentsOfFile: "/proc/self/task/\(id)/stat", encoding: .utf8),
      let name = stat.lastIndex(of: ")"), stat.distance(from: name, to: stat.endIndex) > 2
    else { return false }
    return stat[stat.index(name, offsetBy: 2)] == "S"
  }

  /// Whether this system says which of a process's threads are asleep.
  private static let systemTells = FileManager.default.fileExists(atPath: "/proc/thread-self")
}

/// How a wait for `settle` ended.
enum Settled: Equatable {
  /// `decided` turned true: the test has what it was looking for.
  case decided
  /// Every worker finished or has been asleep, without a break, for `calm`.
  case everyoneWaits
  /// Neither, by the deadline: something spins, or the machine is stalled.
  case deadline
}

/// Watches `workers` until `decided()` holds, or until each of them has finished or stayed
/// asleep for `calm` (50 ms), or `deadline` (20 s) passes. Where the system cannot say whether a
/// thread is asleep, one second without a decision counts as "everyone waits".
func settle(
  _ workers: [Watched], calm: Duration = .milliseconds(50), deadline: Duration = .seconds(20),
  decided: () -> Bool = { false }
) -> Settled {
  let clock = ContinuousClock()
  let start = clock.now
  var calmSince: ContinuousClock.Instant?
  while clock.now - start < deadline {
    if decided() { return .decided }
    let states = workers.map { $0.finished ? true : $0.asleep }
    if states.contains(nil) {
      if clock.now - start >= .seconds(1) { return .everyoneWaits }
    } else if states.allSatisfy({ $0 == true }) {
      let since = calmSince ?? clock.now
      calmSince = since
      if clock.now - since >= calm { return decided() ? .decided : .everyoneWaits }
    } else {
      calmSince = nil
    }
    Thread.sleep(forTimeInterval: 0.002)
  }
  return decided() ? .decided : .deadline
}

/// A gate a factory waits at until the test opens it.
final class Gate: Sendable {
  private let opened = DispatchSemaphore(value: 0)
  private let arrivals = Atomic<Int>(0)

  /// How many callers have reached the gate.
  var arrived: Int { arrivals.load(ordering: .sequentiallyConsistent) }

  /// Waits until the test opens the gate (or 30 s pass, so a test that failed early does not
  /// leave a thread waiting forever).
  func pass() {
    arrivals.add(1, ordering: .sequentiallyConsistent)
    _ = opened.wait(timeout: .now() + 30)
    opened.signal()
  }

  func open() { opened.signal() }
}

/// Waits until `condition` holds, or `deadline` passes; says which.
func eventually(within deadline: Duration = .seconds(20), _ condition: () -> Bool) -> Bool {
  let clock = ContinuousClock()
  let giveUp = clock.now + deadline
  while !condition() {
    if clock.now >= giveUp { return false }
    Thread.sleep(forTimeInterval: 0.001)
  }
  return true
}
