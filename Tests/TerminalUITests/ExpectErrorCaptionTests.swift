import Testing
import TutorKit
@testable import TerminalUI

/// A ` ```swift expect-error: ` block is shown with what the compiler says about it, before the
/// code, so nobody copies it as an example to follow.
@Suite struct ExpectErrorCaptionTests {
  let parser = MarkdownParser()

  func lines(_ text: String) -> [Substring] {
    text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
  }

  @Test func theCaptionQuotesTheErrorAboveTheCode() {
    let plain = Renderer(traits: TerminalTraits(width: 60, colors: false))
    let document = parser.parse("```swift expect-error: missing argument for parameter 'analytics' in call\nlet s = S()\n```\n")
    #expect(
      lines(plain.render(document)) == [
        "This does not compile: error: missing argument for parameter",
        "'analytics' in call",
        "    let s = S()",
      ])
  }

  @Test func inColourTheVerdictIsRed() {
    let colour = Renderer(traits: TerminalTraits(width: 80, colors: true))
    let text = colour.render(parser.parse("```swift expect-error: cannot find 'b' in scope\nprint(b)\n```\n"))
    #expect(text.contains("\u{1B}[0;31mThis") && text.contains("\u{1B}[0;31mcompile:"), "the verdict is red")
    #expect(text.contains("\u{1B}[0;2;90mcannot"), "the error itself is a faint caption")
  }
}
