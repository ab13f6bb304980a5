import Testing
@testable import Floods

@Suite struct FixtureTests {
  @Test func answers() { #expect(answer() == 42) }
}
