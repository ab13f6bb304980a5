import Foundation

/// The build folder of exercise checks (`.build/exercises`): who may use it now, and whose it is.
///
/// Two ditutor processes on one checkout (two terminals) take turns at its lock; whoever holds
/// the lock stops what a killed ditutor left running there; and a folder built by another
/// checkout (moved or copied) is emptied before use, because the compiler's module cache
/// remembers absolute paths.
struct BuildFolder: Sendable {
  /// The course root.
  let root: String
  /// The folder itself, absolute.
  let scratch: String
  let fileSystem: any FileStore & FileLocks & ToolFolders
  let processes: any ProcessRunner
  let trace: (@Sendable (String) -> Void)?

  /// Held while a check or a warming build uses the build folder: two ditutor processes on one
  /// checkout (two terminals) take turns, as two `swift test` runs would. Beside the build
  /// folder, not in it, so that emptying the folder cannot free it. The learner hears when the
  /// turn is another window's, rather than watching "Compiling" count up.
  ///
  /// Once it is held, no other ditutor is building or testing here: a program still marked with
  /// this build folder belongs to a ditutor that was killed (a `swift-build` holding SwiftPM's
  /// own lock, a test spinning at 100 % CPU), and is stopped before anything starts.
  func lock(progress: @Sendable (ExerciseRunner.CheckPhase) -> Void = { _ in }) async throws -> any HeldLock {
    let path = scratch + ".lock"
    let folder = FilePath.parent(path)
    if !fileSystem.directoryExists(at: folder) { try fileSystem.createDirectory(at: folder) }
    let lock: any HeldLock
    if let free = try fileSystem.tryLock(at: path) {
      lock = free
    } else {
      progress(.waitingForAnotherCheck)
      lock = try await fileSystem.acquireLock(at: path)
    }
    stopLeftovers()
    return lock
  }

  private func stopLeftovers() {
    let stopped = processes.stopProcesses(carrying: ExerciseRunner.ownerVariable, value: scratch)
    if stopped > 0 { trace?("stopped \(stopped) program\(stopped == 1 ? "" : "s") that a killed ditutor left running") }
    // And the event streams of checks that never got to remove theirs.
    for name in (try? fileSystem.contentsOfDirectory(at: scratch)) ?? [] where name.hasPrefix("ditutor-events-") {
      try? fileSystem.removeItem(at: FilePath.join(scratch, name))
    }
  }

  /// Stops what a killed ditutor's check left running in this checkout, unless a check of
  /// another window is running now (then it is that one's). For ditutor's start.
  func stopLeftoversIfIdle() {
    let path = scratch + ".lock"
    guard fileSystem.directoryExists(at: FilePath.parent(path)), let lock = try? fileSystem.tryLock(at: path) else { return }
    defer { lock.release() }
    stopLeftovers()
  }

  /// The name of the file in a build folder that says which checkout it was built for.
  static let ownerFile = "ditutor-checkout"

  /// Makes sure the build folder belongs to this checkout, emptying one built elsewhere.
  /// Returns whether it had to be emptied.
  func claim() throws -> Bool {
    let owner = FilePath.join(scratch, Self.ownerFile)
    var emptied = false
    if fileSystem.directoryExists(at: scratch), let recorded = try? fileSystem.readText(at: owner), recorded != root {
      try fileSystem.removeBuildFolder(at: scratch)
      emptied = true
    }
    if !fileSystem.directoryExists(at: scratch) { try fileSystem.createDirectory(at: scratch) }
    if (try? fileSystem.readText(at: owner)) != root { try fileSystem.writeAtomically(Data(root.utf8), to: owner) }
    return emptied
  }

  /// Empties the folder and claims it again: for a build the compiler refused because its
  /// module cache was made under another path.
  func empty() throws {
    try fileSystem.removeBuildFolder(at: scratch)
    _ = try claim()
  }

  /// The compiler's complaint about a module cache built under another path: the checkout was
  /// moved or copied after its last build.
  static func isFromAnotherPlace(_ outcome: ProcessOutcome) -> Bool {
    let text = outcome.standardOutput + outcome.standardError
    return text.contains("was compiled with module cache path") || text.contains("but the path is currently")
      || (text.contains("PCH was compiled with") && text.contains("module cache"))
  }
}
