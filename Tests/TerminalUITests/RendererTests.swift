import Testing
import TutorKit
@testable import TerminalUI

@Suite struct RendererTests {
  let plain = Renderer(traits: TerminalTraits(width: 40, colors: false))
  let colour = Renderer(traits: TerminalTraits(width: 40, colors: true))
  let parser = MarkdownParser()

  func lines(_ text: String) -> [Substring] {
    text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
  }

  @Test func plainOutputHasNoEscapeCodes() {
    let document = parser.parse("# Title\n\nSome *styled* **text** with `code`.\n\n```swift\nlet x = 1 // one\n```\n")
    let text = plain.render(document)
    #expect(!text.contains("\u{1B}"))
    #expect(text.contains("Some styled text with code."), "no Markdown left in plain text")
    #expect(colour.render(document).contains("\u{1B}["))
  }

  @Test func anItemWithItsOwnMarkerWrapsPastIt() {
    let options = ListBlock(ordered: false, items: [
      ListItem(marker: "a)", blocks: [.paragraph([.text("A container that builds every service at launch, whether used or not")])]),
      ListItem(marker: "b)", blocks: [.paragraph([.text("Lazy")])]),
    ])
    #expect(lines(plain.render(Document([.list(options)]))) == [
      "a) A container that builds every service",
      "   at launch, whether used or not",
      "b) Lazy",
    ])
  }

  @Test func paragraphsWrapToTheWidth() {
    let words = Array(repeating: "dependency", count: 20).joined(separator: " ")
    let text = plain.render(Document([.paragraph([.text(words)])]))
    for line in lines(text) {
      #expect(line.count <= 40)
    }
    #expect(lines(text).first == "dependency dependency dependency")
  }

  @Test func styledLinesResetBeforeTheyEndSoColourNeverLeaks() {
    let text = colour.render(Document([.paragraph([.strong([.text(String(repeating: "word ", count: 20))])])]))
    for line in lines(text) where line.contains("\u{1B}[") {
      #expect(line.hasSuffix("\u{1B}[0m"))
    }
  }

  @Test func aWordLongerThanTheLineIsCut() {
    let url = String(repeating: "a", count: 95)
    let text = plain.render(Document([.paragraph([.text("see " + url)])]))
    #expect(lines(text).map(\.count) == [3, 40, 40, 15])
  }

  @Test func listsHangTheirText() {
    let text = plain.render(parser.parse("- a fairly long item that will need to wrap onto a second line\n- short\n"))
    #expect(
      lines(text) == [
        "• a fairly long item that will need to",
        "  wrap onto a second line",
        "• short",
      ])
  }

  @Test func numberedAndTaskLists() {
    let text = plain.render(parser.parse("9. nine\n10. ten\n\n- [x] done — yes\n"))
    #expect(lines(text) == [" 9. nine", "10. ten", "", "• [x] done — yes"])
  }

  @Test func headingsAreUnderlined() {
    #expect(lines(plain.render(parser.parse("# Hello\n## Page\n"))) == ["Hello", "═════", "", "Page", "────"])
  }

  @Test func codeIsIndentedAndLongLinesFoldAtASpaceNotMidName() {
    let code = "let answer = " + String(repeating: "1 + ", count: 10) + "0"
    let text = plain.render(Document([.code(CodeBlock(language: "swift", text: code))]))
    #expect(lines(text) == ["    let answer = 1 + 1 + 1 + 1 + 1 + 1", "      + 1 + 1 + 1 + 1 + 0"])
  }

  @Test func atFiftyColumnsCodeKeepsItsNamesWhole() {
    let narrow = Renderer(traits: TerminalTraits(width: 50, colors: false))
    let code = "let service = ConstructorInjectedCheckoutService(gateway: gateway, clock: clock)"
    let text = narrow.render(Document([.code(CodeBlock(language: "swift", text: code))]))
    #expect(
      lines(text) == [
        "    let service =",
        "      ConstructorInjectedCheckoutService(gateway:",
        "      gateway, clock: clock)",
      ])
    #expect(lines(text).allSatisfy { $0.count <= 50 })
  }

  @Test func aRunWithNoSpaceIsStillCutToFit() {
    let narrow = Renderer(traits: TerminalTraits(width: 30, colors: false))
    let text = narrow.render(Document([.code(CodeBlock(language: "text", text: String(repeating: "x", count: 40)))]))
    #expect(lines(text).allSatisfy { $0.count <= 30 })
    #expect(lines(text).joined().filter { $0 == "x" }.count == 40, "nothing is lost")
  }

  @Test func proseStopsAtAReadableMeasureOnAWideScreen() {
    let wide = Renderer(traits: TerminalTraits(width: 200, colors: false))
    let words = Array(repeating: "dependency", count: 60).joined(separator: " ")
    let text = wide.render(Document([.paragraph([.text(words)]), .notice(.info, [.text(words)])]))
    #expect(lines(text).map(\.count).max()! <= Renderer.measure)
    let code = wide.render(Document([.code(CodeBlock(language: "text", text: String(repeating: "a ", count: 70)))]))
    #expect(lines(code).map(\.count).max()! > Renderer.measure, "code may use the whole width")
  }

  @Test func outputBlocksAndNotCompiledBlocksAreLabelled() {
    let document = parser.parse("```output\nhello\n```\n\n```swift not-compiled: SwiftUI is Apple-only\nimport SwiftUI\n```\n")
    #expect(
      lines(plain.render(document)) == [
        "Output:", "    hello", "", "(Not compiled on Linux: SwiftUI is", "Apple-only)", "    import SwiftUI",
      ])
  }

  @Test func tablesAlignColumnsAndShrinkToFit() {
    let document = parser.parse("| # | Name |\n|--:|---|\n| 1 | Why |\n| 10 | Constructor injection, explained at length |\n")
    let text = plain.render(document)
    #expect(
      lines(text) == [
        " #  Name",
        "──  ────────────────────────────────────",
        " 1  Why",
        "10  Constructor injection, explained at",
        "    length",
      ])
  }

  @Test func aTableTooNarrowForItsWordsBecomesRecords() {
    let narrow = Renderer(traits: TerminalTraits(width: 40, colors: false))
    let document = parser.parse(
      "| # | Lesson | Id | Pages read |\n|--:|---|---|--:|\n| 2 | Constructor injection | constructor-injection | 3/9 |\n| 3 | Test doubles | test-doubles | 0/10 |\n")
    let text = narrow.render(document)
    #expect(
      lines(text) == [
        "#: 2",
        "  Lesson: Constructor injection",
        "  Id: constructor-injection",
        "  Pages read: 3/9",
        "",
        "#: 3",
        "  Lesson: Test doubles",
        "  Id: test-doubles",
        "  Pages read: 0/10",
      ])
    #expect(!text.contains("constructor-inje\n"))
  }

  @Test func noticesCarryAMarkThatSurvivesWithoutColour() {
    let text = plain.render(Document([.notice(.error, [.text("Unknown command 'lesons'. Did you mean 'lessons'?")])]))
    #expect(lines(text) == ["✗ Unknown command 'lesons'. Did you mean", "  'lessons'?"])
  }

  @Test func diagramsBecomeATree() {
    let document = parser.parse(
      """
      ```mermaid
      graph TD
        App --> Checkout[CheckoutService]
        Checkout -->|charges| Gateway[PaymentGateway]
        Checkout --> Clock
        Report --> Clock
      ```
      """)
    let text = Renderer(traits: TerminalTraits(width: 60, colors: false)).render(document)
    #expect(
      lines(text) == [
        "Diagram:",
        "  App",
        "  └─▶ CheckoutService",
        "      ├─▶ PaymentGateway  (charges)",
        "      └─▶ Clock",
        "  Report",
        "  └─▶ Clock",
      ])
  }

  @Test func cyclesInDiagramsAreMarkedNotFollowedForever() {
    let document = parser.parse("```mermaid\ngraph TD\nA --> B\nB --> A\n```\n")
    let wide = Renderer(traits: TerminalTraits(width: 60, colors: false))
    #expect(lines(wide.render(document)) == ["Diagram:", "  A", "  └─▶ B", "      └─▶ A  ↺ cycle"])
  }

  @Test func linksShowTheirDestination() {
    let text = plain.render(parser.parse("Read [the spec](https://no-color.org)."))
    #expect(text == "Read the spec (https://no-color.org).\n")
  }

  @Test func wideCharactersCountDouble() {
    #expect("日本".displayWidth == 4)
    #expect("e\u{301}".displayWidth == 1)
    #expect("🙂".displayWidth == 2)
  }
}

