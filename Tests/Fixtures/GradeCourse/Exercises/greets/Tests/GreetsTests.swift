import Testing
@testable import Greets

@Test func greetsByName() { #expect(greet("Ada") == "Hello, Ada!", "greet should say hello") }
