import Testing
@testable import NeedsASeam

@Test func morningGreeting() {
  let greeter = Greeter(clock: { 9 })
  #expect(greeter.greeting() == "Good morning")
}
