import Testing
@testable import TutorKit

@Suite struct MarkdownParserTests {
  let parser = MarkdownParser()

  @Test func headingsAndParagraphsJoinWrappedLines() {
    let document = parser.parse("# Title\n\nFirst line\nsecond line.\n\n## Next ##\n")
    #expect(
      document.blocks == [
        .heading(level: 1, [.text("Title")]),
        .paragraph([.text("First line second line.")]),
        .heading(level: 2, [.text("Next")]),
      ])
  }

  @Test func inlineStyles() {
    let inlines = parser.parseInlines("Use `init`, *not* **globals** — see [the guide](https://example.com).")
    #expect(
      inlines == [
        .text("Use "), .code("init"), .text(", "), .emphasis([.text("not")]), .text(" "),
        .strong([.text("globals")]), .text(" — see "),
        .link(text: [.text("the guide")], destination: "https://example.com"), .text("."),
      ])
  }

  @Test func strongInsideEmphasisAndUnmatchedMarkersStayText() {
    #expect(parser.parseInlines("*a **b** c*") == [.emphasis([.text("a "), .strong([.text("b")]), .text(" c")])])
    #expect(parser.parseInlines("2 * 3 = 6") == [.text("2 * 3 = 6")])
    #expect(parser.parseInlines("snake_case_name") == [.text("snake_case_name")])
    #expect(parser.parseInlines("\\*literal\\*") == [.text("*literal*")])
  }

  @Test func codeSpansKeepTheirContentVerbatim() {
    #expect(parser.parseInlines("`` a `b` ``") == [.code("a `b`")])
    #expect(parser.parseInlines("`*not emphasis*`") == [.code("*not emphasis*")])
  }

  @Test func bulletListWithNestedListAndContinuation() {
    let markdown = """
      - one
        continued
      - two
        - inner
      """
    let document = parser.parse(markdown)
    let expected = ListBlock(
      ordered: false,
      items: [
        ListItem(blocks: [.paragraph([.text("one continued")])]),
        ListItem(blocks: [
          .paragraph([.text("two")]),
          .list(ListBlock(ordered: false, items: [ListItem(blocks: [.paragraph([.text("inner")])])])),
        ]),
      ])
    #expect(document.blocks == [.list(expected)])
  }

  @Test func orderedListKeepsItsStartAndSurvivesBlankLines() {
    let document = parser.parse("3. three\n\n4. four\n")
    guard case .list(let list) = document.blocks.first else {
      Issue.record("expected a list, got \(document.blocks)")
      return
    }
    #expect(list.ordered && list.start == 3 && list.items.count == 2)
  }

  @Test func taskListItems() {
    let document = parser.parse("- [x] right — because\n- [ ] wrong — because not\n")
    guard case .list(let list) = document.blocks.first else {
      Issue.record("expected a list")
      return
    }
    #expect(list.items.map(\.checked) == [true, false])
    #expect(list.items[0].blocks == [.paragraph([.text("right — because")])])
  }

  @Test func blockQuoteHoldsBlocks() {
    #expect(parser.parse("> quoted\n> text\n").blocks == [.quote([.paragraph([.text("quoted text")])])])
  }

  @Test func tableWithAlignmentAndEscapedPipe() {
    let document = parser.parse("| a | b |\n|:--|--:|\n| `x|y` | 2 \\| 3 |\n")
    let expected = Table(
      header: [[.text("a")], [.text("b")]], alignments: [.left, .right],
      rows: [[[.code("x|y")], [.text("2 | 3")]]])
    #expect(document.blocks == [.table(expected)])
  }

  @Test func fencedCodeKeepsLanguageInfoAndText() {
    let document = parser.parse("```swift not-compiled: Apple only\nimport SwiftUI\n\n  indented\n```\nafter\n")
    #expect(
      document.blocks == [
        .code(CodeBlock(language: "swift", info: "not-compiled: Apple only", text: "import SwiftUI\n\n  indented")),
        .paragraph([.text("after")]),
      ])
    #expect(CodeBlock(language: "swift", info: "not-compiled: Apple only", text: "").notCompiledReason == "Apple only")
  }

  @Test func headingInsideCodeIsCode() {
    let document = parser.parse("```\n## not a heading\n```\n")
    #expect(document.blocks == [.code(CodeBlock(language: "", text: "## not a heading"))])
  }

  @Test func unclosedFenceRunsToTheEnd() {
    #expect(parser.parse("```\ncode").blocks == [.code(CodeBlock(language: "", text: "code"))])
  }

  @Test func thematicBreakIsNotAList() {
    #expect(parser.parse("---\n* * *\n").blocks == [.rule, .rule])
  }

  @Test func mermaidBecomesADiagram() {
    let document = parser.parse("```mermaid\ngraph TD\n  A[Checkout] --> B[Gateway]\n```\n")
    guard case .diagram(let diagram) = document.blocks.first else {
      Issue.record("expected a diagram")
      return
    }
    #expect(diagram.edges == [Diagram.Edge(from: "A", to: "B")])
    #expect(diagram.label(of: "A") == "Checkout")
  }
}

@Suite struct MermaidReaderTests {
  @Test func edgesLabelsChainsAndShapes() {
    let diagram = MermaidReader().read(
      """
      flowchart LR
        %% a comment
        App(["App"]) -->|creates| Checkout{Checkout} --> Gateway((Gateway))
        Checkout -.-> Clock
        Checkout -- reads --> Config
        classDef live fill:#f00
      """)
    #expect(
      diagram.edges == [
        .init(from: "App", to: "Checkout", label: "creates"),
        .init(from: "Checkout", to: "Gateway"),
        .init(from: "Checkout", to: "Clock"),
        .init(from: "Checkout", to: "Config", label: "reads"),
      ])
    #expect(diagram.nodes.map(\.label) == ["App", "Checkout", "Gateway", "Clock", "Config"])
  }

  @Test func semicolonsSeparateStatements() {
    let diagram = MermaidReader().read("graph TD; A-->B; B-->C")
    #expect(diagram.edges.map(\.to) == ["B", "C"])
  }
}
