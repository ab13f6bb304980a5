/// Why a service could not be resolved, in words that say what happened and how to fix it.
///
/// ```swift
/// do {
///   _ = try container.resolve(CheckoutService.self)
/// } catch let error as ResolutionError {
///   print(error)
/// }
/// ```
///
/// ```text
/// No registration for PaymentGateway (requested by CheckoutService → OrderFlow). Registered
/// under other names: PaymentGateway named "sandbox". To fix, register it:
/// container.register(PaymentGateway.self) { … }
/// ```
///
/// (printed on one line). A factory's own errors pass through `resolve` unchanged; only
/// ``Container/validate()`` wraps them, as ``Kind-swift.enum/factoryFailed``.
public struct ResolutionError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What kind of problem it is.
  ///
  /// ```swift
  /// if error.kind == .cycle { print("break the cycle:", error.path) }
  /// ```
  public enum Kind: String, Sendable, Equatable {
    /// Nothing is registered for the service under that name and those argument types.
    ///
    /// ```swift
    /// _ = try Container().resolve(Clock.self)  // missingRegistration
    /// ```
    case missingRegistration
    /// The service depends on itself, directly or through others.
    ///
    /// ```swift
    /// container.register(A.self) { resolver in A(b: try resolver.resolve()) }
    /// container.register(B.self) { resolver in B(a: try resolver.resolve()) }  // A → B → A
    /// ```
    case cycle
    /// A longer-lived service holds a shorter-lived one, which would outlive its lifetime.
    ///
    /// ```swift
    /// container.register(RequestLog.self, lifetime: .scoped) { _ in RequestLog() }
    /// container.register(Audit.self, lifetime: .singleton) { resolver in
    ///   Audit(log: try resolver.resolve())  // captiveDependency
    /// }
    /// ```
    case captiveDependency
    /// A `scoped` service was resolved outside a ``Scope``.
    ///
    /// ```swift
    /// _ = try container.resolve(RequestLog.self)  // scopeRequired: use container.makeScope()
    /// ```
    case scopeRequired
    /// A `weak` service's factory returned a value that is not a class instance.
    ///
    /// ```swift
    /// container.register(Settings.self, lifetime: .weak) { _ in Settings() }  // a struct
    /// ```
    case weakNeedsClassInstance
    /// A factory threw its own error during ``Container/validate()``.
    ///
    /// ```swift
    /// container.register(Database.self) { _ in throw DatabaseError.offline }
    /// try container.validate()  // factoryFailed
    /// ```
    case factoryFailed
    /// A ``Lazy`` or ``Provider`` was asked for its service after its container had been
    /// freed.
    ///
    /// ```swift
    /// let clock = Container().provider(Clock.self)  // the container is freed at once
    /// _ = try clock()  // containerGone
    /// ```
    case containerGone
    /// A ``Scope`` was used after it was closed, or a ``Lazy`` or ``Provider`` made in it after
    /// it was closed or freed.
    ///
    /// ```swift
    /// let request = container.makeScope()
    /// request.close()
    /// _ = try request.resolve(Handler.self)  // scopeEnded
    /// ```
    case scopeEnded
    /// A ``Resolver`` was kept past the factory it was given to (with `nonisolated(unsafe)`)
    /// and used after its top-level call had returned.
    ///
    /// ```swift
    /// nonisolated(unsafe) var kept: Resolver?
    /// container.register(Clock.self) { resolver in kept = resolver; return SystemClock() }
    /// _ = try container.resolve(Clock.self)
    /// _ = try kept?.resolve(Clock.self)  // resolverKept
    /// ```
    case resolverKept
  }

  /// What kind of problem it is.
  ///
  /// ```swift
  /// #expect(error.kind == .missingRegistration)
  /// ```
  public let kind: Kind
  /// The service the problem is about, as in `PaymentGateway named "sandbox"`.
  ///
  /// ```swift
  /// print(error.service)  // PaymentGateway
  /// ```
  public let service: String
  /// The services involved, outermost first: for a cycle, the cycle (`A`, `B`, `A`); for a
  /// captive dependency, the holder to the held; otherwise the services that asked for it.
  ///
  /// ```swift
  /// print(error.path.joined(separator: " → "))  // CheckoutService → OrderFlow
  /// ```
  public let path: [String]
  /// The whole message, ending with the fix.
  ///
  /// ```swift
  /// print(error.description)
  /// ```
  public let description: String

  init(kind: Kind, service: ServiceKey, path: [ServiceKey], description: String) {
    self.kind = kind
    self.service = service.description
    self.path = path.map(\.description)
    self.description = description
  }
}

