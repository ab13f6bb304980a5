import Testing
@testable import Crashes

@Suite struct FixtureTests {
  @Test func answers() { #expect(answer() == 42) }
}
