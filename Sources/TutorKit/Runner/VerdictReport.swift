import Foundation

/// A verdict as the learner reads it: the first failure first, with its expectation and where it
/// is; compiler errors with the learner's line and a caret under the column.
public struct VerdictReport: Sendable {
  private let fileSystem: any FileStore
  private let root: String

  public init(fileSystem: any FileStore, root: String) {
    self.fileSystem = fileSystem
    self.root = root
  }

  public func document(for verdict: Verdict) -> Document {
    let body = self.body(for: verdict)
    guard let changes = verdict.testsChanged else { return body }
    return body + Document(Self.notice(about: changes))
  }

  private func body(for verdict: Verdict) -> Document {
    // A no-break space: the number and its unit stay on one line when the text wraps.
    let time = String(format: "%.1f\u{00A0}s", verdict.durationSeconds)
    var blocks: [Block] = []
    switch verdict.status {
    case .passed:
      let count = verdict.passedTests.count
      if let mutants = verdict.mutants {
        blocks.append(
          .notice(.success, [
            .strong([.text(verdict.exercise)]),
            .text(" passes: your \(count == 1 ? "test passes" : "\(count) tests pass") on the correct code and catch all \(mutants.count) planted bugs (\(time))."),
          ]))
        blocks += mutantList(mutants)
      } else {
        blocks.append(.notice(.success, [.strong([.text(verdict.exercise)]), .text(" passes: \(count == 1 ? "its test" : "all \(count) tests") (\(time)).")]))
      }
    case .failed where verdict.mutants != nil:
      blocks += testsVerdict(verdict, time: time)
    case .failed:
      let failed = verdict.failedTests
      if let steps = verdict.steps, let step = verdict.currentStep {
        // One step at a time: its failures only; later steps open once it passes.
        let inStep = failed.filter { $0.step == step }
        let title = inStep.first.map { $0.name.split(separator: "/").first.map(String.init) ?? "" } ?? ""
        blocks.append(
          .notice(.error, [
            .strong([.text(verdict.exercise)]), .text(": step \(step) of \(steps), “\(title)”: \(inStep.count) of \(verdict.tests.filter { $0.step == step }.count) tests failed (\(time))."),
          ]))
        blocks += details(of: inStep)
        blocks += printed(verdict)
        let done = verdict.tests.filter { ($0.step ?? 0) < step }
        if !done.isEmpty {
          blocks.append(.paragraph([.faint([.text("Steps before it pass (\(done.count) tests).")])]))
        }
        if step < steps {
          let later = step + 1 == steps ? "Step \(steps) opens" : "Steps \(step + 1) to \(steps) open"
          blocks.append(.paragraph([.faint([.text("\(later) once this one passes.")])]))
        }
      } else {
        blocks.append(
          .notice(.error, [.strong([.text(verdict.exercise)]), .text(": \(failed.count) of \(verdict.tests.count) tests failed (\(time)).")]))
        blocks += details(of: failed)
        blocks += printed(verdict)
        blocks += passing(verdict)
      }
    case .compileError:
      let count = verdict.diagnostics.count
      blocks.append(
        .notice(.error, [
          .strong([.text(verdict.exercise)]),
          .text(
            verdict.problem != nil ? " has no code to check."
              : count == 0 ? " does not build." : " does not compile: \(count == 1 ? "1 error" : "\(count) errors")."),
        ]))
      // The same missing API is usually named by several errors: its teaching line comes once.
      var advised: Set<String> = []
      for diagnostic in verdict.diagnostics.prefix(5) {
        if let advice = diagnostic.advice, advised.insert(advice).inserted {
          blocks.append(.notice(.info, MarkdownParser().parseInlines(advice)))
        }
        blocks.append(.paragraph([.code("\(diagnostic.file):\(diagnostic.line):\(diagnostic.column)"), .text(": \(diagnostic.severity): \(diagnostic.message)")]))
        if let excerpt = excerpt(file: diagnostic.file, line: diagnostic.line, column: diagnostic.column) {
          blocks.append(.code(CodeBlock(language: "", text: excerpt)))
        }
      }
      if count > 5 { blocks.append(.paragraph([.faint([.text("… and \(count - 5) more.")])])) }
      if let problem = verdict.problem {
        blocks.append(.notice(.info, MarkdownParser().parseInlines(problem)))
      } else if count == 0, let output = verdict.output {
        blocks.append(.code(CodeBlock(language: "output", text: output)))
      }
    case .crashed:
      let victim = verdict.tests.first { $0.status == .crashed }
      blocks.append(
        .notice(.error, [.strong([.text(verdict.exercise)]), .text(" crashed" + (victim.map { " in \($0.name)" } ?? "") + ".")]))
      if let victim {
        if let message = victim.message { blocks.append(.quote([.paragraph([.text(message)])])) }
        if let file = victim.file, let line = victim.line {
          blocks.append(.paragraph([.text("It stopped at "), .code("\(file):\(line)"), .text(":")]))
          if let excerpt = excerpt(file: file, line: line, column: nil) {
            blocks.append(.code(CodeBlock(language: "", text: excerpt)))
          }
        }
      }
      blocks += details(of: verdict.failedTests.filter { $0.status == .failed })
      blocks += printed(verdict)
    case .timedOut:
      let victim = verdict.tests.first { $0.status == .timedOut }
      let what = victim.map { "\($0.name) was still running" } ?? (verdict.tests.isEmpty ? "the build did not finish" : "its tests did not finish in time")
      blocks.append(
        .notice(.error, [.strong([.text(verdict.exercise)]), .text(" timed out: \(what), so ditutor stopped it and everything it started.")]))
      if verdict.mutants != nil {
        blocks.append(
          .paragraph([
            .text(
              "The time covers your tests on the correct code and then on each planted bug, one after another. A planted bug may never do what a test waits for: give every wait an end of its own (a barrier that gives up), and await a task only once nothing can leave it stuck. "
            ),
            .code("check --timeout <seconds>"), .text(" allows more time."),
          ]))
      } else {
        blocks.append(.paragraph([.text("Look for a loop that never ends or a wait that is never answered. "), .code("check --timeout <seconds>"), .text(" allows more time.")]))
      }
      blocks += printed(verdict)
    case .cancelled:
      blocks.append(.notice(.warning, [.text("Check of \(verdict.exercise) cancelled; nothing it started is still running.")]))
    }
    return Document(blocks)
  }

