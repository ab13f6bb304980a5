import Foundation

/// What `verify` found as promised, kept under `.build/verify-results/` by content, so an author
/// who changed one exercise is not kept waiting on the other forty-three.
///
/// An exercise's key covers everything its result is made from: every file in its folder but the
/// learner's `Sources/` (solution, starter, tests, subject, planted bugs, shortcuts and the
/// README that says what each shortcut misses), the manifest, the time limit, and the tools,
/// which the composition root names by path and file stamp (the Swift toolchain, and ditutor
/// itself, whose verdicts a new build may read differently). Only a clean result is kept: an
/// exercise with a problem is checked again every time, so a fix, or a machine that was only
/// busy, gets a new answer. `verify --fresh` reads nothing kept and keeps what it finds.
public struct KeptVerifications: Sendable {
  public static let folder = ".build/verify-results"
  /// Changes whenever what a key covers, or how a result is written, changes.
  static let version = "1"

  private let root: String
  private let fileSystem: any FileStore
  private let tools: [String]
  private let fresh: Bool

  /// - Parameters:
  ///   - tools: a line for each tool a result depends on (its path and stamp), from the
  ///     composition root.
  ///   - fresh: read nothing kept (`--fresh`); what this run finds is kept all the same.
  public init(root: String, fileSystem: any FileStore, tools: [String], fresh: Bool = false) {
    self.root = root
    self.fileSystem = fileSystem
    self.tools = tools
    self.fresh = fresh
  }

  private struct Record: Codable {
    var key: String
    var result: CourseVerifier.Result
  }

  /// What `exercise`'s result is made from, now: taken before it is built, so a file edited while
  /// `verify` runs makes the result a stale one's, never a kept one.
  func key(of exercise: Exercise, timeout: Duration) -> String {
    var bytes = Array("ditutor verify \(Self.version)\ntimeout \(timeout.seconds)\n".utf8)
    for tool in tools { bytes += Array("tool \(tool)\n".utf8) }
    bytes += SHA256.keyEntry("Package.swift", (try? fileSystem.readFile(at: FilePath.join(root, "Package.swift"))) ?? Data())
    let folder = FilePath.join(root, exercise.folder)
    for file in ShippedTests.files(under: folder, fileSystem: fileSystem) where !file.hasPrefix("Sources/") {
      bytes += SHA256.keyEntry(file, (try? fileSystem.readFile(at: FilePath.join(folder, file))) ?? Data())
    }
    return SHA256.hex(bytes)
  }

  private func path(of exercise: Exercise) -> String {
    FilePath.join(root, Self.folder, exercise.id + ".json")
  }

  /// The result kept for `exercise` as it is now, marked ``CourseVerifier/Result/kept``; nil when
  /// there is none, it was made from other files or tools, or it cannot be read.
  func kept(_ exercise: Exercise, key: String) -> CourseVerifier.Result? {
    guard !fresh, let data = try? fileSystem.readFile(at: path(of: exercise)),
      let record = try? JSONDecoder().decode(Record.self, from: data),
      record.key == key, record.result.exercise == exercise.id, record.result.ok
    else { return nil }
    var result = record.result
    result.kept = true
    return result
  }

  /// Keeps a clean result (and drops whatever was kept before for the exercise); a result with a
  /// problem only drops it. Keeping is a convenience: a failure to write costs the next run time,
  /// never a verdict.
  func keep(_ result: CourseVerifier.Result, of exercise: Exercise, key: String) {
    let path = path(of: exercise)
    guard result.ok else {
      try? fileSystem.removeItem(at: path)
      return
    }
    var result = result
    result.kept = false
    guard let data = try? JSONEncoder().encode(Record(key: key, result: result)) else { return }
    let folder = FilePath.parent(path)
    if !fileSystem.directoryExists(at: folder) { try? fileSystem.createDirectory(at: folder) }
    try? fileSystem.writeAtomically(data, to: path)
  }
}
