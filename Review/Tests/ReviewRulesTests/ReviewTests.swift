import Foundation
import Testing

@testable import ReviewRules

/// The review says nothing a good reviewer would not: nothing on any reference solution, and
/// exactly the seeded smells of the corpus, each on its line.
@Suite struct ReviewTests {
  let reviewer = try! Reviewer(book: Course.book)

  @Test func theRulesAndTheChecksMatchOneForOne() throws {
    #expect(Course.book.rules.count == Reviewer.allChecks.count)
    let extra = RuleBook(rules: Course.book.rules + [RuleBook.Rule(id: "no-such-check", applies: .code, settings: nil)])
    #expect(throws: Reviewer.Problem.ruleWithoutCheck("no-such-check")) { try Reviewer(book: extra) }
    let fewer = RuleBook(rules: Course.book.rules.filter { $0.id != "hidden-input" })
    #expect(throws: Reviewer.Problem.checkWithoutRule("hidden-input")) { try Reviewer(book: fewer) }
  }

  /// No false positives: every reference solution reads clean.
  @Test func everyReferenceSolutionHasNoRemarks() throws {
    let exercises = Course.folders(in: Course.root + "/Exercises").filter {
      FileManager.default.fileExists(atPath: Course.root + "/Exercises/\($0)/Solution")
    }
    try #require(exercises.count >= 40, "the course's exercises were not found under \(Course.root)/Exercises")
    var reviewedFiles = 0
    for exercise in exercises {
      let files = Course.exerciseFiles(exercise, folder: "Solution")
      reviewedFiles += files.filter(\.reviewed).count
      let remarks = reviewer.review(files)
      #expect(remarks.isEmpty, "\(exercise): \(remarks.map { Course.line($0) + " " + $0.message })")
    }
    #expect(reviewedFiles >= exercises.count)
  }

  /// The corpus: one folder per case, each smell marked `// review: <rule>` on its line; files
  /// named `…Tests.swift` are tests. Every remark is expected, every expected one is made.
  @Test(arguments: Course.folders(in: Course.root + "/Review/Corpus"))
  func theCorpusGetsExactlyItsMarkedRemarks(_ folder: String) throws {
    let paths = Course.swiftFiles(in: Course.root + "/Review/Corpus/" + folder)
    try #require(!paths.isEmpty)
    var expected: [String] = []
    var files: [SourceFile] = []
    for path in paths {
      let role: SourceFile.Role = path.hasSuffix("Tests.swift") ? .tests : .code
      files.append(Course.file(path, role, reviewed: true))
      let text = try String(contentsOfFile: path, encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        guard let marker = line.range(of: "// review: ") else { continue }
        for rule in line[marker.upperBound...].split(separator: ",") {
          expected.append(Course.line(Remark(rule: rule.trimmingCharacters(in: .whitespaces), file: path, line: number + 1, column: 0, message: "")))
        }
      }
    }
    let made = reviewer.review(files).map(Course.line)
    #expect(made.sorted() == expected.sorted())
  }

  /// Every rule has a case in the corpus, and one case has two smells in one place.
  @Test func theCorpusCoversEveryRule() throws {
    let corpus = Course.root + "/Review/Corpus"
    var rulesByCase: [String: Set<String>] = [:]
    for folder in Course.folders(in: corpus) {
      for path in Course.swiftFiles(in: corpus + "/" + folder) {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for line in text.split(separator: "\n") {
          guard let marker = line.range(of: "// review: ") else { continue }
          for rule in line[marker.upperBound...].split(separator: ",") {
            rulesByCase[folder, default: []].insert(rule.trimmingCharacters(in: .whitespaces))
          }
        }
      }
    }
    let covered = rulesByCase.values.reduce(Set<String>()) { $0.union($1) }
    #expect(covered == Set(Course.book.rules.map(\.id)))
    #expect(rulesByCase.values.contains { $0.count >= 2 }, "a case with two smells")
  }

  /// The shortcuts (tempting wrong answers) are a corpus too: what the review says of each is
  /// written down in Corpus/shortcuts.expected, line by line.
  @Test func theShortcutsGetTheRemarksWrittenDown() throws {
    let expectedText = try String(contentsOfFile: Course.root + "/Review/Corpus/shortcuts.expected", encoding: .utf8)
    let expected = expectedText.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
    var made: [String] = []
    var shortcuts = 0
    for exercise in Course.folders(in: Course.root + "/Exercises") {
      // The files beside the shortcuts (tests, subject) are the same for all: read once.
      let beside = Course.exerciseFiles(exercise, folder: "Solution").filter { !$0.reviewed }
      for shortcut in Course.folders(in: Course.root + "/Exercises/\(exercise)/Shortcuts") {
        shortcuts += 1
        let reviewed = Course.exerciseFiles(exercise, folder: "Shortcuts/" + shortcut, beside: false)
        made += reviewer.review(reviewed + beside).map(Course.line)
      }
    }
    try #require(shortcuts >= 100, "the shortcuts were not found")
    #expect(!expected.isEmpty)
    #expect(made == expected)
  }
}