  /// Tests that are not the shipped ones: the learner's own are welcome; changed ones are said.
  static func notice(about changes: ShippedTests.Changes) -> [Block] {
    var blocks: [Block] = []
    if changes.altersShippedTests {
      let files = (changes.modified.map { "`\($0)` (changed)" } + changes.removed.map { "`\($0)` (removed)" })
        .joined(separator: ", ")
      blocks.append(
        .notice(.warning, MarkdownParser().parseInlines(
          "These tests are not the ones the exercise shipped: \(files). This check ran your copy; a grader runs the shipped tests, so a pass here may not count there.")))
    }
    if !changes.added.isEmpty {
      blocks.append(
        .paragraph([.faint(MarkdownParser().parseInlines(
          "Your own test file\(changes.added.count == 1 ? "" : "s") \(changes.added.map { "`\($0)`" }.joined(separator: ", ")) ran too: welcome here; graders leave \(changes.added.count == 1 ? "it" : "them") out."))]))
    }
    return blocks
  }

  /// A write-the-test verdict that does not pass: tests that fail on correct code come first
  /// (they are wrong), then the bugs still alive, counted but not described.
  private func testsVerdict(_ verdict: Verdict, time: String) -> [Block] {
    let mutants = verdict.mutants ?? []
    let failed = verdict.failedTests
    var blocks: [Block] = []
    if !failed.isEmpty {
      blocks.append(
        .notice(.error, [
          .strong([.text(verdict.exercise)]),
          .text(": \(failed.count) of \(verdict.tests.count) of your tests fail on the correct code (\(time)). A test that fails on correct code is wrong: fix it first."),
        ]))
      blocks += details(of: failed)
      return blocks
    }
    let caught = mutants.filter(\.caught).count
    blocks.append(
      .notice(.error, [
        .strong([.text(verdict.exercise)]),
        .text(": your tests pass on the correct code and catch \(caught) of \(mutants.count) planted bugs (\(time)).")
      ]))
    blocks += mutantList(mutants)
    return blocks
  }

