import Testing
@testable import TutorKit

/// How the test suite reads a lesson's code blocks: the `expect-error:` fence (a block that must
/// fail to compile with the error the lesson quotes) and the `tests` fence (a Swift Testing file).
@Suite struct LessonSnippetsTests {
  func collect(_ markdown: String) -> LessonSnippets.Collection {
    LessonSnippets.collect(markdown: markdown, path: "Lessons/09-x.md")
  }

  @Test func expectErrorKeepsTheWholeErrorTextWithItsSpacesColonsAndQuotes() throws {
    let collection = collect(
      """
      Intro.

      ```swift expect-error: missing argument for parameter 'analytics' in call
      let service = PasswordResetService(mailer: SMTPMailer())
      ```
      """)
    #expect(collection.problems.isEmpty, "\(collection.problems)")
    let snippet = try #require(collection.snippets.first)
    #expect(collection.snippets.count == 1)
    #expect(snippet.expectedError == "missing argument for parameter 'analytics' in call")
    #expect(snippet.code == "let service = PasswordResetService(mailer: SMTPMailer())")
    #expect(snippet.line == 3)
    #expect(snippet.lessonLine(forCodeLine: 1) == 4, "a compiler message points at the lesson's line")
    #expect(snippet.expectedOutput == nil && !snippet.isTestSuite && snippet.exampleName == nil)

    let colons = try #require(collect("```swift expect-error: error: a: b\nx\n```\n").snippets.first)
    #expect(colons.expectedError == "error: a: b", "only the first `expect-error:` is the marker")
  }

  @Test func anExpectErrorBlockNeedsItsText() {
    let collection = collect("```swift expect-error:   \nlet x = \n```\n")
    #expect(collection.problems.map(\.message) == ["`expect-error:` needs the text of the error the block must produce"])
    #expect(collection.problems.first?.line == 1)
  }

  @Test func anExpectErrorBlockStandsAlone() {
    let combined = collect("```swift\nlet a = 1\n```\n\n```swift continue expect-error: cannot find 'b'\nprint(b)\n```\n")
    #expect(combined.problems.map(\.message).contains { $0.hasPrefix("`expect-error:` stands alone") })

    let withOutput = collect("```swift expect-error: cannot find 'b'\nprint(b)\n```\n```output\n1\n```\n")
    #expect(withOutput.problems.map(\.message) == ["an `expect-error:` block does not compile, so it has no `output`"])
    #expect(withOutput.problems.first?.line == 4)

    let continued = collect("```swift expect-error: cannot find 'b'\nprint(b)\n```\n\n```swift continue\nlet c = 2\n```\n")
    #expect(
      continued.problems.map(\.message)
        == ["`swift continue` follows an `expect-error:` block, which does not compile; continue a block that does"])
    #expect(continued.snippets.map(\.code) == ["print(b)"], "the failing block is not joined to code that compiles")
  }

  @Test func anExpectErrorBlockDoesNotJoinTheChainBeforeIt() {
    let collection = collect(
      "```swift\nlet a = 1\n```\n\n```swift expect-error: cannot find 'b' in scope\nprint(b)\n```\n\n```swift\nprint(2)\n```\n")
    #expect(collection.problems.isEmpty)
    #expect(collection.snippets.map(\.code) == ["let a = 1", "print(b)", "print(2)"])
    #expect(collection.snippets.map(\.expectedError) == [nil, "cannot find 'b' in scope", nil])
  }

  @Test func testsMarksTheWholeChainAsASwiftTestingFile() throws {
    let collection = collect(
      """
      ```swift
      struct Adder { func add(_ a: Int, _ b: Int) -> Int { a + b } }
      ```

      ```swift continue tests
      import Testing

      @Test func adds() { #expect(Adder().add(2, 2) == 4) }
      ```
      """)
    #expect(collection.problems.isEmpty, "\(collection.problems)")
    let snippet = try #require(collection.snippets.first)
    #expect(collection.snippets.count == 1)
    #expect(snippet.isTestSuite)
    #expect(snippet.code.hasPrefix("struct Adder") && snippet.code.hasSuffix("#expect(Adder().add(2, 2) == 4) }"))
    #expect(SnippetMarker("tests continue").tests && SnippetMarker("tests continue").continues, "markers come in any order")
  }

  @Test func aTestsChainIsJudgedByItsTestsNotByOutputOrRun() {
    let withOutput = collect("```swift tests\nimport Testing\n```\n```output\nok\n```\n")
    #expect(withOutput.problems.map(\.message) == ["a `tests` block is judged by its tests passing, not by an `output` block"])
    let asExample = collect("```swift tests example: after\nimport Testing\n```\n")
    #expect(asExample.problems.map(\.message) == ["the example 'after' holds `tests`; `run` needs a program"])
  }

  @Test func anUnknownMarkerNamesTheMarkersThereAre() {
    let collection = collect("```swift expect_error missing argument\nlet x = 1\n```\n")
    #expect(collection.problems.count == 1)
    let message = collection.problems.first?.message ?? ""
    #expect(message.hasPrefix("unknown marker 'expect_error'"), "the first word it does not know")
    #expect(message.contains("`expect-error: <text>`") && message.contains("`tests`"))
  }

  @Test func theMarkdownParserExposesTheExpectedErrorForTheCaption() {
    let document = MarkdownParser().parse("```swift expect-error: cannot find 'b' in scope\nprint(b)\n```\n")
    guard case .code(let block)? = document.blocks.first else {
      Issue.record("expected a code block, got \(document.blocks)")
      return
    }
    #expect(block.expectedError == "cannot find 'b' in scope")
    #expect(block.notCompiledReason == nil)
    #expect(CodeBlock(language: "swift", info: "continue", text: "").expectedError == nil)
    #expect(CodeBlock(language: "text", info: "expect-error: x", text: "").expectedError == nil, "only Swift blocks are compiled")
  }

  @Test func dikitMarksTheWholeChainAndItsExampleAsCompiledWithDIKit() throws {
    let markdown = """
      ```swift dikit
      import DIKit
      let container = Container()
      ```

      ```swift continue example: cycle
      print(container)
      ```
      ```output
      DIKit.Container
      ```

      ```swift
      print(1)
      ```
      """
    let collection = collect(markdown)
    #expect(collection.problems.isEmpty, "\(collection.problems)")
    #expect(collection.snippets.map(\.usesDIKit) == [true, false], "the chain keeps `dikit` from its first block; the next program does not")
    #expect(collection.snippets.first?.exampleName == "cycle")
    #expect(SnippetMarker("continue dikit example: after").dikit, "markers come in any order")

    let later = collect("```swift\nlet a = 1\n```\n\n```swift continue dikit\nimport DIKit\n```\n")
    #expect(later.snippets.map(\.usesDIKit) == [true], "a later block of a chain may bring DIKit in")

    let failing = try #require(collect("```swift dikit expect-error: cannot find 'x' in scope\nprint(x)\n```\n").snippets.first)
    #expect(failing.usesDIKit && failing.expectedError == "cannot find 'x' in scope", "a block that must not compile may use DIKit too")

    let fileSystem = InMemoryFileSystem(files: [
      "/course/Lessons/01-a.md": "---\nid: a\ntitle: A\norder: 1\nsummary: s\nexercises: []\n---\n\n# A\n\n" + markdown
    ])
    let course = try CourseLoader(fileSystem: fileSystem).load(root: "/course")
    #expect(course.lessons.first?.examples.map(\.usesDIKit) == [true], "`run cycle` compiles it with DIKit")
  }
}
