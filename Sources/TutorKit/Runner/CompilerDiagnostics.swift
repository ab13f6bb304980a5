/// Picks the compiler's `file:line:column: severity: message` lines out of a build's output.
public enum CompilerDiagnostics {
  /// Errors and warnings, each once, in the order the compiler gave them, with paths relative to
  /// `root` (so the learner reads `Exercises/greeting-clock/Sources/Greeter.swift:10:19`).
  public static func parse(_ output: String, root: String) -> [Verdict.Diagnostic] {
    var seen: Set<String> = []
    var diagnostics: [Verdict.Diagnostic] = []
    for line in output.split(separator: "\n") where line.hasPrefix("/") {
      let parts = line.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
      guard parts.count == 5, let number = Int(parts[1]), let column = Int(parts[2]) else { continue }
      let severity = parts[3].trimmingCharacters(in: .whitespaces)
      guard severity == "error" || severity == "warning" else { continue }
      let message = parts[4].trimmingCharacters(in: .whitespaces)
      let key = "\(parts[0]):\(number):\(column):\(severity):\(message)"
      guard seen.insert(key).inserted else { continue }
      diagnostics.append(
        Verdict.Diagnostic(
          file: FilePath.relative(String(parts[0]), to: root), line: number, column: column, severity: severity,
          message: message))
    }
    return diagnostics
  }
}

import Foundation
