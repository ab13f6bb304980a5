import Foundation

/// Where the engine learns the time: timestamps for backups and for moving a corrupt state file
/// aside. Tests use ``fixed(_:)`` so names that contain a time are predictable.
public struct WallClock: Sendable {
  public var now: @Sendable () -> Date

  public init(now: @escaping @Sendable () -> Date) {
    self.now = now
  }

  public static let system = WallClock { Date() }

  public static func fixed(_ date: Date) -> WallClock {
    WallClock { date }
  }

  /// `20261123-142501`: sorts by time and is safe in a file name.
  public func timestamp() -> String {
    let components = Calendar(identifier: .gregorian).dateComponents(
      in: TimeZone(identifier: "UTC")!, from: now())
    return String(
      format: "%04d%02d%02d-%02d%02d%02d", components.year ?? 0, components.month ?? 0,
      components.day ?? 0, components.hour ?? 0, components.minute ?? 0, components.second ?? 0)
  }
}
