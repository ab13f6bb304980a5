/// Where the store reports a misuse: a dependency used in a test without being overridden. The app
/// prints it; a test binds a reporter of its own that collects what is reported (the way
/// swift-issue-reporting lets a test collect issues).
enum IssueReporter {
  @TaskLocal static var report: @Sendable (String) -> Void = { print("Issue: \($0)") }
}

/// One dependency: its type, and the value each context uses when nobody overrode it.
protocol DependencyKey {
  associatedtype Value: Sendable = Self
  static var liveValue: Value { get }
  static var testValue: Value { get }
  static var previewValue: Value { get }
}

extension DependencyKey {
  /// Previews use the live value unless a key says otherwise.
  static var previewValue: Value { liveValue }
}

/// Every dependency's current value, and the context the code runs in.
struct DependencyValues: Sendable {
  enum Context: Sendable {
    case live, test, preview
  }

  /// The values of the operation that is running.
  @TaskLocal static var current = DependencyValues()

  var context = Context.live
  private var overrides: [ObjectIdentifier: any Sendable] = [:]

  /// An overridden value if there is one; otherwise the key's value for the context.
  subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
    get {
      if context == .live { return Key.liveValue }
      if let value = overrides[ObjectIdentifier(key)] as? Key.Value {
        return value
      }
      switch context {
      case .live: return Key.liveValue
      case .test: return Key.testValue
      case .preview: return Key.previewValue
      }
    }
    set { overrides[ObjectIdentifier(key)] = newValue }
  }
}

/// Runs `operation` with the current values, changed by `change`, and only `operation`.
func withDependencies<R>(
  _ change: (inout DependencyValues) -> Void, operation: () throws -> R
) rethrows -> R {
  var values = DependencyValues.current
  change(&values)
  return try DependencyValues.$current.withValue(values) { try operation() }
}

/// The same, for an `async` operation.
func withDependencies<R>(
  _ change: (inout DependencyValues) -> Void, operation: () async throws -> R
) async rethrows -> R {
  var values = DependencyValues.current
  change(&values)
  return try await DependencyValues.$current.withValue(values) { try await operation() }
}

/// One dependency of an object.
@propertyWrapper
struct Dependency<Value> {
  private let values = DependencyValues.current
  private let keyPath: KeyPath<DependencyValues, Value>

  init(_ keyPath: KeyPath<DependencyValues, Value>) {
    self.keyPath = keyPath
  }

  var wrappedValue: Value { values[keyPath: keyPath] }
}

/// A test value that does nothing real: it reports that `name` was used without an override, and
/// returns `placeholder`.
func unimplemented<Value: Sendable>(_ name: String, placeholder: Value) -> @Sendable () -> Value {
  {
    IssueReporter.report("Unimplemented: \(name) was used, not overridden")
    return placeholder
  }
}