@Suite struct TerminalTraitsTests {
  @Test func colourOnlyOnATerminalWithoutNoColorOrDumb() {
    #expect(TerminalTraits.colorsAllowed(isTerminal: true, environment: ["TERM": "xterm"]))
    #expect(!TerminalTraits.colorsAllowed(isTerminal: false, environment: ["TERM": "xterm"]))
    #expect(!TerminalTraits.colorsAllowed(isTerminal: true, environment: ["NO_COLOR": "1"]))
    #expect(!TerminalTraits.colorsAllowed(isTerminal: true, environment: ["TERM": "dumb"]))
    #expect(TerminalTraits.colorsAllowed(isTerminal: true, environment: ["NO_COLOR": ""]))
  }

  @Test func aTinyWidthIsRaisedToSomethingReadable() {
    #expect(TerminalTraits(width: 3, colors: false).width == 20)
  }
}

@Suite struct SwiftHighlighterTests {
  let highlighter = SwiftHighlighter()

  @Test func tokensCoverTheSourceAndAreClassified() {
    let source = #"@MainActor struct Clock { let now = "9:00" /* c */ ; var n = 42 } // done"#
    let tokens = highlighter.tokens(source)
    #expect(tokens.map(\.text).joined() == source)
    let kinds = Dictionary(tokens.map { ($0.text, $0.kind) }, uniquingKeysWith: { first, _ in first })
    #expect(kinds["@MainActor"] == .attribute)
    #expect(kinds["struct"] == .keyword)
    #expect(kinds["Clock"] == .type)
    #expect(kinds[#""9:00""#] == .string)
    #expect(kinds["/* c */"] == .comment)
    #expect(kinds["42"] == .number)
    #expect(kinds["// done"] == .comment)
  }

