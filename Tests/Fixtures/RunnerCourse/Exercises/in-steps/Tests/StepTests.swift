import Testing
@testable import InSteps

@Suite("Step 1: one") struct Step1 {
  @Test func isOne() { #expect(one() == 1) }
}

@Suite("Step 2: two") struct Step2 {
  @Test func isTwo() { #expect(two() == 2, "two() should be 2") }
  @Test func isEven() { #expect(two() % 2 == 0 && two() > 0) }
}

@Suite("Step 3: three") struct Step3 {
  @Test func isThree() { #expect(three() == 3) }
}
