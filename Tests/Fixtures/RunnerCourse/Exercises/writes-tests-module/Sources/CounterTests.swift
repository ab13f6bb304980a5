import Counting
import Testing

@Test func startsAtZero() {
  #expect(Counter().value == 0)
}
