/// A value built by `make` the first time someone reads it, and shared by everyone after:
/// one build, however many tasks ask, and however many ask at the same moment.
final class Lazy<Value: Sendable>: @unchecked Sendable {
  private let make: @Sendable () -> Value

  /// Stores `make`; builds nothing yet.
  init(_ make: @escaping @Sendable () -> Value) {
    self.make = make
  }

  /// The value, built on the first read. Every later read returns the same one.
  lazy var value: Value = make()
}
