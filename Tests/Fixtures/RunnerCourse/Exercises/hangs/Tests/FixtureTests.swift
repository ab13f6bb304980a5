import Testing
@testable import Hangs

@Suite struct FixtureTests {
  @Test func answers() { #expect(answer() == 42) }
}
