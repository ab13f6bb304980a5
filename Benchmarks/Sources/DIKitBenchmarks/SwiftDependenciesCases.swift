import Dependencies

/// swift-dependencies has no container to resolve a graph from: what it is compared on is the
/// singleton, a `@Dependency` read.
enum SwiftDependenciesCases {
  static func run(_ harness: inout Harness) {
    let reader = ConfigurationReader()
    harness.add(Cases.singleton, Implementation.swiftDependencies) { iterations in
      for _ in 0..<iterations { blackHole(reader.configuration) }
    }
  }
}

private enum ConfigurationKey: DependencyKey {
  static let liveValue = Configuration()
}

extension DependencyValues {
  var configuration: Configuration {
    get { self[ConfigurationKey.self] }
    set { self[ConfigurationKey.self] = newValue }
  }
}

struct ConfigurationReader {
  @Dependency(\.configuration) var configuration
}
