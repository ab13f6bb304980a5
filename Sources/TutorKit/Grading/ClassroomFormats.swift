import Foundation

/// Verdicts in the result files classroom tools read, so a course can be graded where its class
/// already is.
///
/// - Exercism's test-runner `results.json`, version 3: a status for the run and one entry per test
///   (name, status, message, output, test code, task id).
/// - GitHub Classroom's autograding result (what `autograding-grading-reporter` decodes from a
///   runner's `result` output): a status, a maximum score, and one entry per test with its score.
public enum ClassroomFormats {
  public static func exercism(_ verdict: Verdict) -> String {
    serialize(exercismObject(verdict))
  }

  static func exercismObject(_ verdict: Verdict) -> [String: Any] {
    var object: [String: Any] = ["version": 3, "status": exercismStatus(verdict)]
    switch verdict.status {
    case .compileError:
      object["message"] =
        verdict.diagnostics.map { "\($0.file):\($0.line):\($0.column): \($0.message)" + ($0.advice.map { "\n\($0)" } ?? "") }
        .joined(separator: "\n") + (verdict.output.map { "\n" + $0 } ?? "")
    case .timedOut, .cancelled:
      object["message"] = "The tests did not finish (\(verdict.status.rawValue))."
    default:
      break
    }
    var tests: [[String: Any]] = verdict.tests.map { test in
      var entry: [String: Any] = [
        "name": test.name, "status": test.status == .passed ? "pass" : test.status == .failed ? "fail" : "error",
        "test_code": test.name,
      ]
      if let message = test.message { entry["message"] = message }
      if let step = test.step { entry["task_id"] = step }
      return entry
    }
    for mutant in verdict.mutants ?? [] {
      tests.append([
        "name": "catches a planted bug (\(mutant.name))", "status": mutant.caught ? "pass" : "fail",
        "message": mutant.caught ? (mutant.summary ?? "") : "No test fails when this bug is planted.", "test_code": mutant.name,
      ])
    }
    if verdict.status != .compileError { object["tests"] = tests }
    return object
  }

  /// - Parameter maxScore: the points the whole exercise is worth, shared out over its tests.
  public static func classroom(_ verdict: Verdict, maxScore: Int = 10) -> String {
    serialize(classroomObject(verdict, maxScore: maxScore))
  }

  static func classroomObject(_ verdict: Verdict, maxScore: Int = 10) -> [String: Any] {
    let entries = verdict.tests.map { ($0.name, $0.status == .passed, $0.message, $0.line, $0.seconds) }
      + (verdict.mutants ?? []).map { ("catches a planted bug (\($0.name))", $0.caught, $0.caught ? $0.summary : "not caught", nil, 0.0) }
    let share = entries.isEmpty ? 0 : Double(maxScore) / Double(entries.count)
    let tests: [[String: Any]] = entries.map { name, passed, message, line, seconds in
      var entry: [String: Any] = [
        "name": name, "status": passed ? "pass" : "fail", "score": passed ? share : 0, "execution_time": String(format: "%.3fs", seconds),
        "test_code": "ditutor check \(verdict.exercise)",
      ]
      if let message { entry["message"] = message }
      if let line { entry["line_no"] = line }
      return entry
    }
    let status: String =
      switch verdict.status {
      case .passed: "pass"
      case .failed: "fail"
      default: "error"
      }
    var object: [String: Any] = ["version": 1, "status": status, "max_score": maxScore, "tests": tests]
    if verdict.status == .compileError {
      object["tests"] = [["name": "build", "status": "error", "score": 0, "message": exercismMessage(verdict)]]
    }
    return object
  }

  /// A gradebook's verdicts, learner by learner and exercise by exercise, in either format.
  public static func gradebook(_ entries: [Gradebook.Entry], classroom: Bool) -> String {
    var book: [String: Any] = [:]
    for entry in entries {
      var exercises: [String: Any] = [:]
      for grade in entry.exercises {
        guard let verdict = grade.verdict else { continue }
        exercises[grade.exercise] = classroom ? classroomObject(verdict) : exercismObject(verdict)
      }
      book[entry.learner] = entry.problem.map { ["problem": $0] as [String: Any] } ?? exercises
    }
    return serialize(book)
  }

  private static func exercismStatus(_ verdict: Verdict) -> String {
    switch verdict.status {
    case .passed: "pass"
    case .failed: "fail"
    default: "error"
    }
  }

  private static func exercismMessage(_ verdict: Verdict) -> String {
    verdict.diagnostics.map { "\($0.file):\($0.line):\($0.column): \($0.message)" }.joined(separator: "\n")
  }

  static func serialize(_ object: [String: Any]) -> String {
    let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}
