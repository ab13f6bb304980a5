#if canImport(Glibc)
  import Glibc
#endif

@testable import FareLookupStack

// How a test tells "the retry asked again at once" from "it waited first, if only for a
// microsecond", without a clock or a deadline.
//
// The retry is synchronous: every ask runs on the thread that called `fare(for:)`. A wait on
// that thread (`Thread.sleep`, `usleep`, a semaphore's `wait(timeout:)`) puts it to sleep, and
// the kernel counts that as one more *voluntary* context switch of the thread (getrusage,
// RUSAGE_THREAD). Being put aside for another thread on a busy machine is an *involuntary*
// switch, and is not counted. Nothing a retry that asks again at once does between two asks
// (catch, count, loop) sleeps, unless by chance (a lock another thread holds), so the test
// watches three lookups and calls it a wait only when every one of them slept between asks.
//
// What no test can see: a retry that waits by spinning (reading the clock in a loop) never
// sleeps. It is as slow as a real pause, but only a clock could tell.

/// How many times the calling thread has gone to sleep of its own accord so far; nil where the
/// system does not say.
private func voluntarySwitchesOfThisThread() -> Int? {
  #if os(Linux)
    var usage = rusage()
    guard getrusage(__rusage_who_t(1), &usage) == 0 else { return nil }  // 1: RUSAGE_THREAD
    return usage.ru_nvcsw
  #else
    return nil
  #endif
}

/// A fare server that always times out, and notes, between one ask and the next on the same
/// thread, whether that thread went to sleep.
final class TimingOutServer: Fares {
  private(set) var requests = 0
  /// Gaps between two asks that could be watched (same thread, a system that says).
  private(set) var gapsWatched = 0
  /// Of those, the gaps in which the asking thread slept.
  private(set) var gapsSlept = 0
  #if os(Linux)
    private var lastAsk: (thread: pthread_t, switches: Int)?
  #endif

  init() {
    KeptAlive.keep(self)
  }

  func fare(for route: String) throws -> Int {
    #if os(Linux)
      let now = voluntarySwitchesOfThisThread()
      if let lastAsk, let now, pthread_equal(lastAsk.thread, pthread_self()) != 0 {
        gapsWatched += 1
        if now != lastAsk.switches { gapsSlept += 1 }
      }
    #endif
    requests += 1
    #if os(Linux)
      lastAsk = voluntarySwitchesOfThisThread().map { (pthread_self(), $0) }
    #endif
    throw FareError.timedOut
  }
}

/// Whether `RetryingFares` waits between asks: `true` when it slept between asks in each of
/// three lookups, `false` when one lookup asked again at once every time, nil when no gap
/// could be watched (not Linux, or the retry never asked twice).
func retryWaitsBetweenAsks() -> Bool? {
  var watched = false
  for _ in 1...3 {
    let server = TimingOutServer()
    _ = try? RetryingFares(base: server, attempts: 3).fare(for: "LDN-BRI")
    guard server.gapsWatched > 0 else { continue }
    watched = true
    if server.gapsSlept == 0 { return false }
  }
  return watched ? true : nil
}
