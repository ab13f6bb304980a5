/// Where a grading is: for the line an instructor watches (`Grading 4/30 · ada · about 3 min
/// left`).
public struct GradingProgress: Sendable, Equatable {
  /// Learners done, of `total`.
  public var done: Int
  public var total: Int
  /// The learners being graded now (folder names), in the order they started.
  public var current: [String]
  /// An estimate of the seconds left; nil until a learner has been graded.
  public var secondsLeft: Double?

  public init(done: Int, total: Int, current: [String], secondsLeft: Double?) {
    self.done = done
    self.total = total
    self.current = current
    self.secondsLeft = secondsLeft
  }

  /// The seconds left with `remaining` learners to go (counting those under way), `lanes` at a
  /// time, from the seconds each learner graded so far took. The first learner builds the whole
  /// course and the rest reuse that build, so once there is a second, the first is left out;
  /// the median keeps one odd learner (a hang that ran to its time limit) from swinging it.
  public static func estimate(secondsLeftFrom graded: [Double], remaining: Int, lanes: Int) -> Double? {
    guard !graded.isEmpty else { return nil }
    let typical = graded.count > 1 ? Array(graded.dropFirst()) : graded
    let sorted = typical.sorted()
    let median = sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    let rounds = (remaining + max(lanes, 1) - 1) / max(lanes, 1)
    return median * Double(rounds)
  }

  /// `about 3 min left`, `about 40 s left`, `less than 10 s left`.
  public static func describe(secondsLeft seconds: Double) -> String {
    switch seconds {
    case ..<10: "less than 10 s left"
    case ..<60: "about \(Int((seconds / 10).rounded()) * 10) s left"
    case ..<3600: "about \(Int((seconds / 60).rounded())) min left"
    default: "about \(Int(seconds / 3600)) h \(Int(seconds.truncatingRemainder(dividingBy: 3600) / 60)) min left"
    }
  }
}
