#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The recursive lock under which shared instances (singletons, weak, scoped and `Lazy`
/// values) are created, one per container tree.
///
/// Recursive, because a factory that resolves another singleton takes it again on the same
/// thread; one per tree, so two threads can never each hold a lock the other needs (the
/// deadlock of per-service locks when A needs B while B needs A). Hits never take it: they read
/// the published instance. A factory runs under it, so a factory must not wait for another
/// thread that resolves from the same container.
///
/// `@unchecked Sendable`: a pthread mutex is made to be shared between threads; the pointer is
/// allocated once and freed in `deinit`.
final class CreationLock: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  init() {
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
    pthread_mutex_init(mutex, &attributes)
    pthread_mutexattr_destroy(&attributes)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }
}
