import Foundation
import Testing
import TutorKit

/// `Review/Rules.json` against the real course: each rule sends the learner to a lesson page
/// that exists, and says what it finds, how to fix it and an example of it.
@Suite struct ReviewRulesTests {
  @Test func everyRuleNamesALessonPageThatExists() throws {
    let course = try CourseLoader(fileSystem: LocalFileSystem()).load(root: RealCourse.root)
    let rules = try ReviewRules.load(root: RealCourse.root, fileSystem: LocalFileSystem())
    try #require(rules.rules.count >= 9)
    for rule in rules.rules {
      let lesson = try #require(course.lessons.first { $0.order == rule.lesson }, "\(rule.id): no lesson \(rule.lesson)")
      // A page's title is its heading's text, without the Markdown's backticks.
      let title = rule.page.replacingOccurrences(of: "`", with: "")
      #expect(lesson.pages.contains { $0.title == title }, "\(rule.id): lesson \(rule.lesson) has no page “\(rule.page)”")
      for (field, text) in [("title", rule.title), ("finds", rule.finds), ("fix", rule.fix), ("example", rule.example)] {
        #expect(text.count >= 10, "\(rule.id): its \(field) says too little")
      }
      #expect(["code", "tests", "both"].contains(rule.applies), "\(rule.id): applies to \(rule.applies)")
    }
    #expect(Set(rules.rules.map(\.id)).count == rules.rules.count, "rule ids are unique")
  }
}
