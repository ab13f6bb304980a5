import Foundation

/// What a file ditutor builds itself (a planted bug's library, a test program) is made from: the
/// jobs that make it and the stamps of every file they read. A folder that holds the same key
/// holds what those jobs would make again, so they are not run; a check or a `verify` after an
/// unrelated edit builds none of them.
public struct BuiltFrom: Sendable, Equatable {
  public let key: String

  public init(jobs: [[String]], reading inputs: [String], fileSystem: any FileStamps) {
    var lines = jobs.map { $0.joined(separator: " ") }
    for path in inputs {
      lines.append("\(path) \(fileSystem.stamp(at: path)?.keyLine ?? "missing")")
    }
    key = lines.joined(separator: "\n")
  }

  /// Runs `jobs` (each a program and its arguments) unless `folder` holds what they make from
  /// these inputs: its key is this one and `output` is the file they made, as they left it (a
  /// file changed since, truncated or written over, is built again). False when a job fails;
  /// nothing is then kept.
  public func make(
    _ output: String, in folder: String, jobs: [[String]], fileSystem: any FileStore & FileStamps, processes: any ProcessRunner,
    environment: [String: String], workingDirectory: String
  ) async throws -> Bool {
    let keyPath = FilePath.join(folder, "built-from")
    let made = { fileSystem.stamp(at: output).map { "\(key)\nmade \(output) \($0.keyLine)" } }
    if let made = made(), (try? fileSystem.readText(at: keyPath)) == made {
      return true
    }
    if fileSystem.fileExists(at: keyPath) { try fileSystem.removeItem(at: keyPath) }
    if !fileSystem.directoryExists(at: folder) { try fileSystem.createDirectory(at: folder) }
    for job in jobs {
      let outcome = try await processes.run(
        ProcessRequest(
          executable: job[0], arguments: Array(job.dropFirst()), environment: environment, workingDirectory: workingDirectory,
          timeout: .seconds(600), outputLimit: 256 << 10, mayLeaveProcesses: false))
      guard outcome.ending == .exited(0) else { return false }
    }
    guard let made = made() else { return false }
    try fileSystem.writeAtomically(Data(made.utf8), to: keyPath)
    return true
  }
}
