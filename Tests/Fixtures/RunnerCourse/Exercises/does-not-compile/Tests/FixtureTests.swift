import Testing
@testable import DoesNotCompile

@Suite struct FixtureTests {
  @Test func answers() { #expect(answer() == 42) }
}
