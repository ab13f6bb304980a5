#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Where shared instances (singletons, weak and scoped instances, `Lazy` values) are first
/// created: each by one thread while the others that need that same instance wait for it.
///
/// Nothing is locked while a factory runs, so different instances (two services, or one scoped
/// service in two scopes) are built in parallel, and a factory may resolve from any container.
/// The only waits are for an instance another thread is building, and a wait is where a
/// deadlock could hide: this thread waiting for a builder that waits, directly or through other
/// threads, for an instance this thread is building. So before waiting, a thread follows that
/// chain of waits; if it leads back to itself, the services form a cycle across threads (and
/// perhaps containers), and it throws that cycle instead of waiting for ever. A thread asking
/// again for an instance it is building itself is the same cycle on one thread.
///
/// One for the whole process, because a cycle may run through any number of containers. Its
/// lock is held only to look at and update the table of builds, never while a factory runs.
///
/// `@unchecked Sendable`: `builds` and `waits` are only touched with `mutex` held; the pthread
/// mutex and condition are made to be shared, allocated once and never freed.
final class Creations: @unchecked Sendable {
  static let shared = Creations()

  /// One instance to create: a registration's (or a `Lazy`'s) own, or a scoped one per scope.
  struct Slot: Hashable {
    let owner: ObjectIdentifier
    let scope: ObjectIdentifier?

    init(_ owner: AnyObject, scope: AnyObject? = nil) {
      self.owner = ObjectIdentifier(owner)
      self.scope = scope.map(ObjectIdentifier.init)
    }
  }

  /// An instance being built, and by which thread.
  private struct Build {
    let builder: ObjectIdentifier
    let key: ServiceKey
  }

  /// A thread waiting for a build, with the services it was building at the time (outermost
  /// first), for the message if the wait turns out to be a cycle.
  private struct Wait {
    let slot: Slot
    let chain: [ServiceKey]
  }

  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let finished = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private var builds: [Slot: Build] = [:]
  private var waits: [ObjectIdentifier: Wait] = [:]

  private init() {
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(finished, nil)
  }

  /// The instance in `slot`: what `existing` finds, or else what `build` makes, unless another
  /// thread is making it, in which case this one waits and looks again.
  ///
  /// - Parameters:
  ///   - key: The service, for cycle messages.
  ///   - chain: The services this thread is building, outermost first, for cycle messages;
  ///     `nil` in a planned resolution, which then throws `PlanDeviation` instead.
  ///   - existing: Looks the instance up; called with the lock held, so it must be quick.
  ///   - build: Makes the instance and publishes it where `existing` will find it; called
  ///     without the lock.
  func instance<Value>(
    in slot: Slot, key: ServiceKey, chain: () -> [ServiceKey]?,
    existing: () throws -> Value?, build: () throws -> Value
  ) throws -> Value {
    let me = ObjectIdentifier(ResolvingThread.current)
    pthread_mutex_lock(mutex)
    while true {
      let found: Value?
      do {
        found = try existing()
      } catch {
        pthread_mutex_unlock(mutex)
        throw error
      }
      if let found {
        pthread_mutex_unlock(mutex)
        return found
      }
      guard builds[slot] != nil else { break }
      let chain = chain()
      if let cycle = cycle(waitingFor: slot, by: me, chain: chain ?? []) {
        pthread_mutex_unlock(mutex)
        guard chain != nil else { throw PlanDeviation() }
        throw ResolutionError.cycle(cycle)
      }
      waits[me] = Wait(slot: slot, chain: chain ?? [])
      pthread_cond_wait(finished, mutex)
      waits[me] = nil
    }
    builds[slot] = Build(builder: me, key: key)
    pthread_mutex_unlock(mutex)
    defer {
      pthread_mutex_lock(mutex)
      builds[slot] = nil
      pthread_cond_broadcast(finished)
      pthread_mutex_unlock(mutex)
    }
    return try build()
  }

  /// The cycle that waiting for `slot` would close, if it would: follows the builder of each
  /// awaited instance to what it awaits, until the chain ends (no cycle) or comes back to
  /// `thread`. Each thread on the way contributes the services from the one it builds to the
  /// one it waits for.
  private func cycle(
    waitingFor slot: Slot, by thread: ObjectIdentifier, chain: [ServiceKey]
  ) -> [ServiceKey]? {
    var awaited = slot
    var segments: [[ServiceKey]] = []
    var visited: Set<ObjectIdentifier> = []
    while let build = builds[awaited] {
      if build.builder == thread {
        segments.append(Self.segment(of: chain, from: build.key))
        return segments.flatMap { $0 } + [builds[slot]!.key]
      }
      guard let wait = waits[build.builder], visited.insert(build.builder).inserted else {
        return nil
      }
      segments.append(Self.segment(of: wait.chain, from: build.key))
      awaited = wait.slot
    }
    return nil
  }

  /// The end of `chain` from the last time `key` is on it: the services a thread built from
  /// `key` on; just `key` if the chain does not show it (a planned resolution keeps none).
  private static func segment(of chain: [ServiceKey], from key: ServiceKey) -> [ServiceKey] {
    guard let start = chain.lastIndex(of: key) else { return [key] }
    return Array(chain[start...])
  }
}
