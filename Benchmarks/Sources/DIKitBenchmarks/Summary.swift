import Foundation

/// The table after the BENCH lines: each case's figures side by side, the ratios, and whether
/// DIKit meets the aims of issue 6.
enum Summary {
  static func print(_ harness: Harness) {
    let cases = [Cases.graph, Cases.singleton] + Cases.namedCounts.map(Cases.named) + [Cases.concurrent]
    let header = [
      "case", "hand-wired", "DIKit", "Swinject", "Swinject sync", "swift-deps", "DIKit / hand",
      "Swinject / DIKit", "sync / DIKit", "DIKit unvalidated",
    ]
    var rows: [[String]] = []
    for benchmark in cases {
      let figure = { (implementation: String) in harness.result(benchmark, implementation) }
      let dikit = figure(Implementation.dikit)
      rows.append([
        benchmark,
        nanoseconds(figure(Implementation.handWired)), nanoseconds(dikit),
        nanoseconds(figure(Implementation.swinject)), nanoseconds(figure(Implementation.swinjectSync)),
        nanoseconds(figure(Implementation.swiftDependencies)),
        ratio(dikit, figure(Implementation.handWired)),
        ratio(figure(Implementation.swinject), dikit), ratio(figure(Implementation.swinjectSync), dikit),
        nanoseconds(figure(Implementation.dikitUnvalidated)),
      ])
    }
    Swift.print("")
    Swift.print("Summary (ns per operation, median of \(harness.repetitions); ratios: × slower)")
    Swift.print(table([header] + rows))
    Swift.print("")
    Swift.print("Aims (issue 6)")
    for line in aims(harness) { Swift.print(line) }
  }

  static func aims(_ harness: Harness) -> [String] {
    func value(_ benchmark: String, _ implementation: String) -> Double {
      harness.result(benchmark, implementation) ?? .nan
    }
    var lines: [String] = []
    func check(_ met: Bool, _ text: String) { lines.append("\(met ? "✓" : "✗") \(text)") }

    let graphRatio = value(Cases.graph, Implementation.dikit) / value(Cases.graph, Implementation.handWired)
    check(graphRatio <= 4, "three-level graph within 4× of hand-wired: \(format(graphRatio))×")
    check(graphRatio <= 2, "moonshot, within 2×: \(format(graphRatio))×")
    let singleton = value(Cases.singleton, Implementation.dikit)
    check(singleton < 30, "singleton hit under 30 ns, thread-safe: \(format(singleton)) ns")
    let cases = [Cases.graph, Cases.singleton] + Cases.namedCounts.map(Cases.named) + [Cases.concurrent]
    let speedups = cases.compactMap { benchmark -> (String, Double)? in
      let swinject = [Implementation.swinject, Implementation.swinjectSync]
        .compactMap { harness.result(benchmark, $0) }.min()
      guard let swinject else { return nil }
      return (benchmark, swinject / value(benchmark, Implementation.dikit))
    }
    let slowest = speedups.min { $0.1 < $1.1 }
    check(
      (slowest?.1 ?? 0) >= 30,
      "at least 30× faster than Swinject on every case: least \(format(slowest?.1 ?? .nan))× (\(slowest?.0 ?? "-"))")
    let flat = value(Cases.named(1000), Implementation.dikit) / value(Cases.named(10), Implementation.dikit)
    check(flat <= 1.2, "named lookup flat from 10 to 1000 registrations: 1000/10 = \(format(flat))")
    return lines
  }

  static func nanoseconds(_ value: Double?) -> String {
    guard let value else { return "-" }
    return value >= 1000 ? String(format: "%.2f µs", value / 1000) : String(format: "%.1f ns", value)
  }

  static func ratio(_ numerator: Double?, _ denominator: Double?) -> String {
    guard let numerator, let denominator else { return "-" }
    return format(numerator / denominator) + "×"
  }

  static func format(_ value: Double) -> String {
    value >= 100 ? String(format: "%.0f", value) : String(format: "%.1f", value)
  }

  /// Columns padded to their widest cell; the first left-aligned, the others right-aligned.
  static func table(_ rows: [[String]]) -> String {
    let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.enumerated().map { index, row in
      let cells = row.enumerated().map { column, cell in
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        return column == 0 ? cell + padding : padding + cell
      }
      let line = cells.joined(separator: "  ")
      return index == 0 ? line + "\n" + String(repeating: "─", count: line.count) : line
    }.joined(separator: "\n")
  }
}
