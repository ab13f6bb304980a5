import Foundation

/// A gradebook in the forms instructors use: a table on screen, CSV for a spreadsheet, JSON for
/// scripts, JUnit for CI dashboards, and one self-contained HTML page to project or share (its
/// own file, GradebookReport+HTML.swift).
public enum GradebookReport {
  public static func document(_ entries: [Gradebook.Entry], exercises: [String]) -> Document {
    // `grade --review`: each learner's review notes, over every exercise.
    let reviewed = entries.contains { $0.reviewNotes != nil }
    let header: [[Inline]] =
      [[.text("Learner")], [.text("Passed")]] + exercises.indices.map { [.text("\($0 + 1)")] }
      + (reviewed ? [[.text("Review")]] : []) + [[.text("Quizzes")], [.text("Notes")]]
    let rows = entries.map { entry -> [[Inline]] in
      let cells: [[Inline]] = exercises.map { id in
        guard let grade = entry.exercises.first(where: { $0.exercise == id }) else { return [.text("–")] }
        return [.text(mark(grade))]
      }
      return [[.strong([.text(entry.learner)])], [.text(score(entry, of: exercises))]] + cells
        + (reviewed ? [[.text(entry.reviewNotes.map(String.init) ?? "–")]] : [])
        + [[.text(quizzes(entry))], [.text(notes(entry))]]
    }
    let alignments: [Table.Alignment] = [.left, .right] + exercises.map { _ in .center } + (reviewed ? [.right] : []) + [.left, .left]
    var blocks: [Block] = [
      .table(Table(header: header, alignments: alignments, rows: rows)),
      .paragraph([.faint([.text("Exercises: " + exercises.enumerated().map { "\($0.offset + 1) \($0.element)" }.joined(separator: ", "))])]),
      .paragraph([.faint([.text("✓ passed against the shipped tests · ✗ not passed · ! the learner changed the shipped tests (graded against the shipped ones, flagged) · – not graded" + (reviewed ? " · Review: the learner's review notes, over every exercise (ditutor review shows them)" : ""))])]),
    ]
    let flagged = entries.filter { $0.exercises.contains { $0.testsChanged?.altersShippedTests == true } }
    if !flagged.isEmpty {
      blocks.append(.notice(.warning, [.text("Changed shipped tests: " + flagged.map(\.learner).joined(separator: ", ") + ".")]))
    }
    if let incomplete = incompleteNotice(entries, exercises: exercises) {
      blocks.append(.notice(.error, [.text(incomplete)]))
    }
    return Document(blocks)
  }

  /// What was not graded, for a book whose grading was stopped before the end (SIGTERM,
  /// Ctrl-C); nil when nothing is missing.
  public static func incompleteNotice(_ entries: [Gradebook.Entry], exercises: [String]) -> String? {
    let missing = entries.compactMap { entry in
      entry.notGraded.map { ids in
        entry.learner + (Set(ids).isSuperset(of: exercises) ? " (every exercise)" : " (\(ids.joined(separator: ", ")))")
      }
    }
    guard !missing.isEmpty else { return nil }
    return "This gradebook is incomplete: grading was stopped before every exercise was checked. Not graded: "
      + missing.joined(separator: "; ") + "."
  }

  /// `3/29`, or `–` when nothing of the checkout was graded.
  static func score(_ entry: Gradebook.Entry, of exercises: [String]) -> String {
    entry.problem == nil && !entry.exercises.isEmpty || exercises.isEmpty ? "\(entry.passed)/\(exercises.count)" : "–"
  }

  static func mark(_ grade: Gradebook.Grade) -> String {
    (grade.passed ? "✓" : "✗") + (grade.testsChanged?.altersShippedTests == true ? "!" : "")
  }

  static func quizzes(_ entry: Gradebook.Entry) -> String {
    entry.quizzes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
  }

  static func notes(_ entry: Gradebook.Entry) -> String {
    if let problem = entry.problem { return problem }
    let changed = entry.exercises.filter { $0.testsChanged?.altersShippedTests == true }.map(\.exercise)
    var notes = changed.isEmpty ? [] : ["changed the tests of " + changed.joined(separator: ", ")]
    if let notGraded = entry.notGraded {
      notes.append(entry.exercises.isEmpty ? "not graded" : "not graded: " + notGraded.joined(separator: ", "))
    }
    return notes.joined(separator: "; ")
  }

