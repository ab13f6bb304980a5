import Foundation

/// What a check found: a value, so the REPL, `--format json`, JUnit and `verify` all tell the same
/// story. Encodes to the JSON that `ditutor check --format json` prints.
public struct Verdict: Codable, Sendable, Equatable {
  public enum Status: String, Codable, Sendable, Equatable {
    case passed, failed
    case compileError = "compile-error"
    case crashed
    case timedOut = "timed-out"
    case cancelled
  }

  public struct TestResult: Codable, Sendable, Equatable {
    public enum Status: String, Codable, Sendable, Equatable {
      case passed, failed, skipped, crashed
      case timedOut = "timed-out"
      case cancelled
    }

    /// `GreeterTests/asksTheInjectedClockForTheHour()`
    public var name: String
    public var status: Status
    /// The expectation that failed and the test's own explanation, or why it crashed.
    public var message: String?
    /// Where it failed, relative to the course root.
    public var file: String?
    public var line: Int?
    /// Seconds the test ran (JUnit wants it; the JSON verdict leaves it out).
    public var seconds: Double = 0
    /// The test's own explanation of its first failure, for one-line summaries.
    public var explanation: String?
    /// The step its suite belongs to (`Step 2 …`), in an exercise built in steps.
    public var step: Int?

    public init(
      name: String, status: Status, message: String? = nil, file: String? = nil, line: Int? = nil, seconds: Double = 0,
      explanation: String? = nil, step: Int? = nil
    ) {
      self.name = name
      self.status = status
      self.message = message
      self.file = file
      self.line = line
      self.seconds = seconds
      self.explanation = explanation
      self.step = step
    }

    private enum CodingKeys: String, CodingKey {
      case name, status, message, file, line, step
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(name, forKey: .name)
      try container.encode(status, forKey: .status)
      try container.encode(message, forKey: .message)
      try container.encode(file, forKey: .file)
      try container.encode(line, forKey: .line)
      try container.encodeIfPresent(step, forKey: .step)
    }
  }

  /// A bug planted in a write-the-test exercise's subject: caught when one of the learner's tests
  /// fails on it. What the bug is stays unsaid until it is caught.
  public struct Mutant: Codable, Sendable, Equatable {
    public var name: String
    public var caught: Bool
    public var summary: String?
    /// The test that caught it.
    public var caughtBy: String?

    public init(name: String, caught: Bool, summary: String? = nil, caughtBy: String? = nil) {
      self.name = name
      self.caught = caught
      self.summary = summary
      self.caughtBy = caughtBy
    }
  }

  public struct Diagnostic: Codable, Sendable, Equatable {
    public var file: String
    public var line: Int
    public var column: Int
    public var severity: String
    public var message: String
    /// What the error means for the learner, when it is the usual one of a missing seam ("the
    /// tests build `Greeter(clock:)`, which `Greeter` does not have yet: …").
    public var advice: String?

    public init(file: String, line: Int, column: Int, severity: String, message: String, advice: String? = nil) {
      self.file = file
      self.line = line
      self.column = column
      self.severity = severity
      self.message = message
      self.advice = advice
    }
  }

  public var exercise: String
  public var status: Status
  public var durationSeconds: Double
  public var tests: [TestResult]
  public var diagnostics: [Diagnostic]
  /// What the program printed when a test failed, crashed or hung (the end of it): learners
  /// debug with `print`.
  public var output: String?
  /// Why nothing could be built or run, in the learner's terms, when it is not the compiler's
  /// to say (an exercise whose `Sources/` holds no Swift file).
  public var problem: String?
  /// The planted bugs of a write-the-test exercise, caught or not.
  public var mutants: [Mutant]?
  /// How many steps the exercise's tests are grouped in (none: not built in steps).
  public var steps: Int?
  /// How the tests that ran differ from the ones the exercise shipped (nil: the same, or no
  /// fingerprints to compare with).
  public var testsChanged: ShippedTests.Changes?

  public init(
    exercise: String, status: Status, durationSeconds: Double, tests: [TestResult] = [],
    diagnostics: [Diagnostic] = [], output: String? = nil, mutants: [Mutant]? = nil, steps: Int? = nil
  ) {
    self.exercise = exercise
    self.status = status
    self.durationSeconds = durationSeconds
    self.tests = tests
    self.diagnostics = diagnostics
    self.output = output
    self.mutants = mutants
    self.steps = steps
  }

  private enum CodingKeys: String, CodingKey {
    case exercise, status, durationSeconds, tests, diagnostics, mutants, steps, testsChanged, problem
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    exercise = try container.decode(String.self, forKey: .exercise)
    status = try container.decode(Status.self, forKey: .status)
    durationSeconds = try container.decode(Double.self, forKey: .durationSeconds)
    tests = try container.decode([TestResult].self, forKey: .tests)
    diagnostics = try container.decode([Diagnostic].self, forKey: .diagnostics)
    mutants = try container.decodeIfPresent([Mutant].self, forKey: .mutants)
    steps = try container.decodeIfPresent(Int.self, forKey: .steps)
    testsChanged = try container.decodeIfPresent(ShippedTests.Changes.self, forKey: .testsChanged)
    problem = try container.decodeIfPresent(String.self, forKey: .problem)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(exercise, forKey: .exercise)
    try container.encode(status, forKey: .status)
    try container.encode(durationSeconds, forKey: .durationSeconds)
    try container.encode(tests, forKey: .tests)
    try container.encode(diagnostics, forKey: .diagnostics)
    try container.encodeIfPresent(mutants, forKey: .mutants)
    try container.encodeIfPresent(steps, forKey: .steps)
    try container.encodeIfPresent(testsChanged, forKey: .testsChanged)
    try container.encodeIfPresent(problem, forKey: .problem)
  }

  /// The step the learner is on: the first with a test that does not pass (nil when the
  /// exercise has no steps, or all pass).
  public var currentStep: Int? {
    guard steps != nil else { return nil }
    return failedTests.compactMap(\.step).min()
  }

  public var failedTests: [TestResult] { tests.filter { $0.status != .passed && $0.status != .skipped } }
  public var passedTests: [TestResult] { tests.filter { $0.status == .passed } }

  public func json() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
  }
}
