/// Reads a learner's files as a reviewer would and says what it would remark on: the port
/// behind `review`. The live one is ``ReviewTool`` (the analyzer in `Review/`, built on first
/// use); tests hand in their own.
public protocol CodeReviewer: Sendable {
  /// Whether a review can run now without building the analyzer first: a passing check adds
  /// its notes only then, so no check ever waits for swift-syntax to build.
  func isReady() -> Bool

  /// The remarks on `files.code` and `files.tests`, read beside the others. `progress` hears
  /// what a first review does that takes a while (building the analyzer).
  func review(_ files: ReviewFiles, progress: @escaping @Sendable (String) -> Void) async throws -> [ReviewRemark]

  /// The remarks on several exercises' files, each read on its own (`grade`: one learner's
  /// course at once).
  func reviewEach(_ groups: [ReviewFiles]) async throws -> [ReviewRemark]

  /// Builds the analyzer if it is not built, at the lowest priority: the REPL starts this in the
  /// background once an exercise's own first build is done, so that by the learner's first pass
  /// the notes are there, and no check waits for it.
  func prepare() async throws
}

extension CodeReviewer {
  public func reviewEach(_ groups: [ReviewFiles]) async throws -> [ReviewRemark] {
    var remarks: [ReviewRemark] = []
    for files in groups { remarks += try await review(files, progress: { _ in }) }
    return remarks
  }
}

/// The files of one review, absolute: the learner's (reviewed) and the ones beside them.
public struct ReviewFiles: Sendable, Equatable {
  public var code: [String] = []
  public var tests: [String] = []
  public var contextCode: [String] = []
  public var contextTests: [String] = []

  public init(code: [String] = [], tests: [String] = [], contextCode: [String] = [], contextTests: [String] = []) {
    self.code = code
    self.tests = tests
    self.contextCode = contextCode
    self.contextTests = contextTests
  }

  /// An exercise's files as the learner has them: the code in `Sources/` read beside the
  /// exercise's tests, or (a write-the-test exercise) the learner's tests beside the subject.
  public init(of exercise: Exercise, root: String, fileSystem: any FileStore) {
    self.init(of: exercise, learner: root, course: root, fileSystem: fileSystem)
  }

  /// The learner's files from the checkout at `learner`, beside the instructor's at `course`
  /// (what `grade` reviews).
  public init(of exercise: Exercise, learner: String, course: String, fileSystem: any FileStore) {
    func swiftFiles(_ relative: String, in root: String) -> [String] {
      let folder = FilePath.join(root, relative)
      let names = (try? fileSystem.contentsOfDirectory(at: folder)) ?? []
      return names.filter { $0.hasSuffix(".swift") }.sorted().map { FilePath.join(folder, $0) }
    }
    let learners = swiftFiles(exercise.sourcesFolder, in: learner)
    if exercise.kind == .tests {
      self.init(tests: learners, contextCode: swiftFiles(exercise.subjectFolder, in: course))
    } else {
      self.init(code: learners, contextTests: swiftFiles(exercise.testsFolder, in: course))
    }
  }

  /// The analyzer's arguments for these files.
  var arguments: [String] {
    var arguments: [String] = []
    for (option, files) in [("--code", code), ("--tests", tests), ("--context-code", contextCode), ("--context-tests", contextTests)] {
      for file in files { arguments += [option, file] }
    }
    return arguments
  }
}
