/// Every problem ``Container/validate()`` found, not only the first.
///
/// ```swift
/// do {
///   try container.validate()
/// } catch let error as ValidationError {
///   print(error)
/// }
/// ```
///
/// ```text
/// validate() found 2 problems:
/// 1. No registration for Clock (requested by Greeter). To fix, register it: container.register(Clock.self) { … }
/// 2. Dependency cycle: A → B → A. To fix, break it: let B take Lazy<A> or Provider<A> instead of A, or move what they share into a new service.
/// ```
public struct ValidationError: Error, Sendable, CustomStringConvertible {
  /// The problems, in the order of the services they were found from (sorted by name).
  ///
  /// ```swift
  /// #expect(error.problems.map(\.kind) == [.missingRegistration, .cycle])
  /// ```
  public let problems: [ResolutionError]
  /// The dependency graph as far as the dry run could build it, problems and all.
  ///
  /// ```swift
  /// print(error.graph.asciiTree())
  /// ```
  public let graph: DependencyGraph

  /// A numbered list of the problems.
  ///
  /// ```swift
  /// print(error.description)
  /// ```
  public var description: String {
    let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
    return (["validate() found \(count):"]
      + problems.enumerated().map { "\($0.offset + 1). \($0.element)" }).joined(separator: "\n")
  }
}
