import Testing
@testable import TutorKit

@Suite struct LineDiffTests {
  @Test func changedLinesComeWithContext() {
    let old = "a\nb\nc\nd\ne\nf\ng"
    let new = "a\nb\nc\nD\ne\nf\ng"
    #expect(
      LineDiff.unified(from: old, to: new, oldName: "yours", newName: "reference")
        == "--- yours\n+++ reference\n@@ line 2 @@\n  b\n  c\n- d\n+ D\n  e\n  f")
  }

  @Test func equalTextsHaveNoDiff() {
    #expect(LineDiff.unified(from: "x\ny", to: "x\ny", oldName: "a", newName: "b").isEmpty)
  }

  @Test func insertionsAndDeletions() {
    #expect(LineDiff.lines(from: "a\nc", to: "a\nb\nc") == [.same("a"), .added("b"), .same("c")])
    #expect(LineDiff.lines(from: "a\nb", to: "b") == [.removed("a"), .same("b")])
  }
}