  private func mutantList(_ mutants: [Verdict.Mutant]) -> [Block] {
    let alive = mutants.filter { !$0.caught }.count
    var items = mutants.filter(\.caught).map { mutant in
      ListItem(blocks: [
        .paragraph([.text("✓ caught: " + (mutant.summary ?? mutant.name))] + (mutant.caughtBy.map { [.faint([.text(" (by "), .code($0), .text(")")])] } ?? []))
      ])
    }
    if alive > 0 {
      items.append(
        ListItem(blocks: [
          .paragraph(MarkdownParser().parseInlines(
            "✗ \(alive) still alive: what \(alive == 1 ? "it is" : "they are") stays hidden until a test catches \(alive == 1 ? "it" : "them") (`hint` helps)."))
        ]))
    }
    return [.list(ListBlock(ordered: false, items: items))]
  }

  private func details(of failed: [Verdict.TestResult]) -> [Block] {
    guard let first = failed.first else { return [] }
    var blocks: [Block] = [.heading(level: 3, [.text(first.name)])]
    if let message = first.message {
      blocks.append(.quote(message.split(separator: "\n").map { .paragraph([.text(String($0))]) }))
    }
    if let file = first.file, let line = first.line {
      blocks.append(.paragraph([.faint([.text("at "), .code("\(file):\(line)")])]))
    }
    let others = failed.dropFirst()
    if !others.isEmpty {
      blocks.append(.paragraph([.text("Also failing:")]))
      blocks.append(.list(ListBlock(ordered: false, items: Self.sameReasonTogether(others, after: first).map { group in
        var inlines: [Inline] = []
        let suite = group.sharedSuite
        if let suite { inlines.append(.text(suite + ": ")) }
        for (index, name) in group.names.enumerated() {
          if index > 0 { inlines.append(.text(", ")) }
          inlines.append(.code(suite.map { String(name.dropFirst($0.count + 1)) } ?? name))
        }
        if group.asAbove {
          inlines.append(.text(group.names.count == 1 ? " — for the same reason" : " — all for the same reason"))
        } else if let line = group.line {
          inlines.append(.text(" — " + line))
        }
        return ListItem(blocks: [.paragraph(inlines)])
      })))
    }
    return blocks
  }

  /// Failing tests that give the same one-line reason.
  struct FailureGroup {
    var names: [String]
    var line: String?
    /// The reason is the one the first failure showed in full.
    var asAbove: Bool

    /// The suite all of them belong to (a step's, in an exercise in steps), named once.
    var sharedSuite: String? {
      let suites = Set(names.map { name in name.range(of: "/", options: .backwards).map { String(name[..<$0.lowerBound]) } })
      guard names.count > 1, suites.count == 1, let suite = suites.first else { return nil }
      return suite
    }
  }

  /// Failing tests that give the same one-line reason, together, in the order they failed: a
  /// missing seam fails most of a step's tests with the same words, and a screen of them said
  /// it seven times.
  static func sameReasonTogether(
    _ tests: some Collection<Verdict.TestResult>, after first: Verdict.TestResult
  ) -> [FailureGroup] {
    // The test's own explanation says more than the raw expectation.
    func line(_ test: Verdict.TestResult) -> String? {
      test.explanation ?? test.message?.split(separator: "\n").first.map(String.init)
    }
    let shown = first.explanation ?? line(first)
    var groups: [FailureGroup] = []
    for test in tests {
      let reason = line(test)
      if let reason, let at = groups.firstIndex(where: { $0.line == reason }) {
        groups[at].names.append(test.name)
      } else {
        groups.append(FailureGroup(names: [test.name], line: reason, asAbove: reason != nil && reason == shown))
      }
    }
    return groups
  }

  /// What the tests printed, after the verdict and where it failed: the end of it.
  private func printed(_ verdict: Verdict) -> [Block] {
    guard let output = verdict.output else { return [] }
    return [.paragraph([.faint([.text("What the tests printed (the last lines):")])]), .code(CodeBlock(language: "output", text: output))]
  }

