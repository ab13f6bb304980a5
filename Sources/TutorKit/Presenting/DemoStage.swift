/// Where a demo script plays: a copy of the course under `.build/demo/` in which every exercise
/// is as it shipped (its `Sources/` is the starter).
///
/// A demo is written against the course as shipped (`! check incident-log`: the starter does not
/// pass yet). Played against the presenter's own checkout, it went wrong live as soon as the
/// presenter had solved the exercise, and its `reset` or `check` would have touched the
/// presenter's files and builds. On the stage, neither can happen. The copy is kept from one demo
/// to the next and brought in line file by file (``CourseCopy``), so a rehearsed demo's checks
/// are warm.
public struct DemoStage: Sendable {
  /// Where the copy is, relative to the course.
  public static let folder = ".build/demo"

  private let course: Course
  private let root: String
  private let fileSystem: any FileSystem

  /// - Parameter root: the presenter's course, which is only read.
  public init(course: Course, root: String, fileSystem: any FileSystem) {
    self.course = course
    self.root = root
    self.fileSystem = fileSystem
  }

  /// The stage's root.
  public var path: String { FilePath.join(root, Self.folder) }

  /// Brings the stage in line with the course as shipped and returns its root. Under a lock: two
  /// demos started at once (the test suite replays them all) do not remove each other's files.
  @discardableResult
  public func prepare() throws -> String {
    let folder = FilePath.parent(path)
    if !fileSystem.directoryExists(at: folder) { try fileSystem.createDirectory(at: folder) }
    try fileSystem.withExclusiveLock(at: path + ".lock") {
      try CourseCopy(course: course, root: root, fileSystem: fileSystem).bringInLine(path) { exercise in
        FilePath.join(root, exercise.starterFolder)
      }
    }
    return path
  }

  /// Prepares the stage and opens a session on it: the course's exercises are the stage's, and
  /// `checker` is asked for one that checks there. Lesson examples (`run`) are the course's own
  /// and run wherever `examples` runs them.
  public func session(
    progress: ProgressStore, checker: (String) -> any ExerciseChecker, examples: any ExampleRunning, clock: WallClock,
    sandbox: (@Sendable () -> any ContainerSandbox)? = nil
  ) throws -> Session {
    let stage = try prepare()
    return try Session(
      course: course, progress: progress, checker: checker(stage), examples: examples, fileSystem: fileSystem, clock: clock,
      root: stage, sandbox: sandbox)
  }
}
