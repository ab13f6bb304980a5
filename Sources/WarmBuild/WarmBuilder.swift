import Foundation
import Synchronization
import TutorKit

/// Builds a check's exercise again without the package manager, while nothing SwiftPM planned
/// from has changed.
///
/// Most of a warm `swift test` is not the compiler: it is SwiftPM loading the manifest,
/// planning and starting up, and the Swift driver starting once per module to find that most of
/// them need nothing. After SwiftPM builds a configuration, ditutor reads the plan SwiftPM made
/// (``BuildPlan``), asks the driver which compiler jobs each step stands for, and keeps both
/// (``WarmBuildRecord``). The next check of that configuration runs only the steps whose inputs
/// or outputs changed since they last succeeded, with the same arguments, as llbuild would; a
/// module whose interface did not change (the compiler leaves an identical `.swiftmodule`
/// untouched) stops there, and only the link follows.
///
/// It answers only for what the plan covers. A changed manifest, a file added, removed or
/// renamed, a new toolchain, no record, or a step that fails for a reason other than the
/// learner's code: each sends the check back to `swift test`
/// (``Outcome/needsPackageManager(_:)``), which plans anew and is recorded again.
///
/// This file holds what a warm build is and where its record is kept; making the record,
/// listing what the plan was made from, and building from it each have a file of their own
/// (`WarmBuilder+Recording.swift`, `+Listings.swift`, `+Building.swift`).
public struct WarmBuilder: RecordedBuilds {

  let root: String
  let scratch: String
  let processes: any ProcessRunner
  let fileSystem: any FileStore & FileStamps & ToolFolders
  let environment: [String: String]
  /// How many compiler jobs run at once (the machine's cores).
  let parallelJobs: Int
  /// The records this process last read or wrote (see ``RecordsRead``), when it builds more than
  /// once.
  let recordsRead: RecordsRead?

  public init(
    root: String, scratch: String, processes: any ProcessRunner, fileSystem: any FileStore & FileStamps & ToolFolders,
    environment: [String: String], parallelJobs: Int = ProcessInfo.processInfo.activeProcessorCount,
    recordsRead: RecordsRead? = nil
  ) {
    self.root = root
    self.scratch = scratch
    self.processes = processes
    self.fileSystem = fileSystem
    self.environment = environment
    self.parallelJobs = max(parallelJobs, 1)
    self.recordsRead = recordsRead
  }

  enum Outcome: Sendable, Equatable {
    /// Everything is built: `output` is what the compiler printed (warnings); `stepsRun` of
    /// the plan's steps had to run.
    case built(output: String, duration: Duration, testProgram: String, stepsRun: Int, bugRuns: [BugRun] = [])
    /// The check ends here, as `swift test` would have ended: the learner's code does not
    /// compile, or the build was cancelled.
    case stopped(ProcessOutcome)
    /// SwiftPM must build this time.
    case needsPackageManager(Reason)
  }

  enum Reason: Error, Sendable, Equatable, CustomStringConvertible {
    case noRecord
    case manifestChanged
    case toolchainChanged
    /// A file or folder was added, removed or renamed under this folder.
    case filesChanged(String)
    /// A step failed and the learner's files are not what it complains about.
    case stepFailed(String)

    var description: String {
      switch self {
      case .noRecord: "SwiftPM has not built this yet"
      case .manifestChanged: "Package.swift changed"
      case .toolchainChanged: "the Swift toolchain changed"
      case .filesChanged(let folder): "a file was added, removed or renamed in \(folder)"
      case .stepFailed(let step): "a build step failed for a reason outside the exercises (\(step))"
      }
    }
  }

  // MARK: The record on disk

  func recordPath(for configuration: Configuration) -> String {
    FilePath.join(scratch, WarmBuildRecord.folder, WarmBuildRecord.fileName(for: configuration))
  }

  /// Drops a configuration's record: its next build is SwiftPM's.
  public func forget(_ configuration: Configuration) {
    try? fileSystem.removeItem(at: recordPath(for: configuration))
  }

