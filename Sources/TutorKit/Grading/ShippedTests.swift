import Foundation

/// The tests each exercise ships, file by file, as SHA-256 fingerprints, kept in
/// `Exercises/shipped-tests.json`. A check compares the learner's copy with them: a pass against
/// tests the learner rewrote (`#expect(true)`) is not a pass a grader can count.
///
/// For a write-the-test exercise the shipped "tests" are the code the learner's tests judge:
/// `Subject/` and `Mutants/`, and `Rules/` (declared in the learner's tests' module) when it has them.
public struct ShippedTests: Codable, Sendable, Equatable {
  public static let file = "Exercises/shipped-tests.json"

  /// Exercise id → path inside the exercise folder (`Tests/GreeterTests.swift`) → fingerprint.
  public var exercises: [String: [String: String]]

  public init(exercises: [String: [String: String]] = [:]) {
    self.exercises = exercises
  }

  /// How a copy of an exercise's tests differs from what shipped.
  public struct Changes: Codable, Sendable, Equatable {
    public var modified: [String] = []
    public var removed: [String] = []
    /// Files the learner added: their own tests, welcome in the REPL, left out when grading.
    public var added: [String] = []

    public var isEmpty: Bool { modified.isEmpty && removed.isEmpty && added.isEmpty }
    /// Whether a shipped test no longer runs as shipped.
    public var altersShippedTests: Bool { !modified.isEmpty || !removed.isEmpty }
  }

  static func folders(of exercise: Exercise) -> [String] {
    exercise.kind == .tests ? ["Subject", "Mutants"] + (exercise.subjectModule == nil ? [] : ["Rules"]) : ["Tests"]
  }

  /// The fingerprints of an exercise's test folders as they are in `root` now.
  public static func fingerprints(of exercise: Exercise, root: String, fileSystem: any FileStore) -> [String: String] {
    var result: [String: String] = [:]
    for folder in folders(of: exercise) {
      for file in files(under: FilePath.join(root, exercise.folder, folder), fileSystem: fileSystem) {
        let path = FilePath.join(root, exercise.folder, folder, file)
        let bytes = (try? fileSystem.readFile(at: path)) ?? Data()
        result["\(folder)/\(file)"] = SHA256.hex(bytes)
      }
    }
    return result
  }

  /// Every file below `directory`, as paths relative to it, sorted; hidden files left out.
  static func files(under directory: String, fileSystem: any FileStore) -> [String] {
    let names = (try? fileSystem.contentsOfDirectory(at: directory)) ?? []
    return names.filter { !$0.hasPrefix(".") }.flatMap { name -> [String] in
      let path = FilePath.join(directory, name)
      if fileSystem.directoryExists(at: path) {
        return files(under: path, fileSystem: fileSystem).map { "\(name)/\($0)" }
      }
      return [name]
    }.sorted()
  }

  public static func make(for exercises: [Exercise], root: String, fileSystem: any FileStore) -> ShippedTests {
    ShippedTests(exercises: Dictionary(uniqueKeysWithValues: exercises.map { ($0.id, fingerprints(of: $0, root: root, fileSystem: fileSystem)) }))
  }

  public static func load(root: String, fileSystem: any FileStore) -> ShippedTests? {
    guard let data = try? fileSystem.readFile(at: FilePath.join(root, file)) else { return nil }
    return try? JSONDecoder().decode(ShippedTests.self, from: data)
  }

  public func json() -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return ((try? encoder.encode(self)) ?? Data()) + Data("\n".utf8)
  }

  /// What differs between the shipped tests of `exercise` and the copy in `root`; nil when this
  /// course ships no fingerprints for it.
  public func changes(to exercise: Exercise, root: String, fileSystem: any FileStore) -> Changes? {
    guard let shipped = exercises[exercise.id] else { return nil }
    let current = Self.fingerprints(of: exercise, root: root, fileSystem: fileSystem)
    var changes = Changes()
    for (file, fingerprint) in shipped.sorted(by: { $0.key < $1.key }) {
      if let now = current[file] {
        if now != fingerprint { changes.modified.append("\(exercise.folder)/\(file)") }
      } else {
        changes.removed.append("\(exercise.folder)/\(file)")
      }
    }
    changes.added = current.keys.filter { shipped[$0] == nil }.sorted().map { "\(exercise.folder)/\($0)" }
    return changes
  }
}
