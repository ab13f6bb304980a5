/// The state of one top-level resolution: the chain of services being built, for cycle and
/// captive-dependency errors, and the instances with the `graph` lifetime.
///
/// A context belongs to one `resolve` call on one thread: factories get it inside a
/// ``Resolver``, which is deliberately not `Sendable`, so it cannot reach another thread.
@usableFromInline
final class ResolutionContext {
  /// The services being built, outermost first.
  @usableFromInline var path: ContiguousArray<PathStep> = []
  /// The services that were being built when the `Lazy` or `Provider` that started this
  /// resolution was made: shown in messages, and counted towards the depth limit.
  let prefix: [any AnyRegistration]
  /// Instances with the `graph` lifetime, by registration.
  var graphInstances: [ObjectIdentifier: Any] = [:]
  /// Set for `validate()`'s dry run.
  let dryRun: DryRun?
  /// False in a dry run and once the top-level call has returned: resolvers then take the
  /// slow path (record edges, or start a fresh resolution for an escaped resolver).
  @usableFromInline private(set) var isPlain: Bool
  private(set) var isFinished = false

  /// A resolution started by a `Lazy` or `Provider` that goes deeper than this, counting the
  /// prefix, is a cycle through fresh resolutions (a `Lazy` read while its owner is still being
  /// built, again and again), which the path alone cannot see. A plain path needs no limit:
  /// a service that appears on it twice is caught when it enters.
  static let maximumDepth = 100

  /// How long `path` may grow: unlimited unless a prefix is present (see `maximumDepth`).
  @usableFromInline let depthLimit: Int

  init(prefix: [any AnyRegistration], dryRun: DryRun?) {
    self.prefix = prefix
    self.dryRun = dryRun
    isPlain = dryRun == nil
    depthLimit = prefix.isEmpty ? .max : max(Self.maximumDepth - prefix.count, 0)
    path.reserveCapacity(8)
  }

  /// The context of a plain top-level resolution.
  @usableFromInline
  convenience init() {
    self.init(prefix: [], dryRun: nil)
  }

  convenience init(prefix: [any AnyRegistration]) {
    self.init(prefix: prefix, dryRun: nil)
  }

  convenience init(dryRun: DryRun) {
    self.init(prefix: [], dryRun: dryRun)
  }

  /// Marks the top-level call as returned.
  @usableFromInline
  func finish() {
    isFinished = true
    isPlain = false
  }

  /// Pushes `registration` on the path, or throws if it is already there (a cycle).
  @inlinable
  func enter(_ registration: any AnyRegistration) throws {
    let identity = ObjectIdentifier(registration)
    for step in path where ObjectIdentifier(step.registration) == identity {
      throw cycleError(closingWith: registration)
    }
    if path.count >= depthLimit { throw cycleError(closingWith: registration) }
    path.append(PathStep(registration: registration))
  }

  @inlinable
  func leave() {
    path.removeLast()
  }

  /// The services being built, outermost first, including those of the prefix.
  var chain: [any AnyRegistration] { prefix + path.map(\.registration) }

  /// The cycle from the last time `registration` was entered; when it is not on this chain,
  /// it is being built further up the stack, by a resolution that started this one.
  @usableFromInline
  func cycleError(closingWith registration: any AnyRegistration) -> ResolutionError {
    let chain = chain
    guard let start = chain.lastIndex(where: { $0 === registration }) else {
      return .cycle([registration.key] + chain.map(\.key) + [registration.key])
    }
    return .cycle(chain[start...].map(\.key) + [registration.key])
  }

  /// The error for `held` reached from its captor: names the nearest non-transient service on
  /// the path (the one that would keep it) and the path in between.
  func captiveError(holding held: any AnyRegistration) -> ResolutionError {
    let chain = chain
    let holderIndex = chain.lastIndex { $0.lifetime != .transient } ?? chain.startIndex
    let holder = chain[holderIndex]
    return .captive(
      holder: holder.key, holderLifetime: holder.lifetime, held: held.key,
      heldLifetime: held.lifetime, path: chain[holderIndex...].map(\.key) + [held.key])
  }
}

/// One service on the resolution path.
///
/// `unowned(unsafe)`: the path is read only while its container, which keeps every
/// registration it ever made alive, is resolving; skipping reference counting here keeps a
/// transient resolution free of atomic increments.
@usableFromInline
struct PathStep {
  @usableFromInline unowned(unsafe) let registration: any AnyRegistration

  @inlinable
  init(registration: any AnyRegistration) {
    self.registration = registration
  }
}
