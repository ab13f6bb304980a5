/// The state of one checked top-level resolution: the chain of services being built, for
/// cycle and captive-dependency errors, and the instances with the `graph` lifetime.
///
/// A context belongs to one `resolve` call on one thread: factories get it inside a
/// ``Resolver``, which is deliberately not `Sendable`, so it cannot reach another thread.
///
/// It is one allocation: the header and the first steps of the path live in a single
/// `ManagedBuffer`, whose memory is reached through pointers (`withState`), so pushing and popping
/// a step costs no reference counting and no dynamic exclusivity check, which a class's stored
/// `var` properties, `ManagedBuffer.header` among them, pay on every access.
@usableFromInline
final class ResolutionContext: ManagedBuffer<ResolutionContext.Header, PathStep> {
  @usableFromInline
  struct Header {
    /// Steps on the path; the first `inlineCapacity` live in the buffer, the rest in `overflow`.
    @usableFromInline var count = 0
    @usableFromInline var inlineCapacity = 0
    @usableFromInline var overflow: [PathStep] = []
    /// How long the path may grow: unlimited unless there is a prefix (see `maximumDepth`).
    @usableFromInline var depthLimit = Int.max
    /// False in a dry run and once the top-level call has returned: resolvers then take the
    /// slow path (record edges, or throw for a resolver kept past its call).
    @usableFromInline var isPlain = true
    /// The services that were being built when the `Lazy` or `Provider` that started this
    /// resolution was made, or else by the resolution under way on this thread when it started:
    /// shown in messages, and counted towards the depth limit.
    var prefix: [PathEntry] = []
    /// Instances with the `graph` lifetime, by registration.
    var graphInstances: [ObjectIdentifier: Any] = [:]
    /// Set for `validate()`'s dry run.
    var dryRun: DryRun?
    /// The thread this resolution runs on until it finishes, and the resolution that was under
    /// way there when it started.
    var thread: Unmanaged<ResolvingThread>?
    var outer: Unmanaged<ResolutionContext>?
    /// This resolution's top-level call on `thread` (see `ResolvingThread`).
    var call: ResolvingThread.TopLevelCall?
    /// The container the resolution started in; unretained, because the resolver that holds
    /// this context holds it.
    var container: Unmanaged<Container>?
  }

  /// A resolution with a prefix that goes deeper than this, counting the prefix, is a cycle
  /// through fresh resolutions (a `Lazy` read while its owner is still being built, or a factory
  /// that resolves itself from the container, again and again), which the path alone cannot
  /// see. A plain path needs no limit:
  /// a service that appears on it twice is caught when it enters.
  static let maximumDepth = 100

  /// Reads or changes the header in place.
  @inlinable
  func withState<Result>(_ body: (inout Header) -> Result) -> Result {
    withUnsafeMutablePointerToHeader { body(&$0.pointee) }
  }

  /// The context of a plain top-level resolution in `container`.
  @usableFromInline
  static func make(in container: Container) -> ResolutionContext {
    make(in: container, prefix: [])
  }

  /// A context that becomes the current one of this thread until `finish()`. `prefix` is what
  /// was being built when the `Lazy` or `Provider` behind it was made; without one, a
  /// resolution started while another is under way on this thread (a factory that calls a
  /// container) continues that one's chain.
  static func make(
    in container: Container, prefix: [PathEntry], dryRun: DryRun? = nil
  ) -> ResolutionContext {
    let buffer = create(minimumCapacity: 8) { _ in Header() }
    let context = unsafeDowncast(buffer, to: ResolutionContext.self)
    let thread = ResolvingThread.unmanagedCurrent
    let outer = thread._withUnsafeGuaranteedRef { $0.current }
    let call = ResolvingThread.beginCall(on: thread)
    let prefix = prefix.isEmpty ? outer?._withUnsafeGuaranteedRef(\.chain) ?? [] : prefix
    context.withState { state in
      state.inlineCapacity = 8
      state.container = Unmanaged.passUnretained(container)
      state.thread = thread
      state.call = call
      state.outer = outer
      state.prefix = prefix
      if !prefix.isEmpty { state.depthLimit = max(maximumDepth - prefix.count, 0) }
      if let dryRun {
        state.dryRun = dryRun
        state.isPlain = false
      }
    }
    thread._withUnsafeGuaranteedRef { $0.current = Unmanaged.passUnretained(context) }
    return context
  }

  static func make(in container: Container, dryRun: DryRun) -> ResolutionContext {
    make(in: container, prefix: [], dryRun: dryRun)
  }

  /// Every registration the resolution's container sees, for naming types in messages.
  var registeredKeys: [ServiceKey] {
    withState { $0.container }.map { $0.takeUnretainedValue().visibleRegistrations().map(\.key) }
      ?? []
  }

