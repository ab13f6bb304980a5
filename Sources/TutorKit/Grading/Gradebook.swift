import Foundation

/// `ditutor grade`: every exercise of every learner's checkout, checked the way an instructor can
/// trust.
///
/// Each checkout is graded in a workspace of its own under the instructor's course: the
/// instructor's manifest, tests, subjects and planted bugs, and only the learner's `Sources/`.
/// So a learner who rewrote a test (`#expect(true)`) is graded against the shipped one anyway,
/// and the change is reported; one broken checkout does not stop the others; and the learner's
/// folder is only read, never written.
public struct Gradebook: Sendable {
  /// One learner's results.
  public struct Entry: Codable, Sendable, Equatable {
    /// The checkout's folder name.
    public var learner: String
    public var path: String
    public var exercises: [Grade]
    /// Best quiz score per lesson id, from the learner's own progress file: `4/5`.
    public var quizzes: [String: String]
    /// Why the checkout could not be graded at all (not a course, unreadable), if it could not.
    public var problem: String?
    /// The exercises not graded because grading was stopped (SIGTERM, Ctrl-C) before they were
    /// checked, or their check was cancelled; nil when there are none. They are not in
    /// `exercises`: a cancelled check is no grade.
    public var notGraded: [String]?

    public var passed: Int { exercises.filter(\.passed).count }
  }

  /// One exercise of one learner.
  public struct Grade: Codable, Sendable, Equatable {
    public var exercise: String
    public var status: Verdict.Status
    /// Passed against the shipped tests.
    public var passed: Bool
    /// How the learner's copy of the tests differs from the shipped ones; graded without it.
    public var testsChanged: ShippedTests.Changes?
    /// The first failure, in a line, for the instructor.
    public var note: String?
    /// The whole verdict, for the classroom formats (left out of the gradebook's own JSON).
    public var verdict: Verdict?

    private enum CodingKeys: String, CodingKey {
      case exercise, status, passed, testsChanged, note
    }
  }

  private let course: Course
  private let root: String
  private let fileSystem: any FileSystem
  /// A runner for a workspace folder (its own scratch folder, its own timeout).
  private let makeRunner: @Sendable (String) -> ExerciseRunner

  public init(course: Course, root: String, fileSystem: any FileSystem, makeRunner: @escaping @Sendable (String) -> ExerciseRunner) {
    self.course = course
    self.root = root
    self.fileSystem = fileSystem
    self.makeRunner = makeRunner
  }

  /// Whether every exercise of every checkout was graded: no checkout was broken and grading
  /// was not stopped.
  public static func isComplete(_ entries: [Entry]) -> Bool {
    entries.allSatisfy { $0.problem == nil && $0.notGraded == nil }
  }

  /// `grade`'s exit status: 0 when the book is complete, 1 when a checkout could not be graded
  /// or grading was stopped before the end.
  public static func exitStatus(_ entries: [Entry]) -> Int32 {
    isComplete(entries) ? 0 : 1
  }

  /// Grades `checkouts`, `jobs` at a time, in the order given. `progress` hears each one finish.
  ///
  /// Cancelled (SIGTERM, Ctrl-C), it stops the checks under way, starts no more, and returns
  /// the book as far as it got: an entry for every checkout, whose ``Entry/notGraded`` names
  /// what was not graded.
  public func grade(
    _ checkouts: [String], jobs: Int = 1, timeout: Duration = ExerciseRunner.defaultTimeout,
    progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
  ) async throws -> [Entry] {
    // One grading at a time per course: each removes the workspaces of learners it does not
    // grade, which may be the ones another is grading in.
    let folder = FilePath.join(root, FilePath.parent(Self.workspacesFolder))
    if !fileSystem.directoryExists(at: folder) { try fileSystem.createDirectory(at: folder) }
    let lock: any HeldLock
    do {
      lock = try await fileSystem.acquireLock(at: FilePath.join(root, Self.workspacesFolder + ".lock"))
    } catch where Task.isCancelled {
      return checkouts.map(notGraded)
    }
    defer { lock.release() }
    let shipped = ShippedTests.make(for: course.exercises, root: root, fileSystem: fileSystem)
    removeWorkspaces(except: checkouts)
    var entries = [Entry?](repeating: nil, count: checkouts.count)
    var done = 0
    try await withThrowingTaskGroup(of: (Int, Entry).self) { group in
      var next = 0
      func start() {
        guard next < checkouts.count, !Task.isCancelled else { return }
        let index = next
        next += 1
        group.addTask { (index, await grade(checkouts[index], shipped: shipped, timeout: timeout)) }
      }
      for _ in 0..<max(jobs, 1) { start() }
      while let (index, entry) = try await group.next() {
        entries[index] = entry
        done += 1
        progress(done, checkouts.count)
        start()
      }
    }
    return entries.indices.map { entries[$0] ?? notGraded(checkouts[$0]) }
  }

  /// The entry of a checkout grading stopped before.
  private func notGraded(_ checkout: String) -> Entry {
    Entry(
      learner: FilePath.lastComponent(checkout), path: checkout, exercises: [], quizzes: quizzes(of: checkout),
      notGraded: course.exercises.map(\.id))
  }

