import Foundation
import Testing

/// The app's registry: filled at launch, read from anywhere. Delete it when nothing uses it.
///
/// In this exercise it records an Issue whenever a test registers or resolves anything.
enum ServiceLocator {
  nonisolated(unsafe) private static var services: [String: Any] = [:]
  private static let lock = NSLock()

  static func register<T>(_ service: T, as type: T.Type) {
    Issue.record(
      "Something registered \(type) in ServiceLocator during a test. After the refactoring nothing uses the locator: the root passes every service in directly.")
    lock.withLock { services["\(type)"] = service }
  }

  static func resolve<T>(_ type: T.Type) -> T? {
    Issue.record(
      "Something resolved \(type) from ServiceLocator during a test: a hidden dependency. Pass it in through init instead.")
    return lock.withLock { services["\(type)"] as? T }
  }
}
