import Swinject

enum SwinjectCases {
  static func run(_ harness: inout Harness) {
    let container = Container()
    container.register(Repository.self) { _ in Repository() }.inObjectScope(.transient)
    container.register(Service.self) { resolver in
      Service(repository: resolver.resolve(Repository.self)!)
    }.inObjectScope(.transient)
    container.register(ScreenModel.self) { resolver in
      ScreenModel(service: resolver.resolve(Service.self)!)
    }.inObjectScope(.transient)
    container.register(Configuration.self) { _ in Configuration() }.inObjectScope(.container)
    let synchronized = container.synchronize()

    for (implementation, resolver) in [
      (Implementation.swinject, container as Resolver), (Implementation.swinjectSync, synchronized),
    ] {
      harness.add(Cases.graph, implementation) { iterations in
        for _ in 0..<iterations { blackHole(resolver.resolve(ScreenModel.self)!) }
      }
      harness.add(Cases.singleton, implementation) { iterations in
        for _ in 0..<iterations { blackHole(resolver.resolve(Configuration.self)!) }
      }
    }

    for count in Cases.namedCounts {
      let named = Container()
      for number in 0..<count {
        named.register(Handler.self, name: "handler-\(number)") { _ in Handler(number: number) }
          .inObjectScope(.transient)
      }
      let name = "handler-\(count / 2)"
      for (implementation, resolver) in [
        (Implementation.swinject, named as Resolver), (Implementation.swinjectSync, named.synchronize()),
      ] {
        harness.add(Cases.named(count), implementation) { iterations in
          for _ in 0..<iterations { blackHole(resolver.resolve(Handler.self, name: name)!) }
        }
      }
    }

    // Only the synchronized container may be shared between threads; the plain one is not
    // thread-safe, so it has no concurrent measurement.
    let shared = Unchecked(synchronized)
    harness.add(Cases.concurrent, Implementation.swinjectSync) { iterations in
      concurrently(iterations) {
        blackHole(shared.value.resolve(Configuration.self)!)
        blackHole(shared.value.resolve(ScreenModel.self)!)
      }
    }
  }
}

/// Swinject predates `Sendable`; its synchronized resolver is safe to share, by its own promise.
struct Unchecked<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