  public static func csv(_ entries: [Gradebook.Entry], exercises: [String]) -> String {
    func field(_ text: String) -> String {
      text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }
    let reviewed = entries.contains { $0.reviewNotes != nil }
    var lines = [
      (["learner", "passed", "total"] + exercises + (reviewed ? ["review notes"] : []) + ["quizzes", "tests changed", "problem"]).map(field)
        .joined(separator: ",")
    ]
    for entry in entries {
      let statuses = exercises.map { id in
        entry.exercises.first { $0.exercise == id }.map { $0.passed ? "passed" : $0.status.rawValue }
          ?? (entry.notGraded?.contains(id) == true ? "not graded" : "")
      }
      let changed = entry.exercises.filter { $0.testsChanged?.altersShippedTests == true }.map(\.exercise).joined(separator: " ")
      let problem = entry.problem ?? (entry.notGraded == nil ? "" : "grading was stopped before this checkout was done")
      lines.append(
        ([entry.learner, String(entry.passed), String(exercises.count)] + statuses
          + (reviewed ? [entry.reviewNotes.map(String.init) ?? ""] : []) + [quizzes(entry), changed, problem])
          .map(field).joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  public static func json(_ entries: [Gradebook.Entry]) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    /// `complete` is false when a checkout could not be graded or grading was stopped; each
    /// learner's `notGraded` then names what is missing.
    struct Book: Encodable {
      var complete: Bool
      var learners: [Gradebook.Entry]
    }
    let book = Book(complete: Gradebook.isComplete(entries), learners: entries)
    return String(decoding: (try? encoder.encode(book)) ?? Data(), as: UTF8.self) + "\n"
  }

  public static func junit(_ entries: [Gradebook.Entry]) -> String {
    var suites = ""
    var totals = (tests: 0, failures: 0, skipped: 0)
    func skipped(_ count: Int) -> String { count == 0 ? "" : " skipped=\"\(count)\"" }
    for entry in entries {
      var cases = ""
      var failures = 0
      let notGraded = entry.notGraded ?? []
      for exercise in notGraded {
        cases += "    <testcase classname=\"\(JUnitReport.escape(entry.learner))\" name=\"\(JUnitReport.escape(exercise))\">\n"
          + "      <skipped message=\"not graded: grading was stopped\"/>\n    </testcase>\n"
      }
      for grade in entry.exercises {
        cases += "    <testcase classname=\"\(JUnitReport.escape(entry.learner))\" name=\"\(JUnitReport.escape(grade.exercise))\""
        // As in the other formats, a change to the shipped tests is flagged whatever the
        // verdict: an instructor reading a failure must still learn the tests were rewritten.
        let changed = grade.testsChanged.flatMap { $0.altersShippedTests ? $0.modified + $0.removed : nil }
        if grade.passed && changed == nil {
          cases += "/>\n"
        } else {
          failures += 1
          let status = grade.passed ? "passed" : grade.status.rawValue
          let message = changed == nil ? status : status + " · shipped tests changed"
          let details = [grade.note, changed.map { "Shipped tests changed: " + $0.joined(separator: ", ") }].compactMap { $0 }
          cases += ">\n      <failure message=\"\(JUnitReport.escape(message))\">\(JUnitReport.escape(details.joined(separator: "\n")))</failure>\n    </testcase>\n"
        }
      }
      if let problem = entry.problem {
        failures += 1
        cases += "    <testcase classname=\"\(JUnitReport.escape(entry.learner))\" name=\"checkout\">\n      <error message=\"\(JUnitReport.escape(problem))\"/>\n    </testcase>\n"
      }
      let count = entry.exercises.count + notGraded.count + (entry.problem == nil ? 0 : 1)
      suites += "  <testsuite name=\"\(JUnitReport.escape(entry.learner))\" tests=\"\(count)\" failures=\"\(failures)\"\(skipped(notGraded.count))>\n"
        + cases + "  </testsuite>\n"
      totals = (totals.tests + count, totals.failures + failures, totals.skipped + notGraded.count)
    }
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites name="ditutor grade" tests="\(totals.tests)" failures="\(totals.failures)"\(skipped(totals.skipped))>
      \(suites)</testsuites>

      """
  }
}
