import Foundation

/// `ditutor grade`: every exercise of every learner's checkout, checked the way an instructor can
/// trust.
///
/// Each checkout is graded in a workspace under the instructor's course: the instructor's
/// manifest, tests, subjects and planted bugs, and only the learner's `Sources/`. Learners take
/// turns in the workspaces, so only the first builds the whole course.
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
    /// How many exercises' results were kept from an earlier grading of the same content
    /// (this learner's or another's); nil when grading kept none by design.
    public var reused: Int?
    /// How long grading this learner took, in seconds.
    public var seconds: Double?
    /// When this learner was graded: 1 for the first (see ``GradingOrder``); nil when not graded.
    public var position: Int?

    public var passed: Int { exercises.filter(\.passed).count }
    /// The learner's review notes over every exercise; nil when not reviewed.
    public var reviewNotes: Int? {
      let counts = exercises.compactMap(\.reviewNotes)
      return counts.isEmpty ? nil : counts.reduce(0, +)
    }
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
    /// How many review notes the learner's code gets (`grade --review`); nil when not reviewed.
    public var reviewNotes: Int?

    private enum CodingKeys: String, CodingKey {
      case exercise, status, passed, testsChanged, note, reviewNotes
    }
  }

  private let course: Course
  private let root: String
  private let fileSystem: any FileSystem
  /// A runner for a workspace folder (its own scratch folder, its own timeout).
  private let makeRunner: @Sendable (String) -> ExerciseRunner
  private let now: @Sendable () -> ContinuousClock.Instant
  /// Counts each learner's review notes, when the options ask for it.
  private let reviewer: (any CodeReviewer)?

  /// - Parameter now: the time, for the progress line's estimate of the time left.
  public init(
    course: Course, root: String, fileSystem: any FileSystem, now: @escaping @Sendable () -> ContinuousClock.Instant = { .now },
    reviewer: (any CodeReviewer)? = nil, makeRunner: @escaping @Sendable (String) -> ExerciseRunner
  ) {
    self.reviewer = reviewer
    self.course = course
    self.root = root
    self.fileSystem = fileSystem
    self.now = now
    self.makeRunner = makeRunner
  }

  /// How a grading goes about it.
  public struct Options: Sendable {
    /// Learners graded at once, each in a workspace of its own (1 suits two cores).
    public var jobs: Int
    public var timeout: Duration
    /// Check everything again, whatever earlier gradings kept.
    public var fresh: Bool
    /// Check each exercise in a build of its own and keep nothing: the slow way, as ditutor
    /// graded before it shared builds and results, kept to compare verdicts with.
    public var separately: Bool
    /// Count each learner's review notes too (see ``CodeReviewer``).
    public var review: Bool

    public init(
      jobs: Int = 1, timeout: Duration = ExerciseRunner.defaultTimeout, fresh: Bool = false, separately: Bool = false, review: Bool = false
    ) {
      self.jobs = jobs
      self.timeout = timeout
      self.fresh = fresh
      self.separately = separately
      self.review = review
    }
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

  /// Grades `checkouts`, `jobs` at a time; the entries come in the order given. `progress`
  /// hears each one finish.
  public func grade(
    _ checkouts: [String], jobs: Int = 1, timeout: Duration = ExerciseRunner.defaultTimeout,
    progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
  ) async throws -> [Entry] {
    try await grade(checkouts, options: Options(jobs: jobs, timeout: timeout)) { state in
      if state.current.isEmpty || state.done > 0 { progress(state.done, state.total) }
    }
  }

  /// Grades `checkouts`, and returns their entries in the order given. `progress` hears each
  /// learner start and finish.
  ///
  /// The learners share `jobs` workspaces (lanes): the first learner in a lane builds the
  /// course, each next one only what their sources change; they are taken in the order that
  /// keeps those changes small (``GradingOrder``). Results are kept by content (see
  /// ``GradingResults``), so what was graded before is not graded again.
  ///
  /// Cancelled (SIGTERM, Ctrl-C), it stops the checks under way, starts no more, and returns
  /// the book as far as it got: an entry for every checkout, whose ``Entry/notGraded`` names
  /// what was not graded.
  public func grade(
    _ checkouts: [String], options: Options, progress: @escaping @Sendable (GradingProgress) -> Void = { _ in }
  ) async throws -> [Entry] {
    // One grading at a time per course: the workspaces are shared.
    let folder = FilePath.join(root, FilePath.parent(Self.workspacesFolder))
    if !fileSystem.directoryExists(at: folder) { try fileSystem.createDirectory(at: folder) }
    let lock: any HeldLock
    do {
      lock = try await fileSystem.acquireLock(at: FilePath.join(root, Self.workspacesFolder + ".lock"))
    } catch where Task.isCancelled {
      return checkouts.map(notGraded)
    }
    defer { lock.release() }
    // The reviewer is built before the first learner, not in the middle of a lane's build.
    if options.review, let reviewer { try await reviewer.prepare() }
    let shipped = ShippedTests.make(for: course.exercises, root: root, fileSystem: fileSystem)
    let lanes = max(1, min(options.jobs, checkouts.count))
    removeLeftovers(keepingLanes: lanes)
    let results = GradingResults(course: course, root: root, fileSystem: fileSystem, timeout: options.timeout, fresh: options.fresh)
    var entries = [Entry?](repeating: nil, count: checkouts.count)
    var seconds: [Double] = []
    var current: [Int: String] = [:]
    func report() {
      let done = entries.compactMap { $0 }.count
      let left = GradingProgress.estimate(secondsLeftFrom: seconds, remaining: checkouts.count - done, lanes: lanes)
      progress(GradingProgress(
        done: done, total: checkouts.count, current: current.sorted { $0.key < $1.key }.map(\.value), secondsLeft: left))
    }
    let order = GradingOrder.order(
      checkouts.map(changedExercises), seams: Set(course.exercises.filter { $0.kind == .seam }.map(\.id)))
    try await withThrowingTaskGroup(of: (Int, Int, Entry, Double).self) { group in
      var next = 0
      func start(lane: Int) {
        guard next < order.count, !Task.isCancelled else { return }
        let index = order[next]
        next += 1
        current[index] = FilePath.lastComponent(checkouts[index])
        report()
        let workspace = FilePath.join(root, Self.workspacesFolder, "lane-\(lane)")
        let othersToCome = next < order.count
        group.addTask {
          let began = now()
          let entry = await grade(
            checkouts[index], in: workspace, shipped: shipped, results: results, options: options, othersToCome: othersToCome)
          return (index, lane, entry, (now() - began).seconds)
        }
      }
      for lane in 1...lanes { start(lane: lane) }
      while let (index, lane, entry, took) = try await group.next() {
        var entry = entry
        entry.seconds = took
        entry.position = order.firstIndex(of: index).map { $0 + 1 }
        entries[index] = entry
        current[index] = nil
        if entry.notGraded == nil && entry.problem == nil { seconds.append(took) }
        report()
        start(lane: lane)
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

  /// Removes what is not a workspace of this run or a kept result: each workspace holds a
  /// build of the whole course (over a hundred megabytes), and older ditutors kept one per
  /// learner.
  private func removeLeftovers(keepingLanes lanes: Int) {
    let folder = FilePath.join(root, Self.workspacesFolder)
    let kept = Set((1...lanes).map { "lane-\($0)" } + [FilePath.lastComponent(GradingResults.folder)])
    for name in (try? fileSystem.contentsOfDirectory(at: folder)) ?? [] where !kept.contains(name) {
      try? fileSystem.removeBuildFolder(at: FilePath.join(folder, name))
    }
  }

  /// `othersToCome`: learners this grading has not started yet (only they gain from a new lane
  /// built as shipped, see ``buildAsShipped(_:)``).
  private func grade(
    _ checkout: String, in workspace: String, shipped: ShippedTests, results: GradingResults, options: Options,
    othersToCome: Bool
  ) async -> Entry {
    let learner = FilePath.lastComponent(checkout)
    var entry = Entry(learner: learner, path: checkout, exercises: [], quizzes: quizzes(of: checkout))
    // This learner's build is the lane's first (SwiftPM's, of the whole course).
    let newLane = !fileSystem.directoryExists(at: workspace)
    guard fileSystem.directoryExists(at: FilePath.join(checkout, CourseLoader.exercisesFolder)) else {
      entry.problem = "not a ditutor checkout (no Exercises/ folder)"
      return entry
    }
    do {
      let keys = Dictionary(uniqueKeysWithValues: course.exercises.map { ($0.id, results.key(of: $0, in: checkout)) })
      var verdicts: [String: Verdict] = [:]
      if !options.separately {
        for exercise in course.exercises { verdicts[exercise.id] = results.verdict(for: exercise.id, key: keys[exercise.id]!) }
      }
      let reused = verdicts.count
      let missing = course.exercises.filter { verdicts[$0.id] == nil }
      if !missing.isEmpty {
        let runner = makeRunner(workspace)
        if options.separately {
          try prepare(workspace, from: checkout)
          for exercise in missing where !Task.isCancelled {
            verdicts[exercise.id] = try await runner.check(exercise, code: .sources, timeout: options.timeout)
          }
        } else {
          // The whole course in one run, learner after learner: the same selection each time,
          // so the lane's build is recorded once and then built without SwiftPM, going on past
          // an exercise that does not compile (only what this learner changed compiles, and a
          // write-the-test exercise's tests once for all its planted bugs). Only the exercises
          // whose results are not kept run their tests and planted bugs.
          let own = Set(missing.map(\.id))
          try prepare(workspace, from: checkout)
          // A seam exercise left as it shipped does not compile by design: when SwiftPM must
          // build, which stops at the first error, it is checked alone, so it stops no other
          // exercise's build (and its result is shared by every learner who left it so).
          let fast = runner.canBuildWithoutSwiftPM(course.exercises)
          let untouchedSeams = fast ? [] : course.exercises.filter { $0.kind == .seam && isUntouched($0, in: checkout) }
          var checked = try await SharedRun(runner: runner).check(
            course.exercises.filter { exercise in !untouchedSeams.contains { $0.id == exercise.id } }, code: .sources,
            repeated: true, testing: own, timeout: options.timeout)
          for exercise in untouchedSeams where own.contains(exercise.id) && !Task.isCancelled {
            checked[exercise.id] = try await runner.check(exercise, code: .sources, timeout: options.timeout)
          }
          for (id, verdict) in checked {
            verdicts[id] = verdict
            results.keep(verdict, for: id, key: keys[id]!)
          }
        }
      }
      entry.reused = options.separately ? nil : reused
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
      // One process for the learner's whole course; a note belongs to the exercise whose
      // folder holds its file. A review that fails costs the counts ("–"), never the grades.
      if options.review, let reviewer,
        let remarks = try? await reviewer.reviewEach(
          graded.map { ReviewFiles(of: $0, learner: checkout, course: root, fileSystem: fileSystem) })
      {
        for index in entry.exercises.indices {
          let folder = FilePath.join(checkout, "Exercises", entry.exercises[index].exercise) + "/"
          entry.exercises[index].reviewNotes = remarks.filter { $0.file.hasPrefix(folder) }.count
        }
      }
    } catch where Task.isCancelled || error is CancellationError {
      entry.exercises = []
      entry.notGraded = course.exercises.map(\.id)
    } catch {
      entry.problem = "could not be graded: \(error)"
    }
    if newLane && othersToCome && !options.separately && !changedExercises(checkout).isEmpty && !Task.isCancelled {
      await buildAsShipped(workspace)
    }
    return entry
  }

  /// Builds the course as it shipped in a new lane, once, after its first learner: most
  /// learners leave some exercises as they shipped, and a lane keeps each compile by what it
  /// read, so none of them compiles the starters' tests again (a seam starter's errors
  /// included). The time is the first learner's (it builds the lane); a failure here only
  /// leaves the compiling to the learners who need it.
  private func buildAsShipped(_ workspace: String) async {
    let runner = makeRunner(workspace)
    guard runner.canBuildWithoutSwiftPM(course.exercises),
      (try? CourseCopy(course: course, root: root, fileSystem: fileSystem).bringInLine(workspace) { exercise in
        FilePath.join(root, exercise.starterFolder)
      }) != nil
    else { return }
    try? await runner.buildForLaterChecks(course.exercises)
  }

  /// The exercises whose code the learner at `checkout` changed from the starter.
  private func changedExercises(_ checkout: String) -> Set<String> {
    Set(course.exercises.filter { !isUntouched($0, in: checkout) }.map(\.id))
  }

  /// Whether the learner's `Sources/` of `exercise` is its starter, file for file.
  private func isUntouched(_ exercise: Exercise, in checkout: String) -> Bool {
    let starter = FilePath.join(root, exercise.starterFolder)
    let sources = FilePath.join(checkout, exercise.sourcesFolder)
    let files = ShippedTests.files(under: starter, fileSystem: fileSystem)
    return files == ShippedTests.files(under: sources, fileSystem: fileSystem)
      && files.allSatisfy { file in
        (try? fileSystem.readFile(at: FilePath.join(starter, file))) == (try? fileSystem.readFile(at: FilePath.join(sources, file)))
      }
  }

  /// The instructor's course, with the learner's `Sources/` folders in place of the shipped ones
  /// (see ``CourseCopy``: kept from one learner to the next, brought in line file by file, so
  /// SwiftPM builds again only the exercises where this learner's sources differ).
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