  @inlinable var isPlain: Bool { withState { $0.isPlain } }
  /// The top-level call this resolution belongs to.
  var call: ResolvingThread.TopLevelCall { withState { $0.call! } }
  var dryRun: DryRun? { withState { $0.dryRun } }
  var prefix: [PathEntry] { withState { $0.prefix } }

  func graphInstance(for registration: ObjectIdentifier) -> Any? {
    withState { $0.graphInstances[registration] }
  }

  func storeGraphInstance(_ instance: Any, for registration: ObjectIdentifier) {
    withState { $0.graphInstances[registration] = instance }
  }

  /// Marks the top-level call as returned, and gives its thread back the resolution it
  /// interrupted.
  @usableFromInline
  func finish() {
    withState { state in
      state.isPlain = false
      let outer = state.outer
      state.thread?._withUnsafeGuaranteedRef { $0.current = outer }
      state.thread = nil
      state.call?.end()
    }
  }

  /// The service being built, if any.
  var current: (any AnyRegistration)? {
    let count = withState { $0.count }
    return count == 0 ? nil : step(at: count - 1).registration
  }

  /// Pushes `registration` on the path, or throws if it is already there (a cycle).
  @inlinable
  func enter(_ registration: any AnyRegistration) throws {
    let identity = ObjectIdentifier(registration)
    let found = withUnsafeMutablePointers { header, steps -> Bool in
      let inline = min(header.pointee.count, header.pointee.inlineCapacity)
      for index in 0..<inline where ObjectIdentifier(steps[index].registration) == identity {
        return true
      }
      return header.pointee.overflow.contains { ObjectIdentifier($0.registration) == identity }
    }
    if found || withState({ $0.count >= $0.depthLimit }) {
      throw cycleError(closingWith: registration)
    }
    withUnsafeMutablePointers { header, steps in
      let count = header.pointee.count
      if count < header.pointee.inlineCapacity {
        (steps + count).initialize(to: PathStep(registration: registration))
      } else {
        header.pointee.overflow.append(PathStep(registration: registration))
      }
      header.pointee.count = count + 1
    }
  }

  @inlinable
  func leave() {
    withUnsafeMutablePointers { header, _ in
      header.pointee.count -= 1
      if header.pointee.count >= header.pointee.inlineCapacity { header.pointee.overflow.removeLast() }
    }
  }

  private func step(at index: Int) -> PathStep {
    withUnsafeMutablePointers { header, steps in
      index < header.pointee.inlineCapacity
        ? steps[index] : header.pointee.overflow[index - header.pointee.inlineCapacity]
    }
  }

  /// The services being built, outermost first, including those of the prefix.
  var chain: [PathEntry] {
    prefix + (0..<withState { $0.count }).map { PathEntry(step(at: $0).registration) }
  }

  /// The cycle from the last time `registration` was entered; when it is not on this chain,
  /// it is being built further up the stack, by a resolution that started this one.
  @usableFromInline
  func cycleError(closingWith registration: any AnyRegistration) -> ResolutionError {
    let chain = chain
    let identity = ObjectIdentifier(registration)
    guard let start = chain.lastIndex(where: { $0.identity == identity }) else {
      return .cycle(
        [registration.key] + chain.map(\.key) + [registration.key], registered: registeredKeys)
    }
    return .cycle(chain[start...].map(\.key) + [registration.key], registered: registeredKeys)
  }

  /// The error for `held` reached from its captor: names the nearest non-transient service on
  /// the path (the one that would keep it) and the path in between.
  func captiveError(holding held: any AnyRegistration) -> ResolutionError {
    let chain = chain
    let holderIndex = chain.lastIndex { $0.lifetime != .transient } ?? chain.startIndex
    let holder = chain[holderIndex]
    return .captive(
      holder: holder.key, holderLifetime: holder.lifetime, held: held.key,
      heldLifetime: held.lifetime, path: chain[holderIndex...].map(\.key) + [held.key],
      registered: registeredKeys)
  }
}

/// One service on a chain kept beyond the path itself (the prefix of a `Lazy` or `Provider`, a
/// message): what messages and the captive rule need, without holding the registration, which
/// would keep its own singleton alive when that singleton holds the `Lazy`.
struct PathEntry: Sendable {
  let key: ServiceKey
  let lifetime: Lifetime
  /// The registration's identity, for telling where a cycle starts.
  let identity: ObjectIdentifier

  init(_ registration: any AnyRegistration) {
    key = registration.key
    lifetime = registration.lifetime
    identity = ObjectIdentifier(registration)
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
