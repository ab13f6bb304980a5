/// A way to resolve a service again whenever you need one, for example one per job.
///
/// ```swift
/// struct Importer: Sendable {
///   let makeParser: Provider<Parser>
///   func run(_ files: [String]) throws {
///     for file in files { try makeParser().parse(file) }  // a fresh parser per file
///   }
/// }
///
/// container.register(Importer.self) { resolver in
///   Importer(makeParser: try resolver.provider(Parser.self))
/// }
/// ```
///
/// Each call is a new top-level resolution from the container and scope the provider was made
/// in, so lifetimes still apply: a transient service is new on each call, a singleton is the
/// same one.
///
/// A provider holds its container and scope weakly, so a service that keeps one does not keep
/// them alive; called after they are gone, it throws a ``ResolutionError`` that says which ended
/// (``ResolutionError/Kind-swift.enum/containerGone`` or
/// ``ResolutionError/Kind-swift.enum/scopeEnded``).
public struct Provider<Value: Sendable>: Sendable {
  private let make: @Sendable () throws -> Value

  /// A provider that calls `make` on each call: a stand-in for tests.
  ///
  /// ```swift
  /// let importer = Importer(makeParser: Provider { StrictParser() })
  /// ```
  public init(_ make: @escaping @Sendable () throws -> Value) {
    self.make = make
  }

  init(origin: ResolutionOrigin, name: String?) {
    make = { try origin.resolve(Value.self, name: name, for: "Provider").value }
  }

  /// Resolves the service.
  ///
  /// ```swift
  /// let parsers = container.provider(Parser.self)
  /// let parser = try parsers()
  /// ```
  ///
  /// - Throws: what resolving the service throws.
  public func callAsFunction() throws -> Value {
    try make()
  }
}

extension Provider: DeferredResolution {
  static func make(resolvingFrom resolver: Resolver, name: String?) throws -> Provider<Value> {
    try resolver.prepareDeferred(Value.self, name: name, kind: .provider)
    return Provider(origin: try resolver.origin(), name: name)
  }
}
