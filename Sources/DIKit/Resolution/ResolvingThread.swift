#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

import Synchronization

/// What DIKit keeps about one thread: the checked resolution under way on it, the number of
/// its innermost top-level call, and an identity that `Creations` records as the builder of an instance.
///
/// The checked resolution is what lets a resolution started inside a factory (a factory that
/// calls another container, or reads a `Lazy`) know the services above it: a cycle that runs
/// through several containers is then named in full, and one that would recurse for ever stops
/// at the depth limit.
///
/// The active call is what tells a resolver kept past its factory (with `nonisolated(unsafe)`)
/// from a live one: each top-level call gets a number, unique to this object, that stays
/// `activeCall` while the call runs (see `Resolver`). A resolver checks that number before it
/// touches its container or its context, which may have been freed since.
///
/// One per thread, made on first use. When its thread ends, it is kept for the next new thread
/// rather than freed, so that a kept resolver can always read `activeCall`; its numbers go on
/// counting up, so none of them is ever reused.
///
/// Every field is atomic, though only its own thread writes them (other threads read
/// `activeCall`, or compare identities): a class's stored `var` would cost a dynamic
/// exclusivity check on every access, which on the paths that run for each resolution cost
/// more than the rest of the bookkeeping.
///
/// `@unchecked Sendable`: `currentContext` points to a context of this thread, which no other
/// thread reads.
@usableFromInline
final class ResolvingThread: @unchecked Sendable {
  private let currentContext = Atomic<Unmanaged<ResolutionContext>?>(nil)
  /// The number of the innermost top-level call running on this thread, or 0.
  @usableFromInline let activeCall = Atomic<UInt64>(0)
  /// The number last given to a call.
  private let lastCall = Atomic<UInt64>(0)

  /// The innermost checked resolution under way on this thread; unretained, because each one
  /// is under way (and so alive) until it puts back the one it replaced.
  var current: Unmanaged<ResolutionContext>? {
    get { currentContext.load(ordering: .relaxed) }
    set { currentContext.store(newValue, ordering: .relaxed) }
  }

  /// The services the current checked resolution is building, outermost first.
  var chainKeys: [ServiceKey]? {
    current?._withUnsafeGuaranteedRef { $0.chain.map(\.key) }
  }

  /// A top-level call under way: its thread, its number, and the number of the call it
  /// interrupted, which becomes active again when it ends.
  @usableFromInline
  struct TopLevelCall {
    @usableFromInline let thread: Unmanaged<ResolvingThread>
    @usableFromInline let number: UInt64
    @usableFromInline let interrupted: UInt64

    @usableFromInline
    init(thread: Unmanaged<ResolvingThread>, number: UInt64, interrupted: UInt64) {
      self.thread = thread
      self.number = number
      self.interrupted = interrupted
    }

    @inlinable
    func end() {
      thread._withUnsafeGuaranteedRef { $0.activeCall.store(interrupted, ordering: .relaxed) }
    }
  }

  /// Starts a top-level call on this thread.
  @usableFromInline
  static func beginCall() -> TopLevelCall {
    beginCall(on: unmanagedCurrent)
  }

  /// Starts a top-level call on `thread`, which must be this thread's state.
  static func beginCall(on thread: Unmanaged<ResolvingThread>) -> TopLevelCall {
    thread._withUnsafeGuaranteedRef { state in
      let number = state.lastCall.load(ordering: .relaxed) &+ 1
      state.lastCall.store(number, ordering: .relaxed)
      let interrupted = state.activeCall.load(ordering: .relaxed)
      state.activeCall.store(number, ordering: .relaxed)
      return TopLevelCall(thread: thread, number: number, interrupted: interrupted)
    }
  }

  /// This thread's state.
  static var current: ResolvingThread {
    unmanagedCurrent.takeUnretainedValue()
  }

  /// This thread's state, unretained (states are never freed).
  static var unmanagedCurrent: Unmanaged<ResolvingThread> {
    if let state = pthread_getspecific(resolvingThreadKey) {
      return Unmanaged<ResolvingThread>.fromOpaque(state)
    }
    let state = threads.withLock { threads in
      threads.idle.popLast()
        ?? {
          let state = ResolvingThread()
          threads.all.append(state)
          return state
        }()
    }
    let unmanaged = Unmanaged.passUnretained(state)
    pthread_setspecific(resolvingThreadKey, unmanaged.toOpaque())
    return unmanaged
  }
}

/// Every `ResolvingThread` ever made (none is freed), and those whose threads have ended.
private let threads = Mutex<(all: [ResolvingThread], idle: [ResolvingThread])>(([], []))

/// The thread-local slot of `ResolvingThread.current`; when a thread ends, its state becomes
/// idle, for the next new thread.
private let resolvingThreadKey: pthread_key_t = {
  var key = pthread_key_t()
  #if canImport(Darwin)
    pthread_key_create(&key) { retire($0) }
  #else
    pthread_key_create(&key) { $0.map(retire) }
  #endif
  return key
}()

private func retire(_ state: UnsafeMutableRawPointer) {
  let state = Unmanaged<ResolvingThread>.fromOpaque(state).takeUnretainedValue()
  threads.withLock { $0.idle.append(state) }
}
