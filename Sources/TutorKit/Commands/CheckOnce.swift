import Foundation

/// `ditutor check <exercise>`: one exercise checked once, its verdict in the format asked for,
/// and the exit status an autograder reads (0 passed, 1 not passed).
///
/// The command line's use case, in the engine so it is tested with the engine's fakes: the
/// executable only parses the arguments, wires the live parts, and shows what this returns.
public struct CheckOnce: Sendable {
  public enum Format: String, Sendable, CaseIterable {
    case text, json, junit
    /// Exercism's test-runner results.json (version 3).
    case exercism
    /// GitHub Classroom's autograding result JSON.
    case classroom
  }

  private let root: String
  private let fileSystem: any FileStore
  private let checker: any ExerciseChecker
  private let review: ReviewExercise?

  /// `review`: after a pass, its notes are listed ("passed, with 1 review note") when the
  /// reviewer is built; a check never builds it.
  public init(root: String, fileSystem: any FileStore, checker: any ExerciseChecker, review: ReviewExercise? = nil) {
    self.root = root
    self.fileSystem = fileSystem
    self.checker = checker
    self.review = review
  }

  /// The exercise a check run without one means: the one whose folder `folder` is in
  /// (`Exercises/<id>/Sources/` in an editor's terminal, say); nil anywhere else in `root`.
  public static func exercise(containing folder: String, root: String) -> String? {
    let exercises = FilePath.join(root, "Exercises") + "/"
    let standardized = folder.hasSuffix("/") ? folder : folder + "/"
    guard standardized.hasPrefix(exercises) else { return nil }
    let id = standardized.dropFirst(exercises.count).prefix { $0 != "/" }
    return id.isEmpty ? nil : String(id)
  }

  /// What a check run without an exercise, outside any exercise's folder, is told.
  public static let exerciseNeeded = CommandFailure(
    message:
      "Which exercise? Name it (ditutor check 3, or its id, or the start of its id), or run ditutor check from inside its folder, Exercises/<id>/. ditutor list shows them all.",
    status: 2)

  /// Finds the exercise `query` names (its number, id or the start of its id) and checks it.
  /// Only that exercise is loaded: a check costs the same in a course of five exercises or
  /// fifty, and another exercise's half-written README cannot stop it.
  public func run(
    _ query: String, format: Format, timeout: Duration, progress: @escaping @Sendable (CheckPhase) -> Void = { _ in }
  ) async throws -> (report: CommandReport, status: Int32) {
    let loader = CourseLoader(fileSystem: fileSystem)
    let found: Exercise?
    do {
      found = try loader.exercise(matching: query, root: root)
    } catch {
      throw CommandFailure(message: error.description, status: 1)
    }
    guard let exercise = found else {
      let course = try? loader.load(root: root, depth: .exercisesOnly)
      let known = (course?.exercises ?? []).enumerated().map { "\($0.offset + 1) (\($0.element.id))" }.joined(separator: ", ")
      throw CommandFailure(message: "There is no exercise '\(query)'. Exercises: \(known.isEmpty ? "none yet" : known).", status: 2)
    }
    let verdict: Verdict
    do {
      verdict = try await checker.check(exercise, timeout: timeout, progress: progress)
    } catch let error as CancellationError {
      throw error
    } catch {
      throw CommandFailure(message: "\(error)", status: 1)
    }
    let report: CommandReport =
      switch format {
      case .json: .text(verdict.json() + "\n")
      case .junit: .text(JUnitReport.xml([verdict]))
      case .exercism: .text(ClassroomFormats.exercism(verdict))
      case .classroom: .text(ClassroomFormats.classroom(verdict))
      case .text: .document(await textReport(verdict, for: exercise))
      }
    return (report, verdict.status == .passed ? 0 : 1)
  }

  /// The verdict for people, and after a pass the review's notes, if there are any to give.
  private func textReport(_ verdict: Verdict, for exercise: Exercise) async -> Document {
    var document = VerdictReport(fileSystem: fileSystem, root: root).document(for: verdict)
    if verdict.status == .passed, let review {
      document.blocks += await review.afterAPass(on: exercise, course: nil)
    }
    return document
  }
}
