import Testing
@testable import TutorKit
@testable import TerminalUI

/// `ditutor grade > book.txt`: the gradebook of a whole course, written where there is no screen.
@Suite struct GradebookInAFileTests {
  static let exercises = (1...29).map { "exercise-\($0)" }

  static func entry(_ learner: String, passing: Int) -> Gradebook.Entry {
    Gradebook.Entry(
      learner: learner, path: "/class/\(learner)",
      exercises: exercises.enumerated().map { index, id in
        Gradebook.Grade(exercise: id, status: index < passing ? .passed : .failed, passed: index < passing)
      },
      quizzes: ["why": "4/5"])
  }

  @Test func isATableWithARowPerLearnerAndNoEscapeCodes() {
    let learners = ["ada", "bob", "carol"]
    let document = GradebookReport.document(
      learners.enumerated().map { Self.entry($0.element, passing: $0.offset * 10) }, exercises: Self.exercises)
    let text = Renderer(traits: .file).render(document)
    #expect(!text.contains("\u{1B}"))
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let header = lines.first ?? ""
    #expect(header.hasPrefix("Learner") && header.contains("29") && header.contains("Quizzes"), "one header line: \(header)")
    for (index, learner) in learners.enumerated() {
      let rows = lines.filter { $0.hasPrefix(learner) }
      #expect(rows.count == 1, "\(learner): \(rows)")
      let row = rows.first ?? ""
      #expect(row.contains("\(index * 10)/29") && row.contains("why 4/5"), "\(row)")
      #expect(row.filter { $0 == "✓" }.count == index * 10 && row.filter { $0 == "✗" }.count == 29 - index * 10, "\(row)")
    }
  }
}
