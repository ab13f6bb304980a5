import Foundation

/// The learner's exercise files on disk: what `reset` moves and restores, what `solution`
/// compares, and what `watch` looks at to notice a save.
///
/// It reaches the disk only through the ``FileSystem`` it is given (tests hand in an in-memory
/// one) and reads the time for backup names from the ``WallClock`` it is given.
struct ExerciseWorkspace: Sendable {
  /// What a reset did: where the learner's files went, and which (folders end in `/`).
  struct ResetReceipt: Equatable {
    /// The backup folder, relative to the checkout: `.ditutor/backups/<id>-<time>/`.
    var backup: String
    var moved: [String]
  }

  /// Why a reset stopped, and how far it had got.
  enum ResetFailure: Error {
    /// Nothing changed: no backup folder could be made.
    case beforeAnything(any Error)
    /// Some files were moved to `backup` (relative, as in ``ResetReceipt``); the rest are where they were.
    case midway(any Error, backup: String)
  }

  private let fileSystem: any FileSystem
  private let clock: WallClock
  /// The checkout the exercises' folders are relative to.
  private let root: String
  /// Where backups go: `.ditutor/` of the checkout.
  private let progressDirectory: String

  init(fileSystem: any FileSystem, clock: WallClock, root: String, progressDirectory: String) {
    self.fileSystem = fileSystem
    self.clock = clock
    self.root = root
    self.progressDirectory = progressDirectory
  }

  /// Moves everything in the exercise's `Sources/` into a fresh backup folder, then copies the
  /// starter in.
  func reset(_ exercise: Exercise) throws(ResetFailure) -> ResetReceipt {
    let sources = FilePath.join(root, exercise.sourcesFolder)
    let backupName: String
    do {
      backupName = try makeBackupFolder(for: exercise)
    } catch {
      throw .beforeAnything(error)
    }
    let backup = FilePath.join(progressDirectory, "backups", backupName)
    let relativeBackup = "\(ProgressStore.folderName)/backups/\(backupName)/"
    var moved: [String] = []
    do {
      // Move, not copy and delete: each file and folder is renamed into the backup whole, so at
      // every instant the learner's work is in Sources/ or in the backup, never nowhere.
      for name in (try? fileSystem.contentsOfDirectory(at: sources)) ?? [] {
        try fileSystem.moveItem(from: FilePath.join(sources, name), to: FilePath.join(backup, name))
        moved.append(fileSystem.directoryExists(at: FilePath.join(backup, name)) ? name + "/" : name)
      }
      if !fileSystem.directoryExists(at: sources) { try fileSystem.createDirectory(at: sources) }
      for file in exercise.files {
        try fileSystem.copyItem(from: FilePath.join(root, exercise.starterFolder, file), to: FilePath.join(sources, file))
      }
    } catch {
      throw .midway(error, backup: relativeBackup)
    }
    return ResetReceipt(backup: relativeBackup, moved: moved)
  }

  /// A backup folder no other reset has, even one in the same second or in another terminal:
  /// `<id>-<time>`, then `<id>-<time>-2`, … Creating it is what claims the name.
  private func makeBackupFolder(for exercise: Exercise) throws -> String {
    let backups = FilePath.join(progressDirectory, "backups")
    if !fileSystem.directoryExists(at: backups) { try fileSystem.createDirectory(at: backups) }
    let stamp = "\(exercise.id)-\(clock.timestamp())"
    for attempt in 1...1000 {
      let name = attempt == 1 ? stamp : "\(stamp)-\(attempt)"
      do {
        try fileSystem.createNewDirectory(at: FilePath.join(backups, name))
        return name
      } catch FileSystemError.alreadyExists {
        continue
      }
    }
    throw FileSystemError.alreadyExists(FilePath.join(backups, stamp))
  }

  /// One of the learner's files and the reference's, as text ("" when missing).
  func yoursAndReference(_ file: String, of exercise: Exercise) -> (yours: String, reference: String) {
    let mine = (try? fileSystem.readText(at: FilePath.join(root, exercise.sourcesFolder, file))) ?? ""
    let reference = (try? fileSystem.readText(at: FilePath.join(root, exercise.solutionFolder, file))) ?? ""
    return (mine, reference)
  }

  /// The learner's files as they are now: a different value means something was saved. Contents,
  /// not change times: two saves within the file system's clock tick share a time.
  func fingerprint(of exercise: Exercise) -> [String: Data] {
    let folder = FilePath.join(root, exercise.sourcesFolder)
    let names = (try? fileSystem.contentsOfDirectory(at: folder)) ?? []
    var result: [String: Data] = [:]
    for name in names { result[name] = (try? fileSystem.readFile(at: FilePath.join(folder, name))) ?? Data() }
    return result
  }
}
