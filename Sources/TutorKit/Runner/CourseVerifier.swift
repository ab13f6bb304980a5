import Foundation

/// The maintainers' check, `ditutor verify`: every reference solution passes its tests and every
/// starter compiles and fails them. A course that fails this would lie to its learners.
public struct CourseVerifier: Sendable {
  public struct Result: Codable, Sendable, Equatable {
    public var exercise: String
    public var solution: Verdict.Status
    public var starter: Verdict.Status
    public var problems: [String]
    public var ok: Bool { problems.isEmpty }

    private enum CodingKeys: String, CodingKey {
      case exercise, solution, starter, problems, ok
    }

    public init(exercise: String, solution: Verdict.Status, starter: Verdict.Status, problems: [String]) {
      self.exercise = exercise
      self.solution = solution
      self.starter = starter
      self.problems = problems
    }

    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      exercise = try container.decode(String.self, forKey: .exercise)
      solution = try container.decode(Verdict.Status.self, forKey: .solution)
      starter = try container.decode(Verdict.Status.self, forKey: .starter)
      problems = try container.decode([String].self, forKey: .problems)
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(exercise, forKey: .exercise)
      try container.encode(solution, forKey: .solution)
      try container.encode(starter, forKey: .starter)
      try container.encode(problems, forKey: .problems)
      try container.encode(ok, forKey: .ok)
    }
  }

  private let runner: ExerciseRunner

  /// `runner` should build in a scratch folder of its own (`.build/verify`), so verifying never
  /// throws away the warm build behind a learner's `check`.
  public init(runner: ExerciseRunner) {
    self.runner = runner
  }

  public func verify(_ exercises: [Exercise], timeout: Duration = ExerciseRunner.defaultTimeout) async throws -> [Result] {
    let solutions = try await run(exercises, code: .solution, timeout: timeout)
    let starters = try await run(exercises, code: .starter, timeout: timeout)
    return exercises.map { exercise in
      let solution = solutions[exercise.id]!
      let starter = starters[exercise.id]!
      var problems: [String] = []
      if solution.status != .passed {
        problems.append("the solution \(Self.describe(solution))")
      }
      switch starter.status {
      case .failed: break
      case .passed: problems.append("the starter already passes: its tests do not need the learner's change")
      default: problems.append("the starter \(Self.describe(starter)); it should compile and fail")
      }
      return Result(exercise: exercise.id, solution: solution.status, starter: starter.status, problems: problems)
    }
  }

  /// One build for all exercises; any exercise whose verdict a neighbour could have spoiled (a
  /// compile error or crash stops the whole run) is checked again on its own.
  private func run(_ exercises: [Exercise], code: ExerciseRunner.Code, timeout: Duration) async throws -> [String: Verdict] {
    guard !exercises.isEmpty else { return [:] }
    var verdicts = try await runner.check(exercises, code: code, timeout: timeout)
    let doubtful: Set<Verdict.Status> = [.compileError, .crashed, .timedOut]
    if exercises.count > 1 {
      for exercise in exercises where doubtful.contains(verdicts[exercise.id]!.status) {
        try Task.checkCancellation()
        verdicts[exercise.id] = try await runner.check(exercise, code: code, timeout: timeout)
      }
    }
    return verdicts
  }

  static func describe(_ verdict: Verdict) -> String {
    switch verdict.status {
    case .passed: return "passes"
    case .failed:
      let names = verdict.failedTests.map(\.name).joined(separator: ", ")
      return "fails \(names.isEmpty ? "its tests" : names)"
    case .compileError:
      let first = verdict.diagnostics.first.map { ": \($0.file):\($0.line): \($0.message)" } ?? ""
      return "does not compile\(first)"
    case .crashed: return "crashes"
    case .timedOut: return "times out"
    case .cancelled: return "was cancelled"
    }
  }

  public static func document(_ results: [Result]) -> Document {
    let rows = results.map { result -> [[Inline]] in
      [
        [.code(result.exercise)], [.text(result.solution.rawValue)], [.text(result.starter.rawValue)],
        [.text(result.ok ? "✓" : "✗ " + result.problems.joined(separator: "; "))],
      ]
    }
    let bad = results.filter { !$0.ok }.count
    let summary: Block =
      bad == 0
      ? .notice(.success, [.text("All \(results.count) exercises: every solution passes and every starter fails.")])
      : .notice(.error, [.text("\(bad) of \(results.count) exercises are not right.")])
    return Document([
      .table(Table(header: ["Exercise", "Solution", "Starter", ""].map { [.text($0)] }, alignments: [.left, .left, .left, .left], rows: rows)),
      summary,
    ])
  }

  public static func json(_ results: [Result]) -> String {
    struct Report: Encodable {
      var ok: Bool
      var exercises: [Result]
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(Report(ok: results.allSatisfy(\.ok), exercises: results))) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }

  public static func junit(_ results: [Result]) -> String {
    var cases = ""
    var failures = 0
    for result in results {
      for (name, problem) in [
        ("solution passes", result.problems.first { $0.hasPrefix("the solution") }),
        ("starter fails", result.problems.first { $0.hasPrefix("the starter") }),
      ] {
        cases += "    <testcase classname=\"verify.\(JUnitReport.escape(result.exercise))\" name=\"\(name)\""
        if let problem {
          failures += 1
          cases += ">\n      <failure message=\"\(JUnitReport.escape(problem))\"/>\n    </testcase>\n"
        } else {
          cases += "/>\n"
        }
      }
    }
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites name="ditutor verify" tests="\(results.count * 2)" failures="\(failures)">
        <testsuite name="verify" tests="\(results.count * 2)" failures="\(failures)">
      \(cases)  </testsuite>
      </testsuites>

      """
  }
}
