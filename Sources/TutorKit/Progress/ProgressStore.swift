import Foundation

/// Reads and writes ``LearnerState`` in `.ditutor/progress.json` inside the course checkout.
///
/// Every change is a read–modify–write under an exclusive lock, against the file as it is on disk
/// at that moment: two REPLs on one checkout therefore add to each other's progress instead of
/// overwriting it. Writes are atomic. A file that cannot be read is moved aside, never dropped;
/// one that can be read in part is moved aside too, and what could be read is kept.
public final class ProgressStore: Sendable {
  public static let folderName = ".ditutor"

  private let fileSystem: any FileStore & FileLocks
  private let clock: WallClock
  public let directory: String

  public convenience init(fileSystem: any FileStore & FileLocks, clock: WallClock, root: String) {
    self.init(fileSystem: fileSystem, clock: clock, directory: FilePath.join(root, Self.folderName))
  }

  /// A store kept somewhere else than the checkout: a presenter's demo plays against a
  /// throwaway one, so the class never changes the learner's progress.
  public init(fileSystem: any FileStore & FileLocks, clock: WallClock, directory: String) {
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

  /// The state a session starts from, and whether its changes can be saved.
  public struct Opened: Sendable {
    public var state: LearnerState
    /// For the learner: a file moved aside, or a `.ditutor/` ditutor cannot write.
    public var warning: String?
    /// False when `.ditutor/` cannot be written: the session then keeps its changes in memory.
    public var canSave: Bool
  }

  /// Loads the state and proves it can be saved, by saving it back. A `.ditutor/` that cannot be
  /// written (a read-only checkout, a folder another user owns) is no reason not to start: the
  /// file is then read without the lock, nothing is moved or written, and the warning says that
  /// nothing this session does will be kept. Only a file from a newer ditutor stops the start.
  public func open() throws -> Opened {
    do {
      let (state, warning) = try update { _ in }
      return Opened(state: state, warning: warning, canSave: true)
    } catch let error as ProgressError {
      throw error
    } catch {
      let (state, problem) = try readWithoutWriting()
      let warning =
        "ditutor cannot write to \(Self.folderName)/ (\(error)), so it starts read-only: you can read, check and take quizzes, but nothing you do is saved when you quit."
      return Opened(state: state, warning: [warning, problem].compactMap { $0 }.joined(separator: " "), canSave: false)
    }
  }

  /// The state on disk as far as it reads, touching nothing: no lock, no file moved aside.
  private func readWithoutWriting() throws -> (LearnerState, String?) {
    guard fileSystem.fileExists(at: stateFile) else { return (LearnerState(), nil) }
    guard let data = try? fileSystem.readFile(at: stateFile) else {
      return (LearnerState(), "Your progress file cannot be read either, so this session starts afresh; the file is left as it is.")
    }
    switch try read(data) {
    case .whole(let state):
      return (state, nil)
    case .unreadable:
      return (LearnerState(), "Your progress file cannot be read either, so this session starts afresh; the file is left as it is.")
    case .partly(let state, let problems):
      return (state, "Part of your progress file cannot be read (\(problems.joined(separator: "; "))); the rest is used, and the file is left as it is.")
    }
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
      try write(state)
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
    switch try read(fileSystem.readFile(at: stateFile)) {
    case .whole(let state):
      return (state, nil)
    case .unreadable:
      let aside = try moveAside()
      return (
        LearnerState(),
        "Your progress file could not be read, so ditutor starts afresh. The old file is kept as \(Self.folderName)/\(aside)."
      )
    case .partly(let state, let problems):
      // The file as it was goes aside first; then what was read becomes the progress file, so
      // the next read (this ditutor's or another's) starts from it, not from nothing.
      let aside = try moveAside()
      try write(state)
      return (
        state,
        "Part of your progress file could not be read: \(problems.joined(separator: "; ")). The rest is kept; the file as it was is kept as \(Self.folderName)/\(aside)."
      )
    }
  }

  private func write(_ state: LearnerState) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try fileSystem.writeAtomically(try encoder.encode(state), to: stateFile)
  }

  private enum Reading {
    case whole(LearnerState)
    /// Read, but with parts left out: what they were, for the learner.
    case partly(LearnerState, [String])
    case unreadable
  }

  /// What a progress file holds. A file written by a newer ditutor is not read at all (its
  /// entries may mean what this one cannot know), and is left as it is.
  private func read(_ data: Data) throws -> Reading {
    let problems = ReadProblems()
    let decoder = JSONDecoder()
    decoder.userInfo[ReadProblems.key] = problems
    guard let state = try? decoder.decode(LearnerState.self, from: data) else { return .unreadable }
    guard state.version <= LearnerState.currentVersion else { throw ProgressError.newerVersion(state.version) }
    return problems.all.isEmpty ? .whole(state) : .partly(state, problems.all)
  }

  /// Moves the progress file to a name no earlier file was moved to (`progress.json.corrupt-<time>`,
  /// then `-2`, `-3`, …): the move itself claims the name, so two files moved aside in the same
  /// second, by this ditutor or another, both stay. Returns the name.
  private func moveAside() throws -> String {
    let base = FilePath.lastComponent(stateFile) + ".corrupt-" + clock.timestamp()
    for attempt in 1...1000 {
      let name = attempt == 1 ? base : "\(base)-\(attempt)"
      do {
        try fileSystem.moveItem(from: stateFile, to: FilePath.join(directory, name))
        return name
      } catch FileSystemError.alreadyExists {
        continue
      }
    }
    throw FileSystemError.alreadyExists(FilePath.join(directory, base))
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
