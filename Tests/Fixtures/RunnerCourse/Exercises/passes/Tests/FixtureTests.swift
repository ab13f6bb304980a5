import Testing
@testable import Passes

@Suite struct FixtureTests {
  @Test func answers() { #expect(answer() == 42) }
}
