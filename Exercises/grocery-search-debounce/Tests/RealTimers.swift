import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

// How a test tells "the model asked the catalogue as soon as the injected clock woke it" from "it
// waited on a real timer first, if only for a millisecond", without a deadline.
//
// On Linux every real-time wait in Swift, `Task.sleep` or a sleep on `ContinuousClock` or
// `SuspendingClock`, is a timer of libdispatch, and libdispatch has one thread for its timers (and
// other events): it sleeps in `epoll_wait` and wakes to set a timer, and again when one fires.
// Its count of context switches (/proc/self/task/<id>/status) goes up each time it wakes. Nothing
// else a right answer does between the clock's wake-up and the search wakes it: the model's
// hops between the main actor and the global executor wake the pool's threads, not that one; the
// manual clock is no timer; and the tests do not pause while they watch, and run one at a time
// (`OneAtATime`).
//
// So a test notes that count at a moment when the whole process is at rest (every thread asleep,
// twice in a row with the same counts: nothing ran in between, so no wake-up is on its way), and
// the catalogue looks again when it is asked. If the count moved, the model waited on a real
// timer in between. However short the wait, this is no race: the model cannot go on before its
// timer fires, and the timer cannot fire without that thread.
//
// One timer wakes that thread on its own: libdispatch's watch over its thread pool, once a
// second. So the note is taken only when every armed timer of the process is at least 200 ms
// away, and a look after the nearest one says nothing ("cannot tell", never a failure).
//
// What no test can see: a `Task.sleep` so short (a few microseconds, a nanosecond) that its
// deadline has passed before libdispatch would set the timer. Then no timer is set and the job
// runs at once: the model does not wait at all, and behaves exactly as if it had not slept.

/// Whether the model waited on a real timer between `atRest()` and the first `look()`.
final class RealTimers: Sendable {
  enum Seen: Equatable {
    /// No real timer was set or fired in between.
    case noTimer
    /// The process's timer thread woke in between: something waited on the real clock.
    case aTimer
    /// This system does not say (no /proc), the process never came to rest, the look came after
    /// a timer the test did not set, or nobody looked.
    case cannotTell
  }

  private let note: RestingNote?
  private let seen = Mutex<Seen?>(nil)

  private init(note: RestingNote?) {
    self.note = note
  }

  /// Waits, on a thread of its own (the main actor stays free), until the whole process is at
  /// rest with no timer due within 200 ms, and notes what its timer thread has done so far.
  @MainActor
  static func atRest() async -> RealTimers {
    await withCheckedContinuation { (done: CheckedContinuation<RealTimers, Never>) in
      Thread {
        done.resume(returning: RealTimers(note: restingNote()))
      }.start()
    }
  }

  /// Looks whether the timer thread has woken since `atRest()`. Only the first look counts: the
  /// catalogue double calls this when it is asked, from the model's task.
  func look() {
    guard seen.withLock({ $0 == nil }) else { return }
    let verdict = judge()
    seen.withLock { if $0 == nil { $0 = verdict } }
  }

  /// What the first look saw.
  var verdict: Seen {
    seen.withLock { $0 } ?? .cannotTell
  }

  private func judge() -> Seen {
    #if canImport(Glibc)
      guard let note else { return .cannotTell }
      var woke = false
      for thread in note.threads {
        guard let now = ProcessThread(id: thread.id).look() else {
          woke = true  // it has ended: it ran
          continue
        }
        if now.awake || now.switches != thread.switches { woke = true }
      }
      // The looks above happened before this instant: if it is before the nearest timer the test
      // did not set, none of those timers can have woken the thread.
      guard monotonicNow() < note.until else { return .cannotTell }
      return woke ? .aTimer : .noTimer
    #else
      return .cannotTell
    #endif
  }
}

#if canImport(Glibc)
  /// The note, once the process is at rest and no timer is due within 200 ms; nil when this
  /// system cannot say, or after 5 s without rest.
  private func restingNote() -> RestingNote? {
    guard let me = ProcessThread.current() else { return nil }
    let giveUp = monotonicNow() + 5_000_000_000
    while monotonicNow() < giveUp {
      let start = monotonicNow()
      let first = ProcessThread.all(except: me)
      let nearest = nearestTimer()
      let second = ProcessThread.all(except: me)
      guard let first, let second, let nearest else { return nil }
      let resting = first.count == second.count && first.allSatisfy { id, look in !look.awake && second[id] == look }
      guard resting else {
        sched_yield()
        continue
      }
      if let nearest, nearest < 200_000_000 {
        // A timer the test did not set (libdispatch's pool watch) fires soon: let it, then find
        // rest again. This waits for a known instant, not for something to happen.
        var pause = timespec(tv_sec: 0, tv_nsec: Int(nearest) + 1_000_000)
        nanosleep(&pause, nil)
        continue
      }
      let timerThreads = second.filter { $0.value.inEpoll }.map { (id: $0.key, switches: $0.value.switches) }
      guard !timerThreads.isEmpty else { return nil }
      return RestingNote(threads: timerThreads, until: start + (nearest ?? UInt64.max / 2))
    }
    return nil
  }
#else
  private func restingNote() -> RestingNote? { nil }
#endif

/// What the timer threads had done when the process was at rest.
private struct RestingNote {
  /// The timer threads: kernel id, and context switches so far.
  var threads: [(id: String, switches: Int)]
  /// Until when (CLOCK_MONOTONIC, ns) no timer armed then can fire.
  var until: UInt64
}

/// CLOCK_MONOTONIC, in nanoseconds: the clock libdispatch's timers and `timerfd` report against.
private func monotonicNow() -> UInt64 {
  #if canImport(Glibc)
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
  #else
    return 0
  #endif
}

