import DIKit
import Testing

private struct Greeting: Sendable {
  let text: String
}

@Suite("Runtime arguments")
struct ArgumentsTests {
  @Test func aFactoryTakesTheArgumentsGivenAtResolution() throws {
    let container = Container()
    container.register(Greeting.self, arguments: String.self, Int.self) { _, name, age in
      Greeting(text: "\(name), \(age)")
    }

    let greeting = try container.resolve(Greeting.self, arguments: "Ada", 36)

    #expect(greeting.text == "Ada, 36")
  }

  @Test func argumentFactoriesResolveTheirOtherDependencies() throws {
    let container = Container()
    container.register(Clock.self) { _ in FixedClock(hour: 9) }
    container.register(Greeting.self, arguments: String.self) { resolver, name in
      Greeting(text: "\(name) at \(try resolver.resolve(Clock.self).hour)")
    }

    #expect(try container.resolve(Greeting.self, arguments: "Ada").text == "Ada at 9")
  }

  @Test func factoriesPassArgumentsToTheirDependencies() throws {
    struct Card: Sendable { let greeting: Greeting }
    let container = Container()
    container.register(Greeting.self, arguments: String.self) { _, name in Greeting(text: name) }
    container.register(Card.self) { resolver in
      Card(greeting: try resolver.resolve(Greeting.self, arguments: "Grace"))
    }

    #expect(try container.resolve(Card.self).greeting.text == "Grace")
  }

  @Test func aRegistrationWithArgumentsIsKeptApartFromOneWithout() throws {
    let container = Container()
    container.register(Greeting.self) { _ in Greeting(text: "hello") }
    container.register(Greeting.self, arguments: String.self) { _, name in Greeting(text: name) }

    #expect(try container.resolve(Greeting.self).text == "hello")
    #expect(try container.resolve(Greeting.self, arguments: "Ada").text == "Ada")
  }

  @Test func namedArgumentRegistrationsAndScopesWork() throws {
    let container = Container()
    container.register(Greeting.self, name: "formal", arguments: String.self) { _, name in
      Greeting(text: "Dear \(name)")
    }
    let scope = container.makeScope()

    #expect(try scope.resolve(Greeting.self, name: "formal", arguments: "Ada").text == "Dear Ada")
  }

  @Test func wrongArgumentTypesNameWhatIsRegistered() {
    let container = Container()
    container.register(Greeting.self, arguments: String.self) { _, name in Greeting(text: name) }

    let error = resolutionError { _ = try container.resolve(Greeting.self, arguments: 36) }

    #expect(
      error?.description
        == "No registration for Greeting with arguments (Int). Registered with other arguments: "
        + "Greeting with arguments (String). To fix, pass the registered argument types, or "
        + "register it: container.register(Greeting.self, arguments: Int.self) { … }")
  }

  @Test func threeArgumentsArePassedInOrder() throws {
    let container = Container()
    container.register(Greeting.self, arguments: String.self, Int.self, Bool.self) {
      _, name, age, formal in Greeting(text: "\(formal ? "Dear " : "")\(name), \(age)")
    }

    #expect(try container.resolve(Greeting.self, arguments: "Ada", 36, true).text == "Dear Ada, 36")
  }

  @Test func anIntegerLiteralForAnInt64ArgumentSaysWhyItMissed() {
    // An integer literal is an Int unless its type is written: this used to say only that
    // (Int64) was registered, not why (Int) was asked for.
    let container = Container()
    container.register(Greeting.self, arguments: String.self, Int64.self) { _, name, age in
      Greeting(text: "\(name), \(age)")
    }

    let error = resolutionError { _ = try container.resolve(Greeting.self, arguments: "Ada", 36) }

    #expect(
      error?.description
        == "No registration for Greeting with arguments (String, Int). Registered with other "
        + "arguments: Greeting with arguments (String, Int64). The argument 36 is an Int, where "
        + "Greeting with arguments (String, Int64) takes Int64: a literal is an Int unless its "
        + "type is written, as in Int64(36). To fix, pass the registered argument types, or "
        + "register it: container.register(Greeting.self, arguments: String.self, Int.self) "
        + "{ … }")
  }

  @Test func resolvingWithoutTheArgumentsSaysWhichAreNeeded() {
    let container = Container()
    container.register(Greeting.self, arguments: String.self, Int.self) { _, name, _ in
      Greeting(text: name)
    }

    let error = resolutionError { _ = try container.resolve(Greeting.self) }

    #expect(
      error?.description
        == "No registration for Greeting. Registered with other arguments: Greeting with "
        + "arguments (String, Int). To fix, pass the registered argument types, or register it: "
        + "container.register(Greeting.self) { … }")
  }
}