  /// Where the workspaces are, relative to the course.
  public static let workspacesFolder = ".build/grading"

  /// The name of the workspace the checkout at `checkout` (an absolute path) is graded in: the
  /// checkout's folder name, readable, and a fingerprint of its whole path, so two learners
  /// whose folders have the same name never share one, and a learner finds their workspace
  /// again whatever their place in the list.
  static func workspaceName(for checkout: String) -> String {
    let readable = FilePath.lastComponent(checkout).map { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) ? $0 : "_" }
    return String(readable.prefix(40)) + "-" + SHA256.hex(Array(checkout.utf8)).prefix(12)
  }

  /// Removes the workspaces of learners not in this run: each holds a build of the whole course
  /// (over a hundred megabytes), so the space they take is bounded by the class being graded.
  private func removeWorkspaces(except checkouts: [String]) {
    let folder = FilePath.join(root, Self.workspacesFolder)
    let kept = Set(checkouts.map(Self.workspaceName))
    for name in (try? fileSystem.contentsOfDirectory(at: folder)) ?? [] where !kept.contains(name) {
      try? fileSystem.removeBuildFolder(at: FilePath.join(folder, name))
    }
  }

  private func grade(_ checkout: String, shipped: ShippedTests, timeout: Duration) async -> Entry {
    let learner = FilePath.lastComponent(checkout)
    var entry = Entry(learner: learner, path: checkout, exercises: [], quizzes: quizzes(of: checkout))
    guard fileSystem.directoryExists(at: FilePath.join(checkout, CourseLoader.exercisesFolder)) else {
      entry.problem = "not a ditutor checkout (no Exercises/ folder)"
      return entry
    }
    let workspace = FilePath.join(root, Self.workspacesFolder, Self.workspaceName(for: checkout))
    do {
      try prepare(workspace, from: checkout)
      let runner = makeRunner(workspace)
      var verdicts = try await runner.check(course.exercises, code: .sources, timeout: timeout)
      // A compile error or crash in one exercise stops the shared run: check those alone.
      for exercise in course.exercises where [.compileError, .crashed, .timedOut].contains(verdicts[exercise.id]?.status) {
        guard !Task.isCancelled else {
          verdicts[exercise.id] = nil
          continue
        }
        verdicts[exercise.id] = try await runner.check(exercise, code: .sources, timeout: timeout)
      }
      let graded = course.exercises.filter { verdicts[$0.id].map { $0.status != .cancelled } ?? false }
      if graded.count < course.exercises.count {
        entry.notGraded = course.exercises.filter { exercise in !graded.contains { $0.id == exercise.id } }.map(\.id)
      }
      entry.exercises = graded.map { exercise in
        let verdict = verdicts[exercise.id]
        let changed = shipped.changes(to: exercise, root: checkout, fileSystem: fileSystem).flatMap { $0.isEmpty ? nil : $0 }
        return Grade(
          exercise: exercise.id, status: verdict?.status ?? .failed, passed: verdict?.status == .passed,
          testsChanged: changed, note: verdict.flatMap(Self.note), verdict: verdict)
      }
    } catch where Task.isCancelled || error is CancellationError {
      entry.exercises = []
      entry.notGraded = course.exercises.map(\.id)
    } catch {
      entry.problem = "could not be graded: \(error)"
    }
    return entry
  }

  /// The instructor's course, with the learner's `Sources/` folders in place of the shipped ones
  /// (see ``CourseCopy``: kept from one grading to the next, brought in line file by file).
  private func prepare(_ workspace: String, from checkout: String) throws {
    try CourseCopy(course: course, root: root, fileSystem: fileSystem).bringInLine(workspace) { exercise in
      FilePath.join(checkout, exercise.sourcesFolder)
    }
  }

  /// Best quiz scores from the learner's progress file, read and never written (a corrupt file
  /// is the learner's to see, not the grader's to move).
  private func quizzes(of checkout: String) -> [String: String] {
    let path = FilePath.join(checkout, ProgressStore.folderName, "progress.json")
    guard let data = try? fileSystem.readFile(at: path), let state = try? JSONDecoder().decode(LearnerState.self, from: data)
    else { return [:] }
    return state.quizzes.mapValues { "\($0.bestScore)/\($0.questions)" }
  }

  static func note(_ verdict: Verdict) -> String? {
    switch verdict.status {
    case .passed: return nil
    case .compileError:
      return verdict.diagnostics.first.map { "\($0.file):\($0.line): \($0.message)" } ?? "does not compile"
    case .failed:
      if let mutants = verdict.mutants, verdict.failedTests.isEmpty {
        return "\(mutants.filter(\.caught).count) of \(mutants.count) planted bugs caught"
      }
      let first = verdict.failedTests.first
      return first.map { "\($0.name): \($0.explanation ?? $0.message?.split(separator: "\n").first.map(String.init) ?? "failed")" }
    case .crashed: return "crashed"
    case .timedOut: return "timed out"
    case .cancelled: return "cancelled"
    }
  }
}