// MARK: - The messages

extension ResolutionError {
  /// `argumentValues` are the runtime arguments as passed, if any, for a hint about literals.
  static func missing(
    _ key: ServiceKey, path: [ServiceKey], registered: [ServiceKey], argumentValues: [String] = []
  ) -> Self {
    let names = TypeNames([key] + path + registered)
    let (key, path) = (names.callOut(key), path.map(names.callOut))
    let registered = registered.map(names.callOut)
    var text = "No registration for \(key)\(requestedBy(path))."
    let nearMisses = NearMisses(for: key, among: registered, argumentValues: argumentValues)
    if !nearMisses.otherNames.isEmpty {
      text += " Registered under other names: \(nearMisses.otherNames.joined(separator: ", "))."
    }
    if !nearMisses.otherArguments.isEmpty {
      text += " Registered with other arguments: \(nearMisses.otherArguments.joined(separator: ", "))."
    }
    for hint in nearMisses.literalHints { text += " \(hint)" }
    if !nearMisses.similarTypes.isEmpty {
      text += " Similar types registered: \(nearMisses.similarTypes.joined(separator: ", "))."
    }
    text +=
      nearMisses.otherArguments.isEmpty
      ? " To fix, register it: \(key.registerCall)"
      : " To fix, pass the registered argument types, or register it: \(key.registerCall)"
    return Self(kind: .missingRegistration, service: key, path: path, description: text)
  }

  /// `cycle` runs from the first service to the same one again: `A, B, C, A`.
  static func cycle(_ cycle: [ServiceKey], registered: [ServiceKey] = []) -> Self {
    let cycle = cycle.map(TypeNames(cycle + registered).callOut)
    let first = cycle[0]
    let last = cycle[cycle.count - 2]
    let text =
      "Dependency cycle: \(arrows(cycle)). To fix, break it: let \(last.typeName) take "
      + "Lazy<\(first.typeName)> or Provider<\(first.typeName)> instead of \(first.typeName), "
      + "or move what they share into a new service."
    return Self(kind: .cycle, service: first, path: cycle, description: text)
  }

  static func captive(
    holder: ServiceKey, holderLifetime: Lifetime, held: ServiceKey, heldLifetime: Lifetime,
    path: [ServiceKey], registered: [ServiceKey] = []
  ) -> Self {
    let names = TypeNames([holder, held] + path + registered)
    let (holder, held, path) = (names.callOut(holder), names.callOut(held), path.map(names.callOut))
    let consequence =
      switch heldLifetime {
      case .scoped: "so it would keep one scope's \(held) after that scope ends"
      case .graph: "so it would share one resolution's \(held) with every later one"
      default: "so \(held) would never be released"
      }
    let heldFix = heldLifetime == .graph ? "transient or \(holderLifetime)" : "a singleton"
    let text =
      "Captive dependency: \(holder) (\(holderLifetime)) holds \(held) (\(heldLifetime)) "
      + "through \(arrows(path)), \(consequence). To fix, make \(holder) \(heldLifetime) or "
      + "transient, or make \(held) \(heldFix)."
    return Self(kind: .captiveDependency, service: held, path: path, description: text)
  }

