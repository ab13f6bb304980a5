import Testing
@testable import Fails

@Suite struct FixtureTests {
  @Test func answers() { #expect(answer() == 42, "answer() should be 42") }
  @Test func alsoRuns() { #expect(true) }
}
