import Testing

@testable import TutorKit

@Suite struct GradingOrderTests {
  @Test func eachNextLearnerIsTheNearestToTheLast() {
    let solvedAll: Set = ["a", "b", "c", "d"]
    let solvedNone: Set<String> = []
    let solvedHalf: Set = ["a", "b"]
    // As a class might hand them in: everything, nothing, half, nothing, everything, one.
    let order = GradingOrder.order([solvedAll, solvedNone, solvedHalf, solvedNone, solvedAll, ["c"]])
    #expect(order == [0, 4, 2, 1, 3, 5])
  }

  @Test func theFirstIsTheLearnerWhoStartedOnTheMostSeamExercises() {
    // The lane records the build of its first learner: with every seam started, the whole course.
    let order = GradingOrder.order([[], ["a"], ["seam1", "a"], ["seam1", "seam2"], ["seam2"]], seams: ["seam1", "seam2"])
    #expect(order == [3, 4, 0, 1, 2])
  }

  @Test func theOrderChangesLessInAllThanTheOrderGiven() {
    let sets: [Set<String>] = [["a", "b", "c"], [], ["a"], ["a", "b", "c"], [], ["a", "b"]]
    func cost(_ order: [Int]) -> Int {
      zip(order, order.dropFirst()).map { sets[$0].symmetricDifference(sets[$1]).count }.reduce(0, +)
    }
    let order = GradingOrder.order(sets)
    #expect(order.sorted() == Array(sets.indices))
    #expect(cost(order) == 3)
    #expect(cost(Array(sets.indices)) == 11)
  }

  @Test func keepsTheGivenOrderAmongEquals() {
    #expect(GradingOrder.order([[], [], []]) == [0, 1, 2])
    #expect(GradingOrder.order([]) == [])
  }
}
