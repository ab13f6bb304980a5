import Foundation

/// A small clock-based harness. Each implementation of a case is timed in batches long enough to
/// swamp the clock's own cost; every batch of every case takes its turn in each round, so that
/// whatever else the machine is doing weighs on all of them alike (the ratios between them are
/// what matters); the median of the rounds is reported.
struct Harness {
  var repetitions = 7
  /// How long one batch should take.
  var batch: Duration = .milliseconds(40)
  /// Runs only the cases whose name starts with this, when set.
  var casePrefix: String?
  private var benchmarks: [Benchmark] = []
  private(set) var results: [Result] = []

  struct Result {
    let benchmark: String
    let implementation: String
    let nanosecondsPerOperation: Double
  }

  private struct Benchmark {
    let name: String
    let implementation: String
    /// Performs the given number of operations.
    let body: (Int) -> Void
  }

  /// Adds an implementation of a case; `body(iterations)` must perform `iterations` operations.
  mutating func add(_ benchmark: String, _ implementation: String, _ body: @escaping (Int) -> Void) {
    if let casePrefix, !benchmark.hasPrefix(casePrefix) { return }
    benchmarks.append(Benchmark(name: benchmark, implementation: implementation, body: body))
  }

  /// Times every case added, and prints a BENCH line per implementation, case by case.
  mutating func run() {
    let clock = ContinuousClock()
    let iterations = benchmarks.map { calibrate($0, clock: clock) }
    var samples = Array(repeating: [Double](), count: benchmarks.count)
    for round in 1...repetitions {
      FileHandle.standardError.write(Data("round \(round) of \(repetitions)\n".utf8))
      for (index, benchmark) in benchmarks.enumerated() {
        let elapsed = clock.measure { benchmark.body(iterations[index]) }
        samples[index].append(elapsed.nanoseconds / Double(iterations[index]))
      }
    }
    var order = Array(benchmarks.indices)
    var cases: [String] = []
    for benchmark in benchmarks where !cases.contains(benchmark.name) { cases.append(benchmark.name) }
    order.sort { (cases.firstIndex(of: benchmarks[$0].name)!, $0) < (cases.firstIndex(of: benchmarks[$1].name)!, $1) }
    for index in order {
      let benchmark = benchmarks[index]
      let median = samples[index].sorted()[samples[index].count / 2]
      results.append(
        Result(benchmark: benchmark.name, implementation: benchmark.implementation, nanosecondsPerOperation: median))
      print("BENCH case=\(benchmark.name) impl=\(benchmark.implementation) ns_per_op=\(String(format: "%.1f", median))")
    }
  }

  /// Doubles the iterations until a batch takes long enough (which also warms up), then scales
  /// them to the batch length.
  private func calibrate(_ benchmark: Benchmark, clock: ContinuousClock) -> Int {
    var iterations = 1
    while true {
      let elapsed = clock.measure { benchmark.body(iterations) }
      precondition(iterations < 1 << 40, "\(benchmark.name) \(benchmark.implementation) takes no time: optimised away?")
      if elapsed >= batch / 4 { return max(1, Int(Double(iterations) * (batch / elapsed))) }
      iterations *= 2
    }
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
