import DIKit

/// DIKit as an app would use it: wired once and validated at start-up, which also lets it plan
/// the clean graph. The same wiring without `validate()` is measured too (`dikit-unvalidated`),
/// to show what the checked path (a context per resolution, naming the chain) costs.
enum DIKitCases {
  static func run(_ harness: inout Harness) {
    for (implementation, validated) in [
      (Implementation.dikit, true), (Implementation.dikitUnvalidated, false),
    ] {
      let container = Container()
      container.register(Repository.self) { _ in Repository() }
      container.register(Service.self) { resolver in Service(repository: try resolver.resolve()) }
      container.register(ScreenModel.self) { resolver in ScreenModel(service: try resolver.resolve()) }
      container.register(Configuration.self, lifetime: .singleton) { _ in Configuration() }
      if validated { validate(container) }

      harness.add(Cases.graph, implementation) { iterations in
        for _ in 0..<iterations { blackHole(try! container.resolve(ScreenModel.self)) }
      }
      // A singleton hit takes the same path either way.
      if validated {
        harness.add(Cases.singleton, implementation) { iterations in
          for _ in 0..<iterations { blackHole(try! container.resolve(Configuration.self)) }
        }
      }
      for count in Cases.namedCounts {
        let named = Container()
        for number in 0..<count {
          named.register(Handler.self, name: "handler-\(number)") { _ in Handler(number: number) }
        }
        if validated { validate(named) }
        let name = "handler-\(count / 2)"
        harness.add(Cases.named(count), implementation) { iterations in
          for _ in 0..<iterations { blackHole(try! named.resolve(Handler.self, name: name)) }
        }
      }
      harness.add(Cases.concurrent, implementation) { iterations in
        concurrently(iterations) {
          blackHole(try! container.resolve(Configuration.self))
          blackHole(try! container.resolve(ScreenModel.self))
        }
      }
    }
  }

  private static func validate(_ container: Container) {
    do {
      try container.validate()
    } catch {
      fatalError("The benchmark's own wiring is broken: \(error)")
    }
  }
}