#if canImport(Glibc)
  /// How long until the nearest armed timer of the process fires (its timerfds, as
  /// /proc/self/fdinfo shows them), in ns: nil when the system does not say, .some(nil) when no
  /// timer is armed.
  private func nearestTimer() -> UInt64?? {
    guard let directory = opendir("/proc/self/fd") else { return nil }
    defer { closedir(directory) }
    var nearest: UInt64?
    while let entry = readdir(directory) {
      let fd = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard fd != ".", fd != ".." else { continue }
      var link = [CChar](repeating: 0, count: 128)
      let count = readlink("/proc/self/fd/\(fd)", &link, link.count - 1)
      guard count > 0 else { continue }
      let target = String(decoding: link[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      guard target.contains("timerfd"), let info = readSmallFile("/proc/self/fdinfo/\(fd)") else { continue }
      // "it_value: (sec, nsec)": the time left; (0, 0) when disarmed or already fired.
      guard let line = info.split(separator: "\n").first(where: { $0.hasPrefix("it_value:") }) else { continue }
      let numbers = line.split { !$0.isNumber }.compactMap { UInt64($0) }
      guard numbers.count == 2 else { continue }
      let left = numbers[0] * 1_000_000_000 + numbers[1]
      if left > 0 { nearest = min(nearest ?? left, left) }
    }
    return .some(nearest)
  }

  private func readSmallFile(_ path: String) -> String? {
    let file = open(path, O_RDONLY)
    guard file >= 0 else { return nil }
    defer { close(file) }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
    return count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : nil
  }

  /// One thread of this process, as /proc/self/task/<id> shows it.
  private struct ProcessThread {
    struct Look: Equatable {
      /// Running, ready to run, or in disk I/O.
      var awake: Bool
      /// Voluntary and involuntary context switches so far: it goes up each time the thread
      /// goes to sleep again, or is put aside, after it ran.
      var switches: Int
      /// Asleep in epoll_wait (or epoll_pwait): libdispatch's timer and event thread.
      var inEpoll: Bool
    }

    let id: String

    /// The kernel's id of the calling thread.
    static func current() -> String? {
      var link = [CChar](repeating: 0, count: 256)
      let count = readlink("/proc/thread-self", &link, link.count - 1)
      guard count > 0 else { return nil }
      let path = String(decoding: link[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      return path.split(separator: "/").last.map(String.init)
    }

    /// Every thread of the process but `me`; nil when /proc does not list them.
    static func all(except me: String) -> [String: Look]? {
      guard let directory = opendir("/proc/self/task") else { return nil }
      defer { closedir(directory) }
      var threads: [String: Look] = [:]
      while let entry = readdir(directory) {
        let id = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
          String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        guard id != ".", id != "..", id != me else { continue }
        if let look = ProcessThread(id: id).look() { threads[id] = look }  // nil: it has just ended
      }
      return threads
    }

    func look() -> Look? {
      guard let stat = readSmallFile("/proc/self/task/\(id)/stat"),
        let status = readSmallFile("/proc/self/task/\(id)/status")
      else { return nil }
      // "<id> (<name>) <state> …": the name may hold spaces and parentheses.
      guard let nameEnd = stat.lastIndex(of: ")") else { return nil }
      let state = stat[nameEnd...].dropFirst(2).first
      var switches = 0
      for line in status.split(separator: "\n") where line.contains("ctxt_switches:") {
        switches += Int(line.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") ?? 0
      }
      // "<number> <arguments>…" while blocked in a system call, "running" otherwise.
      let call = readSmallFile("/proc/self/task/\(id)/syscall")?.split(separator: " ").first.flatMap { Int($0) }
      #if arch(x86_64)
        let epoll: Set<Int> = [232, 281, 441]  // epoll_wait, epoll_pwait, epoll_pwait2
      #elseif arch(arm64)
        let epoll: Set<Int> = [22, 441]  // epoll_pwait, epoll_pwait2
      #else
        let epoll: Set<Int> = []
      #endif
      return Look(awake: state == "R" || state == "D", switches: switches, inEpoll: call.map(epoll.contains) ?? false)
    }
  }
#endif

/// One test of this exercise at a time, even where the runner runs tests in parallel (`check`
/// and `verify` run them one by one anyway): another test's pause would wake the timer thread
/// that `RealTimers` watches.
struct OneAtATime: SuiteTrait, TestTrait, TestScoping {
  var isRecursive: Bool { true }

  func scopeProvider(for test: Test, testCase: Test.Case?) -> OneAtATime? {
    testCase == nil ? nil : self
  }

  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    await Turnstile.shared.enter()
    defer { Turnstile.shared.leave() }
    try await function()
  }
}

extension Trait where Self == OneAtATime {
  static var oneAtATime: Self { Self() }
}

/// An async lock: one holder, the others wait their turn, suspended, in order.
private final class Turnstile: Sendable {
  static let shared = Turnstile()

  private struct State {
    var busy = false
    var waiting: [CheckedContinuation<Void, Never>] = []
  }
  private let state = Mutex(State())

  func enter() async {
    await withCheckedContinuation { (turn: CheckedContinuation<Void, Never>) in
      let now = state.withLock { state -> Bool in
        if !state.busy {
          state.busy = true
          return true
        }
        state.waiting.append(turn)
        return false
      }
      if now { turn.resume() }
    }
  }

  func leave() {
    let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard !state.waiting.isEmpty else {
        state.busy = false
        return nil
      }
      return state.waiting.removeFirst()  // the turn passes on: still busy
    }
    next?.resume()
  }
}
