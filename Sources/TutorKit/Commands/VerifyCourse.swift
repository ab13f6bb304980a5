/// `ditutor verify [<exercise>…]`: the course author's check that every solution passes, every
/// starter fails and every shortcut fails, with the report in the format asked for and the exit
/// status CI reads (0 all as promised, 1 not). A use case of the engine, as ``CheckOnce`` is.
public struct VerifyCourse: Sendable {
  public enum Format: String, Sendable, CaseIterable {
    case text, json, junit
  }

  private let course: Course
  private let verifier: CourseVerifier
  /// Where clean results are kept by content; nil keeps nothing.
  private let kept: KeptVerifications?

  public init(course: Course, verifier: CourseVerifier, kept: KeptVerifications? = nil) {
    self.course = course
    self.verifier = verifier
    self.kept = kept
  }

  /// The exercises `ids` names, in the course's order (all of them when `ids` is empty).
  /// Throws ``CommandFailure`` with status 2 for an id the course does not have.
  public func exercises(_ ids: [String]) throws -> [Exercise] {
    guard !ids.isEmpty else { return course.exercises }
    let known = Set(course.exercises.map(\.id))
    if let unknown = ids.first(where: { !known.contains($0) }) {
      throw CommandFailure(
        message: "There is no exercise '\(unknown)'. Exercises: \(course.exercises.map(\.id).joined(separator: ", ")).",
        status: 2)
    }
    return course.exercises.filter { ids.contains($0.id) }
  }

  public func run(
    _ exercises: [Exercise], format: Format, timeout: Duration,
    progress: @escaping @Sendable (CourseVerifier.Progress) -> Void = { _ in }
  ) async throws -> (report: CommandReport, status: Int32) {
    // What an earlier verify found of files and tools that are still the same is not built again.
    let keys = kept.map { kept in Dictionary(uniqueKeysWithValues: exercises.map { ($0.id, kept.key(of: $0, timeout: timeout)) }) } ?? [:]
    var found: [String: CourseVerifier.Result] = [:]
    for exercise in exercises {
      if let key = keys[exercise.id], let result = kept?.kept(exercise, key: key) { found[exercise.id] = result }
    }
    if !found.isEmpty { progress(.kept(found.count, total: exercises.count)) }
    let rest = exercises.filter { found[$0.id] == nil }
    if !rest.isEmpty {
      for (exercise, result) in zip(rest, try await verifier.verify(rest, timeout: timeout, progress: progress)) {
        found[exercise.id] = result
        if let key = keys[exercise.id] { kept?.keep(result, of: exercise, key: key) }
      }
    }
    let results = exercises.map { found[$0.id]! }
    let report: CommandReport =
      switch format {
      case .json: .text(CourseVerifier.json(results) + "\n")
      case .junit: .text(CourseVerifier.junit(results))
      case .text: .document(CourseVerifier.document(results))
      }
    return (report, results.allSatisfy(\.ok) ? 0 : 1)
  }
}
