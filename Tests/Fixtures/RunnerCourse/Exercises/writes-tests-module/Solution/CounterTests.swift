import Counting
import Testing

@Test func startsAtZero() {
  #expect(Counter().value == 0)
}

@Test func countsOneAtATime() {
  #expect(counter(after: 1).value == 1)
}

@Test func everyResetGoesBackToZero() {
  var counter = counter(after: 2)
  counter.reset()
  #expect(counter.value == 0)
  counter.increment()
  counter.reset()
  #expect(counter.value == 0)
}
