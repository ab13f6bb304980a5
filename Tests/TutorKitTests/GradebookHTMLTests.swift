import Foundation
import Testing
@testable import TutorKit

/// The HTML gradebook's text: one self-contained page, a real table whose every result is a mark
/// and a colour, and whose problems are listed per learner. (How a browser lays it out and sorts
/// it: GradebookBrowserTests.)
@Suite struct GradebookHTMLTests {
  static let book = ClassFixtures.large()
  static var entries: [Gradebook.Entry] { book.entries }
  static var exercises: [String] { book.exercises }
  static let html = GradebookReport.html(entries, exercises: exercises, title: "Class <7> & co")

  /// The row of `learner`, from its heading to the end of the row.
  func row(_ learner: String, in html: String = Self.html) throws -> Substring {
    let start = try #require(html.range(of: ">\(learner)</span></th>"), "no row for \(learner)").lowerBound
    let rest = html[start...]
    return rest[..<(rest.range(of: "</tr>")?.lowerBound ?? rest.endIndex)]
  }

  /// The `<td>` of `exercise` in a row (the exercise columns follow Learner and Passed).
  func cell(_ exercise: String, in row: Substring) throws -> Substring {
    let index = try #require(Self.exercises.firstIndex(of: exercise))
    let cells = row.components(separatedBy: "<td").dropFirst()
    return Substring(cells[cells.startIndex + 1 + index])
  }

  @Test func isOneSelfContainedPage() {
    let html = Self.html
    #expect(html.hasPrefix("<!doctype html>\n<html lang=\"en\">"))
    #expect(html.contains("<meta charset=\"utf-8\">"))
    for fetch in ["src=", "href=", "<link", "url(", "@import", "http://", "https://"] {
      #expect(!html.contains(fetch), "nothing fetched: \(fetch)")
    }
    #expect(html.components(separatedBy: "<style>").count == 2 && html.components(separatedBy: "<script>").count == 2)
    #expect(html.contains("<title>Class &lt;7&gt; &amp; co</title>") && html.contains("<h1>Class &lt;7&gt; &amp; co</h1>"))
  }

