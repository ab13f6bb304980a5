import Foundation

/// Reads and writes ``LearnerState`` in `.ditutor/progress.json` inside the course checkout.
///
/// Every change is a read–modify–write under an exclusive lock, against the file as it is on disk
/// at that moment: two REPLs on one checkout therefore add to each other's progress instead of
/// overwriting it. Writes are atomic. A file that cannot be read is moved aside, never dropped.
public final class ProgressStore: Sendable {
  public static let folderName = ".ditutor"

  private let fileSystem: any FileSystem
  private let clock: WallClock
  public let directory: String

  public convenience init(fileSystem: any FileSystem, clock: WallClock, root: String) {
    self.init(fileSystem: fileSystem, clock: clock, directory: FilePath.join(root, Self.folderName))
  }

  /// A store kept somewhere else than the checkout: a presenter's demo plays against a
  /// throwaway one, so the class never changes the learner's progress.
  public init(fileSystem: any FileSystem, clock: WallClock, directory: String) {
    self.fileSystem = fileSystem
    self.clock = clock
    self.directory = directory
  }

  public var stateFile: String { FilePath.join(directory, "progress.json") }
  private var lockFile: String { FilePath.join(directory, "progress.lock") }

  /// The state on disk, and a warning for the learner if the file had to be moved aside.
  public func load() throws -> (state: LearnerState, warning: String?) {
    try ensureDirectory()
    return try fileSystem.withExclusiveLock(at: lockFile) { try readUnlocked() }
  }

  /// Removes the temporary files of saves that were killed before their rename. Every save of
  /// the state file runs under the lock held here, so none of them can belong to a live save.
  public func removeAbandonedSaves() throws {
    try ensureDirectory()
    let prefix = "." + FilePath.lastComponent(stateFile) + "."
    try fileSystem.withExclusiveLock(at: lockFile) {
      for name in try fileSystem.contentsOfDirectory(at: directory) where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
        try fileSystem.removeItem(at: FilePath.join(directory, name))
      }
    }
  }

  /// Applies `change` to the state as it is on disk now and saves the result.
  @discardableResult
  public func update(_ change: (inout LearnerState) -> Void) throws -> (state: LearnerState, warning: String?) {
    try ensureDirectory()
    return try fileSystem.withExclusiveLock(at: lockFile) {
      var (state, warning) = try readUnlocked()
      change(&state)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      try fileSystem.writeAtomically(try encoder.encode(state), to: stateFile)
      return (state, warning)
    }
  }

  private func ensureDirectory() throws {
    if !fileSystem.directoryExists(at: directory) {
      try fileSystem.createDirectory(at: directory)
    }
  }

  private func readUnlocked() throws -> (LearnerState, String?) {
    guard fileSystem.fileExists(at: stateFile) else { return (LearnerState(), nil) }
    let data = try fileSystem.readFile(at: stateFile)
    do {
      let state = try JSONDecoder().decode(LearnerState.self, from: data)
      guard state.version <= LearnerState.currentVersion else {
        throw ProgressError.newerVersion(state.version)
      }
      return (state, nil)
    } catch let error as ProgressError {
      throw error
    } catch {
      let aside = stateFile + ".corrupt-" + clock.timestamp()
      try fileSystem.moveItem(from: stateFile, to: aside)
      let relative = FilePath.lastComponent(aside)
      return (
        LearnerState(),
        "Your progress file could not be read, so ditutor starts afresh. The old file is kept as \(Self.folderName)/\(relative)."
      )
    }
  }
}

public enum ProgressError: Error, CustomStringConvertible, Equatable {
  case newerVersion(Int)

  public var description: String {
    switch self {
    case .newerVersion(let version):
      "Your progress file was written by a newer ditutor (format \(version); this one reads up to \(LearnerState.currentVersion)). Update ditutor; the file is left as it is."
    }
  }
}
