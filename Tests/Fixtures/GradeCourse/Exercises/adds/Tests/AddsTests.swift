import Testing
@testable import Adds

@Test func addsTwoNumbers() { #expect(add(2, 3) == 5, "add(2, 3) should be 5") }
