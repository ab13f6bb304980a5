/// Finds the known word closest to a mistyped one, for "Did you mean …?".
public enum Suggestions {
  /// The closest candidate within a small edit distance (a typo, a swapped pair, a missing
  /// letter), or the only candidate that starts with `word`. Nil when nothing is close.
  public static func closest(to word: String, in candidates: [String]) -> String? {
    let word = word.lowercased()
    guard !word.isEmpty else { return nil }
    // Two edits in a short word leave little of it: "mred" is not "prev".
    let allowed = word.count <= 4 ? 1 : 2
    let scored = candidates.map { ($0, distance(word, $0.lowercased())) }
      .filter { $0.1 <= allowed }
      .sorted { $0.1 < $1.1 }
    if let best = scored.first { return best.0 }
    let prefixed = candidates.filter { $0.lowercased().hasPrefix(word) }
    return prefixed.count == 1 ? prefixed[0] : nil
  }

  /// Optimal string alignment distance: insertions, deletions, substitutions and transpositions
  /// of neighbours each cost one.
  public static func distance(_ lhs: String, _ rhs: String) -> Int {
    let a = Array(lhs)
    let b = Array(rhs)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = Swift.min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = Swift.min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }
}
