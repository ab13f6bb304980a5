import Synchronization

/// A service resolved on first use, exactly once, even when many tasks ask at the same time.
///
/// Inject it for something expensive that is not always needed, or to break a cycle:
///
/// ```swift
/// final class ReportScreen: Sendable {
///   let exporter: Lazy<PDFExporter>
///   init(exporter: Lazy<PDFExporter>) { self.exporter = exporter }
///   func export(_ report: Report) throws { try exporter.value.export(report) }
/// }
///
/// container.register(ReportScreen.self) { resolver in
///   ReportScreen(exporter: try resolver.lazy(PDFExporter.self))
/// }
/// ```
///
/// A `Lazy` made by a resolver resolves from that resolver's container and scope, as a new
/// top-level resolution. If resolving fails, the error is thrown and the next read tries again.
///
/// A `Lazy` never keeps its container or scope alive, so a service that holds one can be freed
/// with them, even across a cycle: it holds them weakly, and it keeps the value it resolved
/// only if nothing else does. A singleton, weak or scoped instance is kept by its container or
/// scope already, so the `Lazy` looks it up again on each read (one table lookup) instead of
/// holding it; a transient value it keeps, and every later read returns that one. Read after
/// its container or scope has gone, it throws a ``ResolutionError`` that says which ended.
///
/// `@unchecked Sendable`: the value is written once, by the one thread that resolves it (see
/// `Creations`), before its pointer is published with release ordering; readers load it with
/// acquire ordering.
public final class Lazy<Value: Sendable>: @unchecked Sendable {
  /// Resolves the value, and says whether the container or scope keeps it.
  private let make: @Sendable () throws -> (value: Value, isShared: Bool)
  private let instance = Atomic<UnsafeMutablePointer<Value>?>(nil)
  /// Set once the value turned out to be kept by the container or the scope: each read then
  /// looks it up there rather than keeping it here.
  private let isShared = Atomic<Bool>(false)
  private let key: ServiceKey
  private let requestedBy: [PathEntry]

  /// A `Lazy` that calls `make` on first use: a stand-in for tests, or lazy values outside
  /// a container.
  ///
  /// ```swift
  /// let exporter = Lazy { PDFExporter(pageSize: .a4) }
  /// let screen = ReportScreen(exporter: exporter)
  /// ```
  public init(_ make: @escaping @Sendable () throws -> Value) {
    self.make = { (try make(), false) }
    key = ServiceKey(service: Value.self, name: nil)
    requestedBy = []
  }

  init(origin: ResolutionOrigin, name: String?) {
    make = { try origin.resolve(Value.self, name: name, for: "Lazy") }
    key = ServiceKey(service: Value.self, name: name)
    requestedBy = origin.prefix
  }

  deinit {
    if let pointer = instance.load(ordering: .acquiring) {
      pointer.deinitialize(count: 1)
      pointer.deallocate()
    }
  }

  /// The value, resolved on the first read; every later read returns the same instance
  /// without taking a lock (or, for an instance its container or scope keeps, after one
  /// lookup).
  ///
  /// ```swift
  /// let exporter = container.lazy(PDFExporter.self)
  /// try exporter.value.export(report)  // resolved here
  /// try exporter.value.export(summary)  // the same exporter
  /// ```
  ///
  /// - Throws: what resolving the service throws (a ``ResolutionError`` or a factory's own
  ///   error), a ``ResolutionError`` for a cycle when the value is read again while it is
  ///   being resolved, or one that says the container or scope it resolves from has ended.
  public var value: Value {
    get throws {
      if let pointer = instance.load(ordering: .acquiring) { return pointer.pointee }
      if isShared.load(ordering: .acquiring) { return try make().value }
      return try Creations.shared.instance(
        in: Creations.Slot(self), key: key,
        chain: { ResolvingThread.current.chainKeys ?? requestedBy.map(\.key) },
        existing: { instance.load(ordering: .acquiring)?.pointee },
        build: {
          let (value, isShared) = try make()
          if isShared {
            self.isShared.store(true, ordering: .releasing)
            return value
          }
          let pointer = UnsafeMutablePointer<Value>.allocate(capacity: 1)
          pointer.initialize(to: value)
          instance.store(pointer, ordering: .releasing)
          return value
        })
    }
  }

  /// Whether the value has been resolved yet.
  ///
  /// ```swift
  /// let exporter = container.lazy(PDFExporter.self)
  /// print(exporter.isResolved)  // false
  /// _ = try exporter.value
  /// print(exporter.isResolved)  // true
  /// ```
  public var isResolved: Bool {
    instance.load(ordering: .acquiring) != nil || isShared.load(ordering: .acquiring)
  }
}

extension Lazy: DeferredResolution {
  static func make(resolvingFrom resolver: Resolver, name: String?) throws -> Lazy<Value> {
    try resolver.prepareDeferred(Value.self, name: name, kind: .lazy)
    return Lazy(origin: try resolver.origin(), name: name)
  }
}
