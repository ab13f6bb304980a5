/// `ditutor fingerprints [--write]`: whether `Exercises/shipped-tests.json` still holds the
/// fingerprints of every test file the course ships, or writes them. A use case of the engine,
/// as ``CheckOnce`` is.
public struct ShippedTestFingerprints: Sendable {
  private let course: Course
  private let root: String
  private let fileSystem: any FileStore

  public init(course: Course, root: String, fileSystem: any FileStore) {
    self.course = course
    self.root = root
    self.fileSystem = fileSystem
  }

  /// What to tell the author, whether it goes to standard error, and the exit status.
  public struct Answer: Sendable, Equatable {
    public var message: String
    public var isProblem: Bool
    public var status: Int32
  }

  public func run(write: Bool) throws -> Answer {
    let current = ShippedTests.make(for: course.exercises, root: root, fileSystem: fileSystem)
    if write {
      try fileSystem.writeAtomically(current.json(), to: FilePath.join(root, ShippedTests.file))
      return Answer(message: "Wrote \(ShippedTests.file): \(course.exercises.count) exercises.", isProblem: false, status: 0)
    }
    guard ShippedTests.load(root: root, fileSystem: fileSystem) == current else {
      return Answer(
        message: "\(ShippedTests.file) is not current: run `ditutor fingerprints --write` and commit it.", isProblem: true,
        status: 1)
    }
    return Answer(message: "\(ShippedTests.file) is current.", isProblem: false, status: 0)
  }
}
