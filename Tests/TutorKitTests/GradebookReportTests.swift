import Foundation
import Testing
@testable import TutorKit

/// The gradebook's formats tell the same story: who passed what, and whose shipped tests changed.
@Suite struct GradebookReportTests {
  static let modified = ShippedTests.Changes(modified: ["Exercises/adds/Tests/AddsTests.swift"])

  static let book = [
    Gradebook.Entry(
      learner: "tampered", path: "/class/tampered",
      exercises: [
        Gradebook.Grade(exercise: "adds", status: .failed, passed: false, testsChanged: modified, note: "AddsTests/adds(): 2 + 2 is 4"),
        Gradebook.Grade(exercise: "greets", status: .passed, passed: true, testsChanged: modified),
        Gradebook.Grade(
          exercise: "counts", status: .passed, passed: true, testsChanged: ShippedTests.Changes(added: ["Exercises/counts/Tests/Mine.swift"])),
      ],
      quizzes: [:])
  ]

  /// The `<testcase>` element of one exercise, up to the next one.
  func testcase(_ exercise: String, in xml: String) throws -> Substring {
    let start = try #require(xml.range(of: #"name="\#(exercise)""#)).lowerBound
    let rest = xml[start...]
    return rest[..<(rest.range(of: "<testcase", options: [], range: rest.index(after: rest.startIndex)..<rest.endIndex)?.lowerBound ?? rest.endIndex)]
  }

  @Test func junitFlagsChangedShippedTestsWhetherOrNotTheExercisePassed() throws {
    let xml = GradebookReport.junit(Self.book)
    let failed = try testcase("adds", in: xml)
    #expect(failed.contains(#"<failure message="failed · shipped tests changed""#), "\(failed)")
    #expect(failed.contains("Exercises/adds/Tests/AddsTests.swift"), "which file: \(failed)")
    #expect(failed.contains("2 + 2 is 4"), "and why it failed: \(failed)")
    let passed = try testcase("greets", in: xml)
    #expect(passed.contains(#"<failure message="passed · shipped tests changed""#), "\(passed)")
    let added = try testcase("counts", in: xml)
    #expect(!added.contains("<failure"), "a test of their own changes no shipped test: \(added)")
    #expect(xml.contains(#"<testsuite name="tampered" tests="3" failures="2">"#))
  }

  @Test func eachFormatIsTextForAProgramButTheTableIsADocumentAndAnIncompleteBookSaysSo() throws {
    let ids = ["adds", "greets", "counts"]
    for format in GradeReport.Format.allCases {
      let (report, incomplete, status) = GradeReport.report(Self.book, exercises: ids, format: format)
      switch (format, report) {
      case (.table, .document), (.csv, .text), (.json, .text), (.junit, .text), (.html, .text), (.exercism, .text), (.classroom, .text): break
      default: Issue.record("\(format) came out as \(report)")
      }
      #expect(incomplete == nil && status == 0, "\(format): every exercise of every checkout was graded")
    }
    var stopped = Self.book
    stopped[0].notGraded = ["counts"]
    let (_, incomplete, status) = GradeReport.report(stopped, exercises: ids, format: .csv)
    #expect(status == 1)
    #expect(try #require(incomplete).contains("counts"))
  }
}
