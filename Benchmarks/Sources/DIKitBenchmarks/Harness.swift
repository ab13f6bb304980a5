import Foundation

/// A small clock-based harness: each case is timed in batches long enough to swamp the clock's
/// own cost, and the median of several batches is reported.
struct Harness {
  var repetitions = 7
  /// How long one batch should take.
  var batch: Duration = .milliseconds(40)
  /// Runs only the cases whose name starts with this, when set.
  var casePrefix: String?
  private(set) var results: [Result] = []

  struct Result {
    let benchmark: String
    let implementation: String
    let nanosecondsPerOperation: Double
  }

  /// Times `body(iterations)`, which must perform `iterations` operations, and prints its
  /// BENCH line.
  mutating func measure(_ benchmark: String, _ implementation: String, _ body: (Int) -> Void) {
    if let casePrefix, !benchmark.hasPrefix(casePrefix) { return }
    let clock = ContinuousClock()
    // Calibrate: double the iterations until a batch takes long enough (which also warms up).
    var iterations = 1
    while true {
      let elapsed = clock.measure { body(iterations) }
      precondition(iterations < 1 << 40, "\(benchmark) \(implementation) takes no time: optimised away?")
      if elapsed >= batch / 4 {
        iterations = max(1, Int(Double(iterations) * (batch / elapsed)))
        break
      }
      iterations *= 2
    }
    var samples: [Double] = []
    for _ in 0..<repetitions {
      let elapsed = clock.measure { body(iterations) }
      samples.append(elapsed.nanoseconds / Double(iterations))
    }
    let median = samples.sorted()[samples.count / 2]
    results.append(Result(benchmark: benchmark, implementation: implementation, nanosecondsPerOperation: median))
    print("BENCH case=\(benchmark) impl=\(implementation) ns_per_op=\(String(format: "%.1f", median))")
  }

  func result(_ benchmark: String, _ implementation: String) -> Double? {
    results.first { $0.benchmark == benchmark && $0.implementation == implementation }?
      .nanosecondsPerOperation
  }
}

extension Duration {
  var nanoseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }
}

/// Keeps the optimiser from dropping a result: it cannot look into an unoptimised body, so it
/// must assume the value is used.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {}
