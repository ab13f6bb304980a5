/// How long an instance lives, and who shares it.
///
/// Pass it when you register a service; the container keeps or drops instances accordingly.
///
/// ```swift
/// container.register(Clock.self, lifetime: .singleton) { _ in SystemClock() }
/// container.register(RequestLog.self, lifetime: .scoped) { _ in RequestLog() }
/// ```
///
/// | lifetime | one instance per | dropped when |
/// | --- | --- | --- |
/// | `transient` | resolution of the service | the caller lets go |
/// | `singleton` | container | the container goes |
/// | `weak` | container, while something holds it | nothing holds it any more |
/// | `graph` | top-level `resolve` call | that call returns and nothing holds it |
/// | `scoped` | ``Scope`` (a request, a test) | the scope goes |
public enum Lifetime: String, Sendable, CaseIterable, CustomStringConvertible {
  /// A new instance every time the service is resolved.
  ///
  /// ```swift
  /// container.register(Formatter.self, lifetime: .transient) { _ in Formatter() }
  /// ```
  case transient
  /// One instance per container, created on first use, exactly once even under contention.
  ///
  /// ```swift
  /// container.register(Database.self, lifetime: .singleton) { _ in Database(path: "app.db") }
  /// ```
  case singleton
  /// One instance shared while someone holds it; the next resolution after that makes a new one.
  ///
  /// The factory must return a class instance.
  ///
  /// ```swift
  /// container.register(ImageCache.self, lifetime: .weak) { _ in ImageCache() }
  /// ```
  case weak
  /// One instance per top-level `resolve`: every service built by that call shares it.
  ///
  /// ```swift
  /// container.register(UnitOfWork.self, lifetime: .graph) { _ in UnitOfWork() }
  /// ```
  case graph
  /// One instance per ``Scope``, such as a request or a test.
  ///
  /// ```swift
  /// container.register(RequestLog.self, lifetime: .scoped) { _ in RequestLog() }
  /// let scope = container.makeScope()
  /// let log = try scope.resolve(RequestLog.self)
  /// ```
  case scoped

  /// The lifetime's name, as error messages and graph exports show it.
  ///
  /// ```swift
  /// print(Lifetime.singleton)  // singleton
  /// ```
  public var description: String { rawValue }

  /// Whether a service with this lifetime would keep an instance of `held` beyond that
  /// instance's own lifetime: the captive-dependency rule.
  ///
  /// Transient services hold nothing of their own (their holder is the nearest non-transient
  /// service above them), and anything may hold a singleton. A singleton or weak service is
  /// shared across scopes and resolutions, so it must not hold a scoped or graph service; a
  /// scoped service outlives one resolution, so it must not hold a graph service; and a
  /// singleton holding a weak service would keep it alive for ever.
  func captures(_ held: Lifetime) -> Bool {
    switch (self, held) {
    case (.singleton, .scoped), (.singleton, .weak), (.singleton, .graph): true
    case (.weak, .scoped), (.weak, .graph): true
    case (.scoped, .graph): true
    default: false
    }
  }
}