  /// Writes the record where ``recordPath(for:)`` says, replacing the one before.
  func save(_ record: WarmBuildRecord) {
    guard let data = try? JSONEncoder().encode(record) else { return }
    let path = recordPath(for: record.configuration)
    let folder = FilePath.parent(path)
    if !fileSystem.directoryExists(at: folder) { try? fileSystem.createDirectory(at: folder) }
    guard (try? fileSystem.writeReplacing(data, to: path)) != nil else { return }
    // Written under the build folder's lock: the file at `path` is this record until the next
    // build, which holds the lock too.
    recordsRead?.remember(record, at: path, stamp: fileSystem.stamp(at: path))
  }

  /// The record at `path`, read from the disk unless this process read or wrote that very file
  /// (the same stamp) last.
  func readRecord(at path: String) -> WarmBuildRecord? {
    let stamp = fileSystem.stamp(at: path)
    if let stamp, let known = recordsRead?.record(at: path, stamp: stamp) { return known }
    guard let data = try? fileSystem.readFile(at: path), let record = try? JSONDecoder().decode(WarmBuildRecord.self, from: data)
    else { return nil }
    // Remembered only when the file did not change while it was read.
    if let stamp, fileSystem.stamp(at: path) == stamp { recordsRead?.remember(record, at: path, stamp: stamp) }
    return record
  }
}

/// The build records one ditutor process last read or wrote, each with the stamp its file had
/// then: a grading lane builds learner after learner from one record of the whole course (5 MB of
/// JSON, a quarter of a second to decode each time), and while the file keeps that stamp nothing
/// else wrote it. Made by the composition root for the process (``WarmBuilder/maker(processes:fileSystem:)``)
/// and handed to each build folder's builder: a memory of what this process did, not a shared
/// store, and never a reason to skip a check of the record itself.
public final class RecordsRead: Sendable {
  private let records = Mutex<[String: (stamp: FileStamp, record: WarmBuildRecord)]>([:])

  public init() {}

  func record(at path: String, stamp: FileStamp) -> WarmBuildRecord? {
    records.withLock { records in records[path].flatMap { $0.stamp == stamp ? $0.record : nil } }
  }

  func remember(_ record: WarmBuildRecord, at path: String, stamp: FileStamp?) {
    records.withLock { records in records[path] = stamp.map { ($0, record) } }
  }
}

// MARK: - As the runner sees it

extension WarmBuilder {
  /// Makes the warm builds of a build folder, for ``ExerciseRunner``: what the composition root
  /// hands it on Linux.
  public static func maker(processes: any ProcessRunner, fileSystem: any FileSystem) -> MakeRecordedBuilds {
    let recordsRead = RecordsRead()
    return { root, scratch, environment in
      WarmBuilder(
        root: root, scratch: scratch, processes: processes, fileSystem: fileSystem, environment: environment, recordsRead: recordsRead)
    }
  }

  public func rebuild(
    _ configuration: Configuration, exercises: [String], planted: [PlantedBugs], keepGoing: Bool, swift: String
  ) async throws -> RecordedBuild {
    switch try await build(configuration, exercises: exercises, planted: planted, keepGoing: keepGoing, swift: swift) {
    case .built(let output, let duration, let program, let stepsRun, let bugRuns):
      .built(output: output, duration: duration, testProgram: program, stepsRun: stepsRun, bugRuns: bugRuns)
    case .stopped(let outcome): .stopped(outcome)
    case .needsPackageManager(let reason): .needsPackageManager(reason.description)
    }
  }

  public func recording<Result: Sendable>(
    _ configuration: Configuration, exercises: [String], modules: [String], swift: String, keep: Bool,
    _ swiftPMBuild: () async throws -> (result: Result, built: Bool?)
  ) async throws -> Result {
    let before = snapshot(exercises: exercises)
    let (result, built) = try await swiftPMBuild()
    if let built {
      await record(configuration, exercises: exercises, modules: modules, swift: swift, built: built, before: before)
      if built && keep { keepCurrentSteps(configuration) }
    }
    return result
  }
}