  static func scopeRequired(
    _ key: ServiceKey, path: [ServiceKey], registered: [ServiceKey] = []
  ) -> Self {
    let names = TypeNames([key] + path + registered)
    let (key, path) = (names.callOut(key), path.map(names.callOut))
    let root = path.first ?? key
    var call = "\(root.typeName).self"
    if let name = root.name { call += ", name: \"\(name)\"" }
    let text =
      "\(key) is scoped, but was resolved outside a scope\(requestedBy(path)). To fix, "
      + "resolve it from a scope: let scope = container.makeScope(); try scope.resolve(\(call))"
    return Self(kind: .scopeRequired, service: key, path: path, description: text)
  }

  static func weakNeedsClassInstance(_ key: ServiceKey, returned: Any.Type) -> Self {
    let text =
      "\(key) is registered as weak, but its factory returned \(returned), which is not a "
      + "class: only a class instance can be shared weakly. To fix, register \(key) as "
      + "transient or singleton, or return a class instance."
    return Self(kind: .weakNeedsClassInstance, service: key, path: [], description: text)
  }

  static func factoryFailed(
    _ key: ServiceKey, path: [ServiceKey], error: any Error, registered: [ServiceKey] = []
  ) -> Self {
    let names = TypeNames([key] + path + registered)
    let (key, path) = (names.callOut(key), path.map(names.callOut))
    let text =
      "The factory of \(key) threw \(error)\(requestedBy(path)). To fix, make it succeed: "
      + "validate() runs every factory once, with the registrations the container has."
    return Self(kind: .factoryFailed, service: key, path: path, description: text)
  }

  /// `deferred` is `Lazy` or `Provider`.
  static func containerGone(_ key: ServiceKey, deferred: String, path: [ServiceKey]) -> Self {
    let names = TypeNames([key] + path)
    let (key, path) = (names.callOut(key), path.map(names.callOut))
    let text =
      "\(deferred)<\(key.typeName)> cannot resolve \(key): its container has been freed"
      + "\(requestedBy(path)). To fix, keep the container for as long as the services it built "
      + "are used, for example in a property of the app's root object, not in a local variable."
    return Self(kind: .containerGone, service: key, path: path, description: text)
  }

  /// `deferred` is `Lazy` or `Provider`, or `nil` for the scope itself; `closed` tells a closed
  /// scope from a freed one.
  static func scopeEnded(
    _ key: ServiceKey, deferred: String?, closed: Bool, path: [ServiceKey]
  ) -> Self {
    let names = TypeNames([key] + path)
    let (key, path) = (names.callOut(key), path.map(names.callOut))
    let subject =
      deferred.map { "\($0)<\(key.typeName)> cannot resolve \(key)" }
      ?? "\(key) cannot be resolved"
    let text =
      "\(subject): its scope \(closed ? "was closed" : "has been freed")\(requestedBy(path)). "
      + "To fix, resolve it before the scope ends, or from a new scope for new work: "
      + "let scope = container.makeScope()"
    return Self(kind: .scopeEnded, service: key, path: path, description: text)
  }

  static func resolverKept(_ key: ServiceKey) -> Self {
    let fix =
      key.hasArguments
      ? "resolve it from the container, or from a resolver that a factory is running with"
      : "inject Lazy<\(key.typeName)> or Provider<\(key.typeName)> where it is needed later"
    let text =
      "A Resolver was used to resolve \(key) after the factory it was given to had returned: "
      + "a resolver lives only while its factory runs, and its container may be gone. To fix, "
      + "\(fix), instead of keeping the resolver."
    return Self(kind: .resolverKept, service: key, path: [], description: text)
  }

  private static func requestedBy(_ path: [ServiceKey]) -> String {
    path.isEmpty ? "" : " (requested by \(arrows(path)))"
  }

  private static func arrows(_ path: [ServiceKey]) -> String {
    path.map(\.description).joined(separator: " → ")
  }
}
