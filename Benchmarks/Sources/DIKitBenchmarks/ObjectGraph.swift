/// The object graphs every implementation builds: the same classes, wired four ways.

/// The three-level graph: a screen model over a service over a repository.
final class Repository: Sendable {}

final class Service: Sendable {
  let repository: Repository
  init(repository: Repository) { self.repository = repository }
}

final class ScreenModel: Sendable {
  let service: Service
  init(service: Service) { self.service = service }
}

/// The singleton.
final class Configuration: Sendable {
  let name = "production"
}

/// The service registered under many names.
final class Handler: Sendable {
  let number: Int
  init(number: Int) { self.number = number }
}

enum Cases {
  static let graph = "transient-graph-3-levels"
  static let singleton = "singleton-hit"
  static func named(_ count: Int) -> String { "named-lookup-\(count)" }
  static let concurrent = "concurrent-4-tasks"
  static let namedCounts = [10, 100, 1000]
  static let concurrentTasks = 4
}

enum Implementation {
  static let handWired = "handwired"
  static let dikit = "dikit"
  /// DIKit without `validate()`: every resolution checked. Not one of issue 6's names; shown
  /// for what the plan buys.
  static let dikitUnvalidated = "dikit-unvalidated"
  static let swinject = "swinject"
  static let swinjectSync = "swinject-sync"
  static let swiftDependencies = "swift-dependencies"
}
