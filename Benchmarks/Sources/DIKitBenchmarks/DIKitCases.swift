import DIKit

enum DIKitCases {
  static func run(_ harness: inout Harness) {
    let container = Container()
    container.register(Repository.self) { _ in Repository() }
    container.register(Service.self) { resolver in Service(repository: try resolver.resolve()) }
    container.register(ScreenModel.self) { resolver in ScreenModel(service: try resolver.resolve()) }
    container.register(Configuration.self, lifetime: .singleton) { _ in Configuration() }
    validate(container)

    harness.measure(Cases.graph, Implementation.dikit) { iterations in
      for _ in 0..<iterations { blackHole(try! container.resolve(ScreenModel.self)) }
    }
    harness.measure(Cases.singleton, Implementation.dikit) { iterations in
      for _ in 0..<iterations { blackHole(try! container.resolve(Configuration.self)) }
    }
    for count in Cases.namedCounts {
      let named = Container()
      for number in 0..<count {
        named.register(Handler.self, name: "handler-\(number)") { _ in Handler(number: number) }
      }
      validate(named)
      let name = "handler-\(count / 2)"
      harness.measure(Cases.named(count), Implementation.dikit) { iterations in
        for _ in 0..<iterations { blackHole(try! named.resolve(Handler.self, name: name)) }
      }
    }
    harness.measure(Cases.concurrent, Implementation.dikit) { iterations in
      concurrently(iterations) {
        blackHole(try! container.resolve(Configuration.self))
        blackHole(try! container.resolve(ScreenModel.self))
      }
    }
  }

  /// As an app would at start-up: proves the wiring, and lets DIKit plan the clean graph.
  private static func validate(_ container: Container) {
    do {
      try container.validate()
    } catch {
      fatalError("The benchmark's own wiring is broken: \(error)")
    }
  }
}