  @Test func stringsWithEscapesInterpolationAndMultipleLines() {
    let source = "let a = \"say \\\"hi\\\" \\(name)\"\nlet b = \"\"\"\n  two\n  \"\"\"\nlet c = #\"raw \"q\" \"#"
    let strings = highlighter.tokens(source).filter { $0.kind == .string }.map(\.text)
    #expect(strings == ["\"say \\\"hi\\\" \\(name)\"", "\"\"\"\n  two\n  \"\"\"", "#\"raw \"q\" \"#"])
  }

  @Test func keywordsAfterADotAreMembers() {
    let tokens = highlighter.tokens("x.init() ; self.default")
    #expect(!tokens.contains { $0.text == "default" && $0.kind == .keyword })
    #expect(tokens.contains { $0.text == "self" && $0.kind == .keyword })
  }

  @Test func multiLineTokensAreSplitIntoLines() {
    #expect(highlighter.highlight("/* a\nb */ x").count == 2)
  }
}

@Suite struct CodeBlockSpacingTests {
  @Test func blankCodeLinesHaveNoTrailingSpaces() {
    let text = Renderer(traits: TerminalTraits(width: 40, colors: false))
      .render(Document([.code(CodeBlock(language: "swift", text: "let a = 1\n\nlet b = 2"))]))
    #expect(text == "    let a = 1\n\n    let b = 2\n")
  }
}

@Suite struct IndentTests {
  @Test func aLeadingIndentSurvivesWrapping() {
    let renderer = Renderer(traits: TerminalTraits(width: 20, colors: false))
    #expect(renderer.wrap([Span("   nested row text that wraps")], width: 20).map { $0.map(\.text).joined() }
      == ["   nested row text", "that wraps"])
  }
}

@Suite struct SlidesTests {
  let lesson: Lesson = {
    let long = Document((1...30).map { .paragraph([.text("Line \($0) of a long page.")]) })
    var lesson = Lesson(
      id: "constructor", title: "Constructor injection", order: 2,
      pages: [
        Page(title: "Constructor injection", content: Document([.paragraph([.text("The opening.")])])),
        Page(title: "A long page", content: Document([.heading(level: 2, [.text("A long page")])] + long.blocks)),
        Page(
          title: "Run it",
          content: Document([.code(CodeBlock(language: "swift", info: "example: after", text: "print(1)"))])),
      ])
    lesson.examples = [LessonExample(name: "after", code: "print(1)", location: "x:1")]
    return lesson
  }()

  @Test func aPagePerScreenAndALongPageOverSeveral() {
    let slides = Slides(lesson: lesson, traits: TerminalTraits(width: 80, colors: false), height: 24)
    // The long page renders to 59 lines; 18 rows are left for a body at 24 rows.
    #expect(slides.slides.map(\.page) == [0, 1, 1, 1, 1, 2])
    #expect(slides.slides[1].parts == 4)
    #expect(slides.slides[5].examples == ["after"])
    for index in slides.slides.indices {
      let rows = slides.screen(index).split(separator: "\n", omittingEmptySubsequences: false)
      #expect(rows.count == 24, "every screen fills 80×24 exactly, footer on the last row")
      #expect(rows.allSatisfy { $0.count <= 80 })
    }
    #expect(slides.screen(1).hasPrefix("A long page\n═══"))
    #expect(slides.screen(5).hasSuffix("Lesson 2 · page 3/3                             → next · ← back · r run · q quit"))
  }

  @Test func aLargerScreenNeedsFewerSlidesAndKeepsThePage() {
    let small = Slides(lesson: lesson, traits: TerminalTraits(width: 80, colors: false), height: 24)
    let large = Slides(lesson: lesson, traits: TerminalTraits(width: 160, colors: false), height: 60)
    #expect(large.slides.count == 4)
    #expect(large.firstSlide(ofPage: small.slides[3].page) == 1, "page 2 starts on the second slide at any size")
  }

  @Test func aResizedWindowKeepsThePlaceWithinAPage() {
    let small = Slides(lesson: lesson, traits: TerminalTraits(width: 80, colors: false), height: 24)
    let smaller = Slides(lesson: lesson, traits: TerminalTraits(width: 80, colors: false), height: 14)
    let large = Slides(lesson: lesson, traits: TerminalTraits(width: 160, colors: false), height: 60)
    // The last screen of the long page (4 of 4) is, on a window half as tall, among its last.
    let last = small.slides[4]
    #expect(last.page == 1 && last.part == 3)
    let there = smaller.slides[smaller.slide(matching: last)]
    #expect(there.page == 1 && there.part >= there.parts - 2 && there.parts > 4, "\(there.part + 1) of \(there.parts)")
    // Back on a tall window the page takes two screens: its second.
    #expect(large.slides.map(\.page) == [0, 1, 1, 2])
    #expect(large.slide(matching: there) == 2)
    #expect(small.slide(matching: small.slides[2]) == 2, "the same layout maps a slide to itself")
  }
}
