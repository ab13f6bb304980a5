import Foundation
import Synchronization

/// The results `grade` has already worked out, kept under `.build/grading/results/` and keyed by
/// content, not by learner: an exercise's key is a fingerprint of what its verdict depends on,
/// the instructor's exercise (tests, subject, planted bugs, manifest; not its shortcuts) and
/// the learner's `Sources/` (every file, by path and content). So a learner who changed nothing
/// since the last grading is not built again, a learner who changed one exercise has only that
/// one checked, and the many learners who left an exercise as it shipped share one result for
/// it. One object is shared by the lanes of a grading: what one lane keeps, the others find.
final class GradingResults: Sendable {
  let root: String
  let fileSystem: any FileStore
  /// Ignore what earlier runs kept (`grade --fresh`); results of this run are still shared.
  let fresh: Bool
  /// What the instructor's side of each exercise is, by exercise id.
  private let courseKeys: [String: String]
  private let madeThisRun = Mutex<Set<String>>([])

  static let folder = ".build/grading/results"
  /// Changes whenever what a key covers, or how a verdict is written, changes.
  static let version = "2"

  init(course: Course, root: String, fileSystem: any FileStore, timeout: Duration, fresh: Bool) {
    self.root = root
    self.fileSystem = fileSystem
    self.fresh = fresh
    let manifest = (try? fileSystem.readFile(at: FilePath.join(root, "Package.swift"))) ?? Data()
    var keys: [String: String] = [:]
    for exercise in course.exercises {
      var bytes = Array("ditutor grading \(Self.version)\ntimeout \(timeout.seconds)\n".utf8) + Array(manifest)
      let folder = FilePath.join(root, exercise.folder)
      // A learner's verdict does not read the shortcuts (hundreds of files in all).
      for file in ShippedTests.files(under: folder, fileSystem: fileSystem)
      where !file.hasPrefix("Sources/") && !file.hasPrefix("Shortcuts/") {
        bytes += SHA256.keyEntry(file, (try? fileSystem.readFile(at: FilePath.join(folder, file))) ?? Data())
      }
      keys[exercise.id] = SHA256.hex(bytes)
    }
    courseKeys = keys
  }

  /// The key of `exercise` as the learner at `checkout` has it now.
  func key(of exercise: Exercise, in checkout: String) -> String {
    var bytes = Array((courseKeys[exercise.id] ?? "").utf8)
    let folder = FilePath.join(checkout, exercise.sourcesFolder)
    for file in ShippedTests.files(under: folder, fileSystem: fileSystem) {
      bytes += SHA256.keyEntry(file, (try? fileSystem.readFile(at: FilePath.join(folder, file))) ?? Data())
    }
    return SHA256.hex(bytes)
  }

  private func path(_ exercise: String, _ key: String) -> String {
    FilePath.join(root, Self.folder, exercise, key + ".json")
  }

  /// A verdict as kept: its JSON form leaves out what a learner's report does not show (each
  /// test's time and one-line explanation, the program's output), and a gradebook shows them.
  private struct Record: Codable {
    struct Test: Codable {
      var seconds: Double
      var explanation: String?
    }

    var verdict: Verdict
    var tests: [Test]
    var output: String?

    init(_ verdict: Verdict) {
      self.verdict = verdict
      tests = verdict.tests.map { Test(seconds: $0.seconds, explanation: $0.explanation) }
      output = verdict.output
    }

    var whole: Verdict? {
      guard tests.count == verdict.tests.count else { return nil }
      var whole = verdict
      for index in whole.tests.indices {
        whole.tests[index].seconds = tests[index].seconds
        whole.tests[index].explanation = tests[index].explanation
      }
      whole.output = output
      return whole
    }
  }

  /// The verdict kept for this content, if there is one to trust.
  func verdict(for exercise: String, key: String) -> Verdict? {
    guard !fresh || madeThisRun.withLock({ $0.contains(exercise + "/" + key) }) else { return nil }
    guard let data = try? fileSystem.readFile(at: path(exercise, key)) else { return nil }
    return (try? JSONDecoder().decode(Record.self, from: data))?.whole
  }

  /// Keeps a verdict for the next learner or run with the same content. Only verdicts the
  /// content decides are kept: not a time-out or a crash (a slow or busy machine, a race), not a
  /// build that failed without naming a file of the exercise, and never a cancelled check.
  func keep(_ verdict: Verdict, for exercise: String, key: String) {
    guard [.passed, .failed, .compileError].contains(verdict.status), !SharedRun.isSpoiled(verdict) else { return }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    guard let data = try? encoder.encode(Record(verdict)) else { return }
    let folder = FilePath.join(root, Self.folder, exercise)
    if !fileSystem.directoryExists(at: folder) { try? fileSystem.createDirectory(at: folder) }
    guard (try? fileSystem.writeAtomically(data, to: path(exercise, key))) != nil else { return }
    madeThisRun.withLock { _ = $0.insert(exercise + "/" + key) }
  }
}
