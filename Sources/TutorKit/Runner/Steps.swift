/// An exercise built in steps groups its tests in suites named `Step 1 …`, `Step 2 …` (by the
/// suite's display name or its type name). A check then shows one step at a time: the first
/// that fails, and only its failures, so a larger exercise reads as a path and not as a wall.
///
/// ```swift
/// @Suite("Step 1: register and resolve") struct Step1 { … }
/// @Suite("Step 2: singletons are made once") struct Step2 { … }
/// ```
enum Steps {
  /// `Step 2: singletons` → 2; nil for a suite that is not a step.
  static func number(of suite: String?) -> Int? {
    guard let suite, suite.lowercased().hasPrefix("step") else { return nil }
    let digits = suite.dropFirst(4).drop { $0 == " " || $0 == "_" }.prefix { $0.isNumber }
    return Int(digits)
  }

  /// How many steps the tests come in, or nil when none of them is in a step.
  static func count(in tests: [Verdict.TestResult]) -> Int? {
    tests.compactMap(\.step).max()
  }
}
