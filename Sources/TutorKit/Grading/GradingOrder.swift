/// The order a grading takes the learners in: learners share a workspace one after another, and
/// each builds only the exercises where their code differs from the learner before (an exercise
/// a learner solved has another interface than its starter, so its tests compile again). Taken
/// in the order given, a learner who solved everything after one who solved nothing compiles
/// the whole course again; each next taken as the nearest to the last, a class compiles each
/// difference about once.
///
/// The first learner builds the course with SwiftPM, which stops at the first error, so a seam
/// exercise left as shipped (its tests do not compile by design) is checked apart and left out
/// of the build the lane records; a later learner who started on it then needs SwiftPM again.
/// So the first is the learner who started on the most seam exercises: once the lane has a
/// record of the whole course, a seam left as shipped joins that build like any other.
///
/// Pure: the sets in, the order out (`GradingOrderTests`).
public enum GradingOrder {
  /// Indices of `changed` (each learner's exercises that differ from the starter): first the
  /// learner who changed the most of `seams`, then each time the learner whose set differs
  /// least from the last one's. Ties keep the order given.
  public static func order(_ changed: [Set<String>], seams: Set<String> = []) -> [Int] {
    guard let first = changed.indices.max(by: { a, b in
      // `max` keeps the last of equals; the earliest learner should win a tie.
      let (x, y) = (changed[a].intersection(seams).count, changed[b].intersection(seams).count)
      return x < y || x == y && a > b
    }) else { return [] }
    var order = [first]
    var left = changed.indices.filter { $0 != first }
    while !left.isEmpty {
      let last = changed[order[order.count - 1]]
      let position = left.indices.min { a, b in
        last.symmetricDifference(changed[left[a]]).count < last.symmetricDifference(changed[left[b]]).count
      }!
      order.append(left.remove(at: position))
    }
    return order
  }
}
