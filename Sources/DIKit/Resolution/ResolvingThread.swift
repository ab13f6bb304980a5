#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What DIKit keeps about one thread: the checked resolution under way on it, and an identity
/// that `Creations` records as the builder of an instance.
///
/// The checked resolution is what lets a resolution started inside a factory (a factory that
/// calls another container, or reads a `Lazy`) know the services above it: a cycle that runs
/// through several containers is then named in full, and one that would recurse for ever stops
/// at the depth limit. One per thread, made on first use and released when the thread ends;
/// only its own thread reads or writes `current`.
///
/// `@unchecked Sendable`: `current` is touched only by the thread the object belongs to;
/// other threads only compare its identity.
final class ResolvingThread: @unchecked Sendable {
  /// The innermost checked resolution under way on this thread; unretained, because each one
  /// is under way (and so alive) until it puts back the one it replaced.
  var current: Unmanaged<ResolutionContext>?

  /// The services the current checked resolution is building, outermost first.
  var chainKeys: [ServiceKey]? {
    current?._withUnsafeGuaranteedRef { $0.chain.map(\.key) }
  }

  /// This thread's state.
  static var current: ResolvingThread {
    if let state = pthread_getspecific(resolvingThreadKey) {
      return Unmanaged<ResolvingThread>.fromOpaque(state).takeUnretainedValue()
    }
    let state = ResolvingThread()
    pthread_setspecific(resolvingThreadKey, Unmanaged.passRetained(state).toOpaque())
    return state
  }
}

/// The thread-local slot of `ResolvingThread.current`; its destructor releases the state when
/// the thread ends.
private let resolvingThreadKey: pthread_key_t = {
  var key = pthread_key_t()
  #if canImport(Darwin)
    pthread_key_create(&key) { Unmanaged<ResolvingThread>.fromOpaque($0).release() }
  #else
    pthread_key_create(&key) { $0.map { Unmanaged<ResolvingThread>.fromOpaque($0).release() } }
  #endif
  return key
}()
