import Testing
@testable import TutorKit

@Suite struct CompleterTests {
  let completer = Completer(catalog: CommandCatalog(), course: try! CourseFixtures.course(CourseFixtures.twoLessons()))

  @Test func aUniquePrefixCompletesTheCommandAndAddsASpace() {
    #expect(completer.complete("lesso") == .init(insertion: "ns "))
    #expect(completer.complete("he") == .init(insertion: "lp "))
  }

  @Test func anAmbiguousPrefixListsTheCandidates() {
    #expect(completer.complete("page") == .init(candidates: ["pages", "page"]))
    #expect(completer.complete("") .candidates.count == CommandID.allCases.count)
  }

  @Test func aSharedPrefixIsInsertedFirst() {
    #expect(completer.complete("pa") == .init(insertion: "ge"))
  }

  @Test func lessonArgumentsCompleteToLessonIDs() {
    #expect(completer.complete("open c") == .init(insertion: "onstructor "))
    #expect(completer.complete("open ") == .init(candidates: ["why", "constructor"]))
    #expect(completer.complete("o w") == .init(insertion: "hy "))
  }

  @Test func helpCompletesCommandNames() {
    #expect(completer.complete("help ne") == .init(insertion: "xt "))
  }

  @Test func pageCompletesPageNumbers() {
    #expect(completer.complete("page ", pageCount: 3) == .init(candidates: ["1", "2", "3"]))
    #expect(completer.complete("page 1", pageCount: 12) == .init(candidates: ["1", "10", "11", "12"]))
  }

  @Test func nothingToCompleteAnswersNothing() {
    #expect(completer.complete("zz") == .init())
    #expect(completer.complete("next ") == .init())
    #expect(completer.complete("unknown ar") == .init())
  }
}

@Suite struct SuggestionsTests {
  @Test func distanceCountsEditsAndSwaps() {
    #expect(Suggestions.distance("lesons", "lessons") == 1)
    #expect(Suggestions.distance("nxet", "next") == 1)
    #expect(Suggestions.distance("kitten", "sitting") == 3)
    #expect(Suggestions.distance("", "abc") == 3)
  }

  @Test func closestPrefersFewestEditsThenAUniquePrefix() {
    let words = ["lessons", "open", "next", "back", "help", "quit"]
    #expect(Suggestions.closest(to: "LESONS", in: words) == "lessons")
    #expect(Suggestions.closest(to: "hel", in: words) == "help")
    #expect(Suggestions.closest(to: "zebra", in: words) == nil)
    #expect(Suggestions.closest(to: "mred", in: ["prev", "next"]) == nil, "two edits in four letters is a guess")
  }
}

@Suite struct TypedLineTests {
  @Test func wordsQuotesAndEscapes() {
    #expect(TypedLine("  open   why ").words == ["open", "why"])
    #expect(TypedLine(#"open "two words" x\ y"#).words == ["open", "two words", "x y"])
    #expect(TypedLine("").words.isEmpty)
  }

  @Test func displayableEscapesControlsAndShortensLongInput() {
    #expect(displayable("a\u{07}b") == "a\\u{7}b")
    #expect(displayable(String(repeating: "y", count: 50)) == String(repeating: "y", count: 40) + "…")
  }
}
