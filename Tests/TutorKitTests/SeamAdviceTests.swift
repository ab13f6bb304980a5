import Testing
@testable import TutorKit

/// The compiler's words about a missing API, turned into what the learner has to do.
@Suite struct SeamAdviceTests {
  let exercise = Exercise(
    id: "greet", title: "Greet", kind: .seam, lessonID: "a", task: Document(), hints: [], files: ["Greeter.swift"])

  func advice(_ message: String, line: String, column: Int) -> String? {
    SeamAdvice.line(
      for: .init(file: "Exercises/greet/Tests/GreeterTests.swift", line: 3, column: column, severity: "error", message: message),
      exercise: exercise, learnerFolder: "Sources", source: line)
  }

  @Test func anInitThatDoesNotExistYet() {
    let line = "  let greeter = Greeter(clock: FixedHour(9), name: \"Ada\")"
    #expect(
      advice("extra arguments at positions #1, #2 in call", line: line, column: 31)
        == "The tests build `Greeter(clock:name:)`, which `Greeter` does not accept yet: give it an init that takes `clock:` and `name:`. Your file: Exercises/greet/Sources/Greeter.swift.")
    #expect(
      advice("argument passed to call that takes no arguments", line: "  _ = Greeter(clock: { 9 })", column: 23)?
        .hasPrefix("The tests build `Greeter(clock:)`, which `Greeter` does not accept yet") == true)
  }

  /// Several inits of that name (the tests may declare one of their own, to catch a default
  /// argument), none taking the tests' arguments: the compiler points at the type's name.
  @Test func noInitThatTakesTheTestsArguments() {
    let line = "  let model = ProductSearch(catalog: spy, clock: clock)"
    #expect(
      advice("no exact matches in call to initializer ", line: line, column: 15)
        == "The tests build `ProductSearch(catalog:clock:)`, which `ProductSearch` does not accept yet: give it an init that takes `catalog:` and `clock:`. Your file: Exercises/greet/Sources/Greeter.swift.")
    #expect(
      advice("no exact matches in call to instance method 'search'", line: "  await model.search(\"oat\", using: clock)", column: 15)?
        .hasPrefix("The tests call `search(_:using:)`, which your `search` does not accept yet") == true)
  }

  @Test func aMethodThatDoesNotTakeItsDependencyYet() {
    #expect(
      advice("extra argument 'using' in call", line: "  let winners = raffle.draw(prizes: 3, using: &generator)", column: 44)
        == "The tests call `draw(prizes:using:)`, which your `draw` does not accept yet: give it the parameters the tests pass (`prizes:` and `using:`). Your file: Exercises/greet/Sources/Greeter.swift.")
  }

  @Test func labelsThatDoNotMatch() {
    let line = "  let greeter = Greeter(clock: FixedHour(9))"
    #expect(
      advice("missing argument label 'clock:' in call", line: line, column: 25)
        == "The tests call `Greeter(clock:)` with the label `clock:`; your code takes that argument without it. Name the parameter `clock`. Your file: Exercises/greet/Sources/Greeter.swift.")
    #expect(
      advice("incorrect argument label in call (have 'clock:', expected 'hours:')", line: line, column: 25)?
        .hasPrefix("The tests call `Greeter(clock:)` with `clock:`, but your code names it `hours:`.") == true)
  }

  /// The protocol of the seam asks for more than the tests' doubles give, or a live type the
  /// tests pass does not conform to it yet.
  @Test func aProtocolThatAsksForMoreThanTheTask() {
    #expect(
      advice("type 'PushSpy' does not conform to protocol 'PushSending'", line: "final class PushSpy: PushSending {", column: 13)?
        .hasPrefix("The tests' `PushSpy` has what the task asks `PushSending` to require, and no more") == true)
    #expect(
      advice("stored property 'pushes' of 'Sendable'-conforming class 'PushSpy' is mutable", line: "  var pushes: [String] = []", column: 7)?
        .hasPrefix("The tests' `PushSpy` keeps plain mutable state, so it cannot be `Sendable`") == true)
    #expect(
      advice(
        "argument type 'PushService' does not conform to expected type 'PushSending'",
        line: "  let reminder = RenewalReminder(push: PushService())", column: 40)
        == "The tests pass a `PushService` where your code expects `PushSending`: declare the conformance, `extension PushService: PushSending {}`. Your file: Exercises/greet/Sources/Greeter.swift.")
  }

  @Test func membersAndTypesThatDoNotExistYet() {
    #expect(
      advice("value of type 'Greeter' has no member 'clock'", line: "  #expect(greeter.clock === clock)", column: 20)?
        .hasPrefix("The tests use `Greeter.clock`, which `Greeter` does not have yet: add it.") == true)
    #expect(
      advice("cannot find type 'HourSource' in scope", line: "struct FixedHour: HourSource {", column: 19)?
        .hasPrefix("The tests use `HourSource`, which your code does not define yet") == true)
  }

  @Test func errorsOutsideTheShippedTestsGetNoAdvice() {
    let mine = SeamAdvice.line(
      for: .init(file: "Exercises/greet/Sources/Greeter.swift", line: 3, column: 1, severity: "error", message: "cannot find 'x' in scope"),
      exercise: exercise, learnerFolder: "Sources", source: "x")
    #expect(mine == nil, "the learner's own file: the compiler's words and the caret say it")
  }

  @Test func callsAreReadFromTheLine() {
    #expect(SeamAdvice.call(in: "let g = Greeter(clock: c, f(1), name: n)", near: 18) == .init(name: "Greeter", labels: ["clock", "_", "name"]))
    #expect(SeamAdvice.call(in: "Module.Greeter()", near: 15) == .init(name: "Greeter", labels: []))
  }
}
