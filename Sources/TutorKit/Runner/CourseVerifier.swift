import Foundation
import Synchronization

/// The maintainers' check, `ditutor verify`: every reference solution passes its tests, every
/// starter fails them, and every shortcut (a tempting wrong answer the exercise ships) fails
/// them too. A course that fails this would lie to its learners: "the only way to pass is to do
/// the injection" is a claim, and this is its proof.
public struct CourseVerifier: Sendable {
  public struct Result: Codable, Sendable, Equatable {
    /// How one shortcut fared: it must not pass.
    public struct Shortcut: Codable, Sendable, Equatable {
      public var name: String
      public var summary: String
      public var status: Verdict.Status
    }

    public var exercise: String
    public var solution: Verdict.Status
    public var starter: Verdict.Status
    public var shortcuts: [Shortcut]
    public var problems: [String]
    /// Taken from an earlier `verify` of the same files and tools (see ``KeptVerifications``)
    /// rather than built again.
    public var kept: Bool
    public var ok: Bool { problems.isEmpty }

    private enum CodingKeys: String, CodingKey {
      case exercise, solution, starter, shortcuts, problems, kept, ok
    }

    public init(
      exercise: String, solution: Verdict.Status, starter: Verdict.Status, shortcuts: [Shortcut] = [], problems: [String],
      kept: Bool = false
    ) {
      self.exercise = exercise
      self.solution = solution
      self.starter = starter
      self.shortcuts = shortcuts
      self.problems = problems
      self.kept = kept
    }

    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      exercise = try container.decode(String.self, forKey: .exercise)
      solution = try container.decode(Verdict.Status.self, forKey: .solution)
      starter = try container.decode(Verdict.Status.self, forKey: .starter)
      shortcuts = try container.decodeIfPresent([Shortcut].self, forKey: .shortcuts) ?? []
      problems = try container.decode([String].self, forKey: .problems)
      kept = try container.decodeIfPresent(Bool.self, forKey: .kept) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(exercise, forKey: .exercise)
      try container.encode(solution, forKey: .solution)
      try container.encode(starter, forKey: .starter)
      try container.encode(shortcuts, forKey: .shortcuts)
      try container.encode(problems, forKey: .problems)
      try container.encode(kept, forKey: .kept)
      try container.encode(ok, forKey: .ok)
    }
  }

  /// Every exercise ships at least this many tempting wrong answers, each shown failing: one
  /// is the answer its author thought of, the second is the first someone else found.
  public static let minimumShortcuts = 2

  private let runner: ExerciseRunner
  private let starterRunner: ExerciseRunner

  /// `runner` should build in a scratch folder of its own (`.build/verify`), so verifying never
  /// throws away the warm build behind a learner's `check`; `starterRunner` (default: `runner`)
  /// in another (`.build/verify-starters`): it checks the starters that cannot be built beside
  /// the solutions (a seam starter, which does not compile), and every exercise module is a
  /// starter's there, so neither folder is compiled again on the next `verify` unless its files
  /// changed.
  public init(runner: ExerciseRunner, starterRunner: ExerciseRunner? = nil) {
    self.runner = runner
    self.starterRunner = starterRunner ?? runner
  }

  /// Where a `verify` is: from a clean build folder it takes minutes, and an author should not
  /// wonder whether it hangs.
  public enum Progress: Sendable, Equatable {
    /// `count` of `total` exercises are as an earlier verify found them (see
    /// ``KeptVerifications``): not built again.
    case kept(Int, total: Int)
    /// The one build: every solution with its shortcuts and starter beside it.
    case building(solutions: Int, shortcuts: Int, starters: Int)
    case testing
    /// The seam starters (which do not compile), built together apart from the rest.
    case buildingSeamStarters(Int)

    public var line: String {
      switch self {
      case let .kept(count, total):
        count == total
          ? (total == 1
            ? "It is as an earlier verify found it: nothing it is made from changed. (--fresh builds it again.)"
            : "All \(total) are as an earlier verify found them: nothing they are made from changed. (--fresh builds them again.)")
          : "\(count) of \(total) \(count == 1 ? "is" : "are") as an earlier verify found \(count == 1 ? "it" : "them"); building the other \(total - count). (--fresh builds them all.)"
      case let .building(solutions, shortcuts, starters):
        "Building \(solutions) solution\(solutions == 1 ? "" : "s"), \(shortcuts) shortcut\(shortcuts == 1 ? "" : "s") and \(starters) starter\(starters == 1 ? "" : "s") side by side…"
      case .testing: "Running their tests…"
      case let .buildingSeamStarters(count):
        count == 1 ? "Building the seam starter, which must not compile…" : "Building the \(count) seam starters, which must not compile…"
      }
    }
  }

  public func verify(
    _ exercises: [Exercise], timeout: Duration = ExerciseRunner.defaultTimeout,
    progress: @escaping @Sendable (Progress) -> Void = { _ in }
  ) async throws -> [Result] {
    // The solutions, every shortcut and the starters in one build: each is built beside its
    // exercise into modules of its own (see `PackageSelection.variants`). A build of their own
    // for the starters meant a second SwiftPM plan, link and run (the course with nothing
    // changed: 129 s against 100 s), and a write-the-test starter compiled once per planted bug.
    let starter = Exercise.starterVariant
    var variants: [String: [String]] = [:]
    for exercise in exercises {
      let starters = exercise.kind == .seam ? [] : [starter]
      let all = exercise.shortcuts.map { "Shortcuts/\($0.name)" } + starters
      if !all.isEmpty { variants[exercise.id] = all }
    }
    progress(
      .building(
        solutions: exercises.count, shortcuts: exercises.reduce(0) { $0 + $1.shortcuts.count },
        starters: exercises.filter { $0.kind != .seam }.count))
    // Said once: a run that a planted bug's crash cut short starts its tests again.
    let testing = Once()
    let solutions = try await SharedRun(runner: runner).check(exercises, code: .solution, variants: variants, timeout: timeout) { phase in
      if phase == .testing && testing.first() { progress(.testing) }
    }
    let shortcuts = Dictionary(
      uniqueKeysWithValues: exercises.map { exercise in
        (
          exercise.id,
          exercise.shortcuts.map { shortcut in
            Result.Shortcut(
              name: shortcut.name, summary: shortcut.summary,
              status: solutions[ExerciseRunner.variantKey(exercise.id, "Shortcuts/\(shortcut.name)")]!.status)
          }
        )
      })
    // A seam starter does not compile by design, so none is built beside the solutions: the
    // seams' starters are built together, apart, and a build that stops at one of them without
    // reaching another checks that one again (see ``SharedRun``).
    let seams = exercises.filter { $0.kind == .seam }
    if !seams.isEmpty { progress(.buildingSeamStarters(seams.count)) }
    var starters = try await SharedRun(runner: starterRunner).check(seams, code: .starter, timeout: timeout)
    for exercise in exercises {
      switch exercise.kind {
      case .seam: continue
      // A write-the-test starter met the first planted bug only (see `plantedBugs(judging:)`):
      // one that caught it is judged against them all.
      case .tests where solutions[ExerciseRunner.variantKey(exercise.id, starter)]?.status == .passed && exercise.mutants.count > 1:
        try Task.checkCancellation()
        starters[exercise.id] = try await starterRunner.check(exercise, code: .starter, timeout: timeout)
      default:
        starters[exercise.id] = solutions[ExerciseRunner.variantKey(exercise.id, starter)]
      }
    }
    return exercises.map { exercise in
      let solution = solutions[exercise.id]!
      let starter = starters[exercise.id]!
      var problems: [String] = []
      if solution.status != .passed {
        problems.append("the solution \(Self.describe(solution))")
      }
      switch (starter.status, exercise.kind) {
      case (.failed, _): break
      // A seam starter has no seam yet: the tests, written against it, cannot compile.
      case (.compileError, .seam) where starter.diagnostics.allSatisfy({ $0.file.hasPrefix(exercise.testsFolder + "/") }): break
      case (.passed, _): problems.append("the starter already passes: its tests do not need the learner's change")
      default: problems.append("the starter \(Self.describe(starter)); it should compile and fail")
      }
      if exercise.shortcuts.count < Self.minimumShortcuts {
        problems.append(
          "it ships \(exercise.shortcuts.count) shortcut\(exercise.shortcuts.count == 1 ? "" : "s"); every exercise needs at least \(Self.minimumShortcuts) tempting wrong answers shown failing")
      }
      for shortcut in shortcuts[exercise.id] ?? [] {
        let verdict = solutions[ExerciseRunner.variantKey(exercise.id, "Shortcuts/\(shortcut.name)")]
        switch shortcut.status {
        // Failing because none of its tests ran proves nothing (a test module the run did not
        // hold, read as the shortcut's): it must fail its tests.
        case .failed where verdict?.tests.allSatisfy({ $0.name == "(no tests)" }) ?? false:
          problems.append("the shortcut '\(shortcut.name)' ran no tests, so its failing proves nothing")
        case .failed: break
        case .passed:
          let judged = exercise.shortcuts.first { $0.name == shortcut.name }?.misses.map { misses in
            misses.isEmpty
              ? " (its README says it fails on the subject: `Misses: none`)"
              : " (it ran against the planted bugs its README says it misses, \(misses.joined(separator: ", ")), and caught them: name one it lets through)"
          }
          problems.append("the shortcut '\(shortcut.name)' (\(shortcut.summary)) passes: the tests do not reject it" + (judged ?? ""))
        default:
          problems.append("the shortcut '\(shortcut.name)' \(Self.describe(status: shortcut.status)); a shortcut is a whole answer that compiles and fails")
        }
      }
      return Result(
        exercise: exercise.id, solution: solution.status, starter: starter.status, shortcuts: shortcuts[exercise.id] ?? [],
        problems: problems)
    }
  }

  static func describe(status: Verdict.Status) -> String {
    switch status {
    case .passed: "passes"
    case .failed: "fails"
    case .compileError: "does not compile"
    case .crashed: "crashes"
    case .timedOut: "times out"
    case .cancelled: "was cancelled"
    }
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
      let rejected = result.shortcuts.filter { $0.status == .failed }.count
      return [
        [.code(result.exercise)], [.text(result.solution.rawValue)], [.text(result.starter.rawValue)],
        [.text(result.shortcuts.isEmpty ? "–" : "\(rejected)/\(result.shortcuts.count) fail")],
        [.text(result.ok ? (result.kept ? "✓ kept" : "✓") : "✗ " + result.problems.joined(separator: "; "))],
      ]
    }
    let bad = results.filter { !$0.ok }.count
    let shortcuts = results.reduce(0) { $0 + $1.shortcuts.count }
    let summary: Block =
      bad == 0
      ? .notice(.success, [
        .text(
          results.count == 1
            ? "\(results[0].exercise): the solution passes, the starter fails, and \(shortcuts == 1 ? "the shortcut fails" : "all \(shortcuts) shortcuts fail")."
            : "All \(results.count) exercises: every solution passes, every starter fails, and all \(shortcuts) shortcuts fail.")
      ])
      : .notice(.error, [.text("\(bad) of \(results.count) exercises are not right.")])
    return Document([
      .table(
        Table(
          header: ["Exercise", "Solution", "Starter", "Shortcuts", ""].map { [.text($0)] },
          alignments: [.left, .left, .left, .left, .left], rows: rows)),
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
    var count = 0
    for result in results {
      let checks: [(String, String?)] =
        [
          ("solution passes", result.problems.first { $0.hasPrefix("the solution") }),
          ("starter fails", result.problems.first { $0.hasPrefix("the starter") }),
        ]
        + result.shortcuts.map { shortcut in
          ("shortcut \(shortcut.name) fails", result.problems.first { $0.hasPrefix("the shortcut '\(shortcut.name)'") })
        }
      for (name, problem) in checks {
        count += 1
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
      <testsuites name="ditutor verify" tests="\(count)" failures="\(failures)">
        <testsuite name="verify" tests="\(count)" failures="\(failures)">
      \(cases)  </testsuite>
      </testsuites>

      """
  }
}

/// True the first time it is asked, false after: for a progress line said once.
private final class Once: Sendable {
  private let asked = Mutex(false)

  func first() -> Bool {
    asked.withLock { asked in
      defer { asked = true }
      return !asked
    }
  }
}
