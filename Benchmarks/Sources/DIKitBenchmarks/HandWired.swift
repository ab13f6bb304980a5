import Foundation

/// The baseline: what a composition root writes without a container.
enum HandWired {
  static func run(_ harness: inout Harness) {
    harness.add(Cases.graph, Implementation.handWired) { iterations in
      for _ in 0..<iterations {
        blackHole(ScreenModel(service: Service(repository: Repository())))
      }
    }

    let root = Root(configuration: Configuration())
    harness.add(Cases.singleton, Implementation.handWired) { iterations in
      for _ in 0..<iterations { blackHole(root.configuration) }
    }

    // A named lookup, hand-wired, is a dictionary of factories.
    for count in Cases.namedCounts {
      var factories: [String: @Sendable () -> Handler] = [:]
      for number in 0..<count { factories["handler-\(number)"] = { Handler(number: number) } }
      let name = "handler-\(count / 2)"
      harness.add(Cases.named(count), Implementation.handWired) { iterations in
        for _ in 0..<iterations { blackHole(factories[name]!()) }
      }
    }

    harness.add(Cases.concurrent, Implementation.handWired) { iterations in
      concurrently(iterations) {
        blackHole(root.configuration)
        blackHole(ScreenModel(service: Service(repository: Repository())))
      }
    }
  }

  struct Root: Sendable {
    let configuration: Configuration
  }
}

/// Runs `operation` `iterations` times in all, split over `Cases.concurrentTasks` threads at once.
func concurrently(_ iterations: Int, _ operation: @Sendable () -> Void) {
  let perTask = max(1, iterations / Cases.concurrentTasks)
  DispatchQueue.concurrentPerform(iterations: Cases.concurrentTasks) { _ in
    for _ in 0..<perTask { operation() }
  }
}