  @Test func isARealTableWithScopedHeadings() throws {
    let html = Self.html
    #expect(html.contains(#"<table id="book">"#) && html.contains("<caption>30 learners · 30 exercises · "))
    let head = try #require(html.components(separatedBy: "<thead>").dropFirst().first?.components(separatedBy: "</thead>").first)
    #expect(head.components(separatedBy: #"<th scope="col""#).count - 1 == 2 + 30 + 2, "Learner, Passed, the exercises, Quizzes, Problems")
    for learner in ClassFixtures.names {
      #expect(
        html.contains(#"<th scope="row" title="\#(learner)"><span class="name">\#(learner)</span></th>"#)
          || html.contains(#"<th scope="row" class="broken" title="\#(learner)"><span class="name">\#(learner)</span></th>"#))
    }
    #expect(html.contains(#"<tfoot><tr><th scope="row">Passed by</th>"#))
    #expect(!html.contains(#"aria-sort=""#), "the page comes in the order graded: no heading claims a sort until the script sorts")
  }

  @Test func exerciseHeadingsAreRotatedWithTheFullNameAndCountInATitle() {
    let passedBy = Self.entries.filter { $0.exercises.contains { $0.exercise == "greeting-clock" && $0.passed } }.count
    #expect(
      Self.html.contains(
        #"<th scope="col" class="ex" data-key="ex:greeting-clock" data-n="0" data-passed="\#(passedBy)" "#
          + #"title="1 · greeting-clock: passed by \#(passedBy) of 30"><span class="v">greeting-clock</span></th>"#))
    #expect(GradebookReport.style.contains("th.ex .v{display:inline-block;writing-mode:vertical-rl"))
    #expect(GradebookReport.style.contains("thead th{position:sticky;top:0"), "the headings stay on screen")
    #expect(GradebookReport.style.contains("tbody th,tfoot th{position:sticky;left:0"), "and so do the names")
  }

  @Test func everyResultIsAMarkAndAColourWithWordsForScreenReaders() throws {
    let ada = try row("alan-turing")
    let passed = try cell("greeting-clock", in: ada)
    #expect(passed.hasPrefix(#" class="c pass" data-v="6" title="alan-turing · greeting-clock: passed">"#), "\(passed)")
    #expect(passed.contains(#"<span aria-hidden="true">✓</span><span class="sr">passed</span>"#))
    let failed = try cell("module-boundaries", in: ada)
    #expect(failed.contains(#"class="c fail" data-v="5""#) && failed.contains("✗</span><span class=\"sr\">failed</span>"))
    #expect(failed.contains("module-boundariesTests/first(): expectation failed"), "the note in the tooltip")

    let annie = try row("annie-easley")
    #expect(try cell("order-service-split", in: annie).contains(#"class="c build" data-v="4""#))
    #expect(try cell("order-service-split", in: annie).contains("⚙</span><span class=\"sr\">does not compile</span>"))
    #expect(try cell("checkout-audit", in: annie).contains(#"class="c crash" data-v="3""#))
    #expect(try cell("checkout-audit", in: annie).contains("↯</span><span class=\"sr\">crashed</span>"))
    #expect(try cell("flashcard-analytics", in: annie).contains(#"class="c time" data-v="2""#))
    #expect(try cell("flashcard-analytics", in: annie).contains("◷</span><span class=\"sr\">timed out</span>"))
    #expect(annie.contains(#"<li class="build"><span class="m" aria-hidden="true">⚙</span> does not compile: order-service-split</li>"#))
    #expect(annie.contains(#"<li class="crash"><span class="m" aria-hidden="true">↯</span> crashed: checkout-audit</li>"#))
    #expect(annie.contains(#"<li class="time"><span class="m" aria-hidden="true">◷</span> timed out: flashcard-analytics</li>"#))
    #expect(annie.contains(#"<td class="problems" data-v="3">"#))

    for look in GradebookReport.legendItems {
      #expect(Self.html.contains(#"<li><span class="m \#(look.kind)" aria-hidden="true">\#(look.mark)</span> \#(look.words)</li>"#))
      #expect(GradebookReport.style.contains(".\(look.kind){background:"), "\(look.kind) has a colour of its own")
    }
    #expect(Set(GradebookReport.legendItems.map(\.mark)).count == GradebookReport.legendItems.count, "no two share a mark")
  }

  @Test func changedShippedTestsStandOutInTheCellTheRowAndAtTheTop() throws {
    let grace = try row("grace-hopper")
    let flagged = try cell("greeting-clock", in: grace)
    #expect(flagged.contains(#"class="c flag" data-v="1""#), "\(flagged)")
    #expect(flagged.contains("✓!</span><span class=\"sr\">passed, shipped tests changed</span>"))
    #expect(grace.contains(#"<li class="flag"><span class="m" aria-hidden="true">!</span> changed the shipped tests of greeting-clock</li>"#))
    #expect(Self.html.contains(#"<p class="flagged"><span class="m" aria-hidden="true">!</span> Changed shipped tests: grace-hopper.</p>"#))
    let added = GradebookReport.html(
      [Gradebook.Entry(
        learner: "own-tests", path: "/c/own-tests",
        exercises: [Gradebook.Grade(exercise: "adds", status: .passed, passed: true, testsChanged: ShippedTests.Changes(added: ["Mine.swift"]))],
        quizzes: [:])], exercises: ["adds"], title: "t")
    #expect(!added.contains("class=\"c flag\"") && !added.contains("<p class=\"flagged\">"), "a test of their own changes no shipped test")
  }

  @Test func aBrokenCheckoutAndAStoppedGradingAreListedAndMarked() throws {
    let donald = try row("donald-knuth")
    #expect(Self.html.contains(#"<th scope="row" class="broken" title="donald-knuth"><span class="name">donald-knuth</span></th>"#))
    #expect(donald.contains(#"<td class="num" data-v="-1">–</td>"#))
    #expect(try cell("greeting-clock", in: donald).contains(#"class="c none" data-v="-1""#))
    #expect(donald.contains(#"<li class="broken"><span class="m" aria-hidden="true">⊘</span> could not be graded: The folder “Exercises”"#))
    #expect(Self.html.contains(#"<p class="warn">Could not be graded: donald-knuth.</p>"#))

    let ken = try row("ken-thompson")
    let graded = try cell("greeting-clock", in: ken)
    #expect(graded.contains(#"class="c pass""#) || graded.contains(#"class="c fail""#))
    #expect(try cell("label-batch-tests", in: ken).contains(#"class="c skip" data-v="0" title="ken-thompson · label-batch-tests: not graded, grading was stopped">"#))
    #expect(ken.contains(#"<li class="skip"><span class="m" aria-hidden="true">–</span> not graded: photo-backup-progress, "#))
    #expect(Self.html.contains(#"<p class="warn">This gradebook is incomplete: grading was stopped before every exercise was checked. Not graded: ken-thompson ("#))
  }

  @Test func sortingIsAnEnhancementTheStaticPageCarriesWhatItNeeds() throws {
    let html = Self.html
    // Rows in the order graded, each cell with the value it sorts by.
    let order = html.components(separatedBy: #"<span class="name">"#).dropFirst().map { String($0.prefix { $0 != "<" }) }
    #expect(order == ClassFixtures.names)
    for key in ["learner", "passed", "ex:greeting-clock", "quizzes", "problems"] {
      #expect(html.contains(#"data-key="\#(key)""#), "a sortable heading: \(key)")
    }
    #expect(try row("alan-turing").contains(#"<td class="num" data-v="\#(Self.entries[1].passed)">\#(Self.entries[1].passed)/30</td>"#))
    // The tools are hidden until the script shows them: without it, they would do nothing.
    #expect(html.contains(#"<p class="tools" id="tools" hidden>"#))
    for mode in ["course", "most-passed", "fewest-passed"] { #expect(html.contains(#"data-columns="\#(mode)""#)) }
    for piece in ["aria-sort", "location.hash", "history.replaceState", "data-scroll-width"] {
      #expect(GradebookReport.script.contains(piece))
    }
  }

  @Test func quizzesAddUpWithEachLessonInATitle() throws {
    let entry = Gradebook.Entry(learner: "q", path: "/q", exercises: [], quizzes: ["why-di": "4/5", "factories": "2/3"])
    #expect(GradebookReport.quizTotal(entry)?.text == "6/8")
    let html = GradebookReport.html([entry], exercises: [], title: "t")
    #expect(html.contains(#"<td class="num" data-v="0.7500" title="factories 2/3, why-di 4/5">6/8<span class="sr"> (factories 2/3, why-di 4/5)</span></td>"#))
    let none = Gradebook.Entry(learner: "n", path: "/n", exercises: [], quizzes: [:])
    #expect(GradebookReport.html([none], exercises: [], title: "t").contains(#"<td class="num" data-v="-1"></td>"#))
  }

  @Test func namesAndNotesAreEscaped() throws {
    let entry = Gradebook.Entry(
      learner: "<script>x</script>", path: "/x",
      exercises: [Gradebook.Grade(exercise: "adds", status: .failed, passed: false, note: #"expected "a" < "b""#)], quizzes: [:])
    let html = GradebookReport.html([entry], exercises: ["adds"], title: "t")
    #expect(!html.contains("<script>x"))
    #expect(html.contains("&lt;script&gt;x&lt;/script&gt;"))
    #expect(html.contains("expected &quot;a&quot; &lt; &quot;b&quot;"))
  }
}
