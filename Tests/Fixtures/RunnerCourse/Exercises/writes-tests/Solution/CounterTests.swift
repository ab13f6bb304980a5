import Testing

@Test func startsAtZero() {
  #expect(Counter().value == 0)
}

@Test func countsOneAtATime() {
  var counter = Counter()
  counter.increment()
  #expect(counter.value == 1)
}

@Test func resetGoesBackToZero() {
  var counter = Counter()
  counter.increment()
  counter.reset()
  #expect(counter.value == 0)
}
