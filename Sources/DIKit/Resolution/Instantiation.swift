import Synchronization

/// How a registration becomes an instance under each lifetime.
///
/// The two hot cases, a transient build and a singleton hit, are inlinable so that a call site
/// that knows its service type compiles them down to a few loads and the factory call. Every
/// other case, and every first creation, takes a non-inlinable slow path.
extension Registration {
  @inlinable @inline(__always)
  func resolve(with resolver: Resolver) throws -> Service {
    switch lifetime {
    case .transient:
      return try build(with: resolver, in: resolver.unmanagedContainer)
    case .singleton:
      if let instance = existingInstance { return instance }
      return try createSingleton(with: resolver)
    case .weak, .graph, .scoped:
      return try resolveShared(with: resolver)
    }
  }

  /// Runs the factory in `container`: with this service on the path in a checked resolution,
  /// one level deeper in a planned one.
  @inlinable @inline(__always)
  func build(with resolver: Resolver, in container: Unmanaged<Container>) throws -> Service {
    let holder = lifetime == .transient ? resolver.holder : lifetime
    guard let context = resolver.unmanagedContext else {
      guard resolver.depth < resolver.depthLimit else { throw PlanDeviation() }
      return try make(resolver.descending(into: container, holder: holder))
    }
    try context._withUnsafeGuaranteedRef { try $0.enter(self) }
    defer { context._withUnsafeGuaranteedRef { $0.leave() } }
    return try make(resolver.descending(into: container, holder: holder))
  }

  func build(with resolver: Resolver, in container: Container) throws -> Service {
    try build(with: resolver, in: Unmanaged.passUnretained(container))
  }

  /// Runs a factory that takes runtime arguments (always transient).
  func build(with resolver: Resolver, arguments: Any) throws -> Service {
    // Keys with arguments lead only to registrations made with them.
    guard let makeWithArguments else { preconditionFailure("\(key) takes no runtime arguments") }
    let next = resolver.descending(into: resolver.unmanagedContainer, holder: resolver.holder)
    guard let context = resolver.context else {
      guard resolver.depth < resolver.depthLimit else { throw PlanDeviation() }
      return try makeWithArguments(next, arguments)
    }
    try context.enter(self)
    defer { context.leave() }
    return try makeWithArguments(next, arguments)
  }

  /// The first creation of a singleton, once (see `Creations`). Its factory resolves from the
  /// container that owns the registration.
  @usableFromInline
  func createSingleton(with resolver: Resolver) throws -> Service {
    try Creations.shared.instance(
      in: Creations.Slot(self), key: key, chain: { resolver.chainKeys },
      existing: { existingInstance },
      build: {
        let value = try build(with: resolver, in: owner)
        publish(value)
        return value
      })
  }

  /// `weak`, `graph` and `scoped`: shared instances that another service may hold captive.
  @usableFromInline
  func resolveShared(with resolver: Resolver) throws -> Service {
    if resolver.holder.captures(lifetime) {
      guard let context = resolver.context else { throw PlanDeviation() }
      throw context.captiveError(holding: self)
    }
    switch lifetime {
    case .graph:
      guard let context = resolver.context else { throw PlanDeviation() }
      let identity = ObjectIdentifier(self)
      if let instance = context.graphInstance(for: identity) { return instance as! Service }
      let value = try build(with: resolver, in: resolver.container)
      context.storeGraphInstance(value, for: identity)
      return value
    case .weak:
      if let object = weakInstance.withLock({ $0.object }) { return object as! Service }
      return try Creations.shared.instance(
        in: Creations.Slot(self), key: key, chain: { resolver.chainKeys },
        existing: { weakInstance.withLock { $0.object }.map { $0 as! Service } },
        build: {
          let value = try build(with: resolver, in: owner)
          let object = try classInstance(value)
          weakInstance.withLock { $0 = WeakReference(object) }
          return value
        })
    case .scoped:
      guard let scope = resolver.scope else {
        guard let context = resolver.context else { throw PlanDeviation() }
        throw ResolutionError.scopeRequired(
          key, path: context.chain.map(\.key), registered: context.registeredKeys)
      }
      if let instance = try scope.instance(for: self, key: key) { return instance as! Service }
      return try Creations.shared.instance(
        in: Creations.Slot(self, scope: scope), key: key, chain: { resolver.chainKeys },
        existing: { try scope.instance(for: self, key: key).map { $0 as! Service } },
        build: {
          let value = try build(with: resolver, in: resolver.container)
          try scope.store(value, for: self, key: key)
          return value
        })
    case .transient, .singleton:
      return try resolve(with: resolver)
    }
  }

  /// The instance as an object, or the error that the `weak` lifetime needs one.
  func classInstance(_ value: Service) throws -> AnyObject {
    guard type(of: value as Any) is AnyObject.Type else {
      throw ResolutionError.weakNeedsClassInstance(key, returned: type(of: value as Any))
    }
    return value as AnyObject
  }

  /// A checked top-level resolution: with a context, so every error names its chain.
  @usableFromInline
  func resolveChecked(in container: Container, scope: Scope?) throws -> Service {
    try Resolver.checked(in: container, scope: scope) { try resolve(with: $0) }
  }
}

// MARK: - validate()'s dry run

extension Registration {
  /// Builds the service as `validate()` does: every factory runs, shared instances are kept
  /// for the dry run only, and a factory's own error is reported with the service it built.
  func resolveInDryRun(with resolver: Resolver) throws -> Service {
    guard let context = resolver.context, let dryRun = context.dryRun else {
      return try resolve(with: resolver)
    }
    if resolver.holder.captures(lifetime) { throw context.captiveError(holding: self) }
    let identity = ObjectIdentifier(self)
    switch lifetime {
    case .transient:
      return try buildReportingFactoryErrors(with: resolver, in: resolver.container)
    case .graph:
      if let instance = context.graphInstance(for: identity) { return instance as! Service }
      let value = try buildReportingFactoryErrors(with: resolver, in: resolver.container)
      context.storeGraphInstance(value, for: identity)
      return value
    case .singleton, .weak, .scoped:
      if let instance = dryRun.instances[identity] { return instance as! Service }
      let container = lifetime == .scoped ? resolver.container : owner
      let value = try buildReportingFactoryErrors(with: resolver, in: container)
      if lifetime == .weak { _ = try classInstance(value) }
      dryRun.instances[identity] = value
      return value
    }
  }

  private func buildReportingFactoryErrors(
    with resolver: Resolver, in container: Container
  ) throws -> Service {
    do {
      return try build(with: resolver, in: container)
    } catch let error as ResolutionError {
      throw error
    } catch {
      let path = resolver.context?.chain.map(\.key) ?? []
      throw ResolutionError.factoryFailed(
        key, path: path, error: error, registered: resolver.context?.registeredKeys ?? [])
    }
  }
}
