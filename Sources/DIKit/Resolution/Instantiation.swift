/// How a registration becomes an instance under each lifetime.
///
/// The two hot cases, a transient build and a singleton hit, are inlinable so that a call site
/// that knows its service type compiles them down to a few loads and the factory call. Every
/// other case, and every first creation, takes a non-inlinable slow path.
extension Registration {
  @inlinable
  func resolve(with resolver: Resolver) throws -> Service {
    switch lifetime {
    case .transient:
      return try build(with: resolver, in: resolver.container)
    case .singleton:
      if let instance = existingInstance { return instance }
      return try createSingleton(with: resolver)
    case .weak, .graph, .scoped:
      return try resolveShared(with: resolver)
    }
  }

  /// Runs the factory with this service on the path, in `container`.
  @inlinable
  func build(with resolver: Resolver, in container: Container) throws -> Service {
    let context = resolver.context
    try context.enter(self)
    defer { context.leave() }
    let inner = Resolver(
      container: container, scope: resolver.scope, context: context,
      holder: lifetime == .transient ? resolver.holder : lifetime)
    switch factory {
    case .plain(let make): return try make(inner)
    case .withArguments(let make): return try make(inner, ())
    }
  }

  /// Runs a factory that takes runtime arguments.
  func build(with resolver: Resolver, arguments: Any) throws -> Service {
    let context = resolver.context
    try context.enter(self)
    defer { context.leave() }
    let inner = Resolver(
      container: resolver.container, scope: resolver.scope, context: context,
      holder: resolver.holder)
    switch factory {
    case .plain(let make): return try make(inner)
    case .withArguments(let make): return try make(inner, arguments)
    }
  }

  /// The first creation of a singleton, once, under the creation lock. Its factory resolves
  /// from the container that owns the registration.
  @usableFromInline
  func createSingleton(with resolver: Resolver) throws -> Service {
    try owner.creationLock.withLock {
      if let instance = existingInstance { return instance }
      let value = try buildOnce(with: resolver, in: owner)
      publish(value)
      return value
    }
  }

  /// `weak`, `graph` and `scoped`: shared instances that another service may hold captive.
  @usableFromInline
  func resolveShared(with resolver: Resolver) throws -> Service {
    if resolver.holder.captures(lifetime) {
      throw resolver.context.captiveError(holding: self)
    }
    switch lifetime {
    case .graph:
      let identity = ObjectIdentifier(self)
      if let instance = resolver.context.graphInstances[identity] { return instance as! Service }
      let value = try build(with: resolver, in: resolver.container)
      resolver.context.graphInstances[identity] = value
      return value
    case .weak:
      return try owner.creationLock.withLock {
        if let object = weakInstance { return object as! Service }
        let value = try buildOnce(with: resolver, in: owner)
        weakInstance = try classInstance(value)
        return value
      }
    case .scoped:
      guard let scope = resolver.scope else {
        throw ResolutionError.scopeRequired(key, path: resolver.context.chain.map(\.key))
      }
      if let instance = scope.instance(for: self) { return instance as! Service }
      return try owner.creationLock.withLock {
        if let instance = scope.instance(for: self) { return instance as! Service }
        let value = try buildOnce(with: resolver, in: resolver.container)
        scope.store(value, for: self)
        return value
      }
    case .transient, .singleton:
      return try resolve(with: resolver)
    }
  }

  /// Builds a shared instance under the creation lock. Meeting this registration already
  /// being built here means the same thread asked for it again from a fresh resolution (a
  /// factory calling `container.resolve`, or reading a `Lazy` during construction): a cycle
  /// that the path of this resolution alone cannot show, and waiting would deadlock.
  func buildOnce(with resolver: Resolver, in container: Container) throws -> Service {
    guard !isBuilding.load(ordering: .relaxed) else {
      throw resolver.context.cycleError(closingWith: self)
    }
    isBuilding.store(true, ordering: .relaxed)
    defer { isBuilding.store(false, ordering: .relaxed) }
    return try build(with: resolver, in: container)
  }

  /// The instance as an object, or the error that the `weak` lifetime needs one.
  func classInstance(_ value: Service) throws -> AnyObject {
    guard type(of: value as Any) is AnyObject.Type else {
      throw ResolutionError.weakNeedsClassInstance(key, returned: type(of: value as Any))
    }
    return value as AnyObject
  }
}

// MARK: - validate()'s dry run

extension Registration {
  /// Builds the service as `validate()` does: every factory runs, shared instances are kept
  /// for the dry run only, and a factory's own error is reported with the service it built.
  func resolveInDryRun(with resolver: Resolver) throws -> Service {
    guard let dryRun = resolver.context.dryRun else { return try resolve(with: resolver) }
    if resolver.holder.captures(lifetime) {
      throw resolver.context.captiveError(holding: self)
    }
    let identity = ObjectIdentifier(self)
    switch lifetime {
    case .transient:
      return try buildReportingFactoryErrors(with: resolver, in: resolver.container)
    case .graph:
      if let instance = resolver.context.graphInstances[identity] { return instance as! Service }
      let value = try buildReportingFactoryErrors(with: resolver, in: resolver.container)
      resolver.context.graphInstances[identity] = value
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
      throw ResolutionError.factoryFailed(key, path: resolver.context.chain.map(\.key), error: error)
    }
  }
}