  private func passing(_ verdict: Verdict) -> [Block] {
    let passed = verdict.passedTests
    guard !passed.isEmpty else { return [] }
    return [.paragraph([.faint([.text("Passing: " + passed.map(\.name).joined(separator: ", "))])])]
  }

  /// The offending line, numbered, with a caret under the column (as the compiler shows it).
  func excerpt(file: String, line: Int, column: Int?) -> String? {
    let path = file.hasPrefix("/") ? file : FilePath.join(root, file)
    guard let text = try? fileSystem.readText(at: path) else { return nil }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard line >= 1, line <= lines.count else { return nil }
    let width = String(line).count
    var excerpt: [String] = []
    excerpt.append(String(line).leftPadded(to: width) + " | " + lines[line - 1])
    if let column, column >= 1 {
      excerpt.append(String(repeating: " ", count: width) + " | " + String(repeating: " ", count: column - 1) + "^")
    }
    return excerpt.joined(separator: "\n")
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: " ", count: max(width - count, 0)) + self
  }
}

/// JUnit XML, the format autograders and CI dashboards read.
public enum JUnitReport {
  public static func xml(_ verdicts: [Verdict]) -> String {
    var suites = ""
    var totals = (tests: 0, failures: 0, errors: 0, time: 0.0)
    for verdict in verdicts {
      var cases = ""
      var failures = 0
      var errors = 0
      var count = 0
      switch verdict.status {
      case .compileError, .cancelled:
        count = 1
        errors = 1
        let text = verdict.diagnostics.map { "\($0.file):\($0.line):\($0.column): \($0.severity): \($0.message)" }
          .joined(separator: "\n")
        let message = verdict.status == .cancelled ? "cancelled" : "does not compile"
        cases += "    <testcase classname=\"\(escape(verdict.exercise))\" name=\"build\" time=\"0\">\n"
        cases += "      <error message=\"\(message)\">\(escape(text.isEmpty ? (verdict.output ?? "") : text))</error>\n"
        cases += "    </testcase>\n"
      default:
        for test in verdict.tests {
          count += 1
          let time = String(format: "%.3f", test.seconds)
          cases += "    <testcase classname=\"\(escape(verdict.exercise))\" name=\"\(escape(test.name))\" time=\"\(time)\""
          let location = [test.file, test.line.map(String.init)].compactMap { $0 }.joined(separator: ":")
          let body = escape([test.message, location.isEmpty ? nil : "at \(location)"].compactMap { $0 }.joined(separator: "\n"))
          switch test.status {
          case .passed:
            cases += "/>\n"
          case .skipped:
            cases += ">\n      <skipped/>\n    </testcase>\n"
          case .failed:
            failures += 1
            let first = escape(test.message?.split(separator: "\n").first.map(String.init) ?? "failed")
            cases += ">\n      <failure message=\"\(first)\">\(body)</failure>\n    </testcase>\n"
          case .crashed, .timedOut, .cancelled:
            errors += 1
            cases += ">\n      <error message=\"\(test.status.rawValue)\">\(body)</error>\n    </testcase>\n"
          }
        }
      }
      for mutant in verdict.mutants ?? [] {
        count += 1
        cases += "    <testcase classname=\"\(escape(verdict.exercise)).mutants\" name=\"\(escape(mutant.name))\" time=\"0\""
        if mutant.caught {
          cases += "/>\n"
        } else {
          failures += 1
          cases += ">\n      <failure message=\"planted bug not caught\">No test fails when this bug is planted.</failure>\n    </testcase>\n"
        }
      }
      let time = String(format: "%.3f", verdict.durationSeconds)
      suites += "  <testsuite name=\"\(escape(verdict.exercise))\" tests=\"\(count)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(time)\">\n"
      suites += cases + "  </testsuite>\n"
      totals = (totals.tests + count, totals.failures + failures, totals.errors + errors, totals.time + verdict.durationSeconds)
    }
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites name="ditutor" tests="\(totals.tests)" failures="\(totals.failures)" errors="\(totals.errors)" time="\(String(format: "%.3f", totals.time))">
      \(suites)</testsuites>

      """
  }

  static func escape(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "\n", "\t": result.unicodeScalars.append(scalar)
      // XML 1.0 forbids most control characters, even escaped.
      case _ where scalar.value < 0x20: result += "?"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
