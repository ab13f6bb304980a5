import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// How a test tells "the model has not searched yet" from "the model is waiting on something
// the test cannot move", without a deadline.
//
// After the test moves the `ManualClock`, a right answer has a few jobs left to run: the woken
// task goes on, hops to the main actor, calls the catalogue. While any of them is queued, some
// thread of this process is running, or is ready to run and waits for a core: the thread the job
// was queued for is woken when it is queued. A model that then waits on the real clock
// (`Task.sleep`, however short) leaves nothing to run at all: every thread is asleep in the
// kernel, the main one too. Linux says which of its threads are asleep in
// /proc/self/task/<id>/stat, and a thread of the test's own reads them while the main actor is
// free to run the model. (A real wait too short to be caught asleep, a millisecond, is seen by
// `RealTimers` instead: it wakes the process's timer thread.)

/// How a wait for `settle` ended.
enum Settled: Equatable {
  /// `decided` turned true.
  case decided
  /// Every thread of the process was asleep, again and again, and `decided` was still false:
  /// what the test waits for will not happen without the test.
  case quiet
  /// This system does not say which threads are asleep (no /proc), or something kept running
  /// for 5 s without deciding. A test treats it as "no verdict" and goes on.
  case cannotTell
}

/// Leaves the main actor to the model until `decided()` holds, or until every thread of the
/// process is asleep (`.quiet`), and says which.
///
/// It never fails a right answer on a slow machine: a thread that waits for a core counts as
/// running, so a loaded machine only makes the wait longer. And a wrong answer costs no time: a
/// model asleep on the real clock is quiet at once.
@MainActor
func settle(_ decided: @escaping @Sendable () -> Bool) async -> Settled {
  await withCheckedContinuation { (done: CheckedContinuation<Settled, Never>) in
    Thread {
      done.resume(returning: watch(until: decided))
    }.start()
  }
}

/// Looks at the process's threads, from the thread it is called on, until `decided()` holds, or
/// they have all been found asleep 20 times.
private func watch(until decided: () -> Bool) -> Settled {
  guard let threads = ThreadStates() else { return decided() ? .decided : .cannotTell }
  let clock = ContinuousClock()
  let giveUp = clock.now + .seconds(5)
  var quietLooks = 0
  while clock.now < giveUp {
    if decided() { return .decided }
    let othersAsleep = threads.othersAsleep()
    // Read again: a job may have finished between the first look and the threads.
    if decided() { return .decided }
    // One quiet look proves little: the threads are read one after another, and a job can go
    // from a thread not read yet to one already read, which then wakes after it was read. That
    // takes a hop from one thread to another during the look, and a right answer makes only a
    // few between waking up and asking the catalogue. A model that waits on the real clock
    // looks quiet every time. (A look that finds some thread awake, the model's or the test
    // library's, counts for neither.)
    if othersAsleep { quietLooks += 1 }
    if quietLooks >= 20 { return .quiet }
    // No pause between looks: a thread that gives its core away waits behind every busy
    // process of a loaded machine before it looks again, and the real clock does not wait.
  }
  return decided() ? .decided : .cannotTell
}

/// The kernel's view of this process's threads, looked at again and again from one thread: each
/// thread's stat file stays open between looks, so a look costs a few reads.
final class ThreadStates {
  /// The kernel's id of the thread this is made on, the one that looks: the look leaves it out.
  private let me: String
  #if canImport(Glibc)
    private var files: [String: Int32] = [:]
    private var buffer = [UInt8](repeating: 0, count: 512)
  #endif

  /// Nil where the system does not say which threads are asleep (no /proc: not Linux).
  init?() {
    #if canImport(Glibc)
      var link = [CChar](repeating: 0, count: 256)
      let count = readlink("/proc/thread-self", &link, link.count - 1)
      guard count > 0 else { return nil }
      let path = String(decoding: link[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      guard let id = path.split(separator: "/").last else { return nil }
      me = String(id)
    #else
      return nil
    #endif
  }

  deinit {
    #if canImport(Glibc)
      for file in files.values { close(file) }
    #endif
  }

  /// Whether every thread of the process but the one this was made on is asleep in the kernel
  /// (waiting for work, a lock, a timer). A thread that runs, or is ready to run and waits for a
  /// core, is awake; so is one reading from disk.
  func othersAsleep() -> Bool {
    #if canImport(Glibc)
      guard let directory = opendir("/proc/self/task") else { return false }
      defer { closedir(directory) }
      while let entry = readdir(directory) {
        let id = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
          String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        guard id != ".", id != "..", id != me else { continue }
        guard let state = state(of: id) else { continue }  // it has just ended
        if state == UInt8(ascii: "R") || state == UInt8(ascii: "D") { return false }
      }
      return true
    #else
      return false
    #endif
  }

  #if canImport(Glibc)
    /// The state letter of thread `id` ("R" running or ready, "S" asleep, "D" disk, …), or nil
    /// when it has ended.
    private func state(of id: String) -> UInt8? {
      let file: Int32
      if let opened = files[id] {
        file = opened
      } else {
        file = open("/proc/self/task/\(id)/stat", O_RDONLY)
        guard file >= 0 else { return nil }
        files[id] = file
      }
      let count = buffer.withUnsafeMutableBytes { pread(file, $0.baseAddress, $0.count, 0) }
      guard count > 0 else {
        close(file)
        files[id] = nil
        return nil
      }
      // "<id> (<name>) <state> …": the name may hold spaces and parentheses, so look after the
      // last ')'.
      let stat = buffer[..<count]
      guard let nameEnd = stat.lastIndex(of: UInt8(ascii: ")")), nameEnd + 2 < stat.endIndex else { return nil }
      return stat[nameEnd + 2]
    }
  #endif
}
