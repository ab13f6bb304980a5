/// A line-by-line diff, for `solution`: what would change to turn the learner's file into the
/// reference. Longest common subsequence; exercise files are small, so quadratic is fine.
public enum LineDiff {
  public enum Line: Equatable, Sendable {
    case same(String), removed(String), added(String)
  }

  public static func lines(from old: String, to new: String) -> [Line] {
    let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
      for j in stride(from: b.count - 1, through: 0, by: -1) {
        table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
      }
    }
    var result: [Line] = []
    var i = 0
    var j = 0
    while i < a.count || j < b.count {
      if i < a.count, j < b.count, a[i] == b[j] {
        result.append(.same(a[i]))
        i += 1
        j += 1
      } else if i < a.count, j == b.count || table[i + 1][j] >= table[i][j + 1] {
        result.append(.removed(a[i]))  // on a tie, the old line goes first, as diff(1) shows it
        i += 1
      } else {
        result.append(.added(b[j]))
        j += 1
      }
    }
    return result
  }

  /// A unified diff with `context` unchanged lines around each change; empty when equal.
  public static func unified(from old: String, to new: String, oldName: String, newName: String, context: Int = 2) -> String {
    let diff = lines(from: old, to: new)
    let changed = diff.indices.filter { if case .same = diff[$0] { false } else { true } }
    guard !changed.isEmpty else { return "" }
    var shown = Set<Int>()
    for index in changed {
      for near in max(0, index - context)...min(diff.count - 1, index + context) { shown.insert(near) }
    }
    var output = ["--- \(oldName)", "+++ \(newName)"]
    var previous: Int?
    var oldLine = 0
    var newLine = 0
    for (index, line) in diff.enumerated() {
      switch line {
      case .same: oldLine += 1; newLine += 1
      case .removed: oldLine += 1
      case .added: newLine += 1
      }
      guard shown.contains(index) else { continue }
      if previous.map({ $0 != index - 1 }) ?? true {
        output.append("@@ line \(max(oldLine, 1)) @@")
      }
      switch line {
      case .same(let text): output.append("  " + text)
      case .removed(let text): output.append("- " + text)
      case .added(let text): output.append("+ " + text)
      }
      previous = index
    }
    return output.joined(separator: "\n")
  }
}
