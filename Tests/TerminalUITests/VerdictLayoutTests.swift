import Foundation
import Testing
import TutorKit
@testable import TerminalUI

/// A verdict as it lands on a terminal: the words the learner reads, not the values behind them.
@Suite struct VerdictLayoutTests {
  let report = VerdictReport(fileSystem: NoFiles(), root: "/course")

  func rendered(_ verdict: Verdict, width: Int) -> [Substring] {
    Renderer(traits: TerminalTraits(width: width, colors: false)).render(report.document(for: verdict))
      .split(separator: "\n", omittingEmptySubsequences: false)
  }

  @Test func aDurationIsNeverCutFromItsUnit() {
    let verdict = Verdict(
      exercise: "interaction-table-once", status: .passed, durationSeconds: 0.04,
      tests: (1...12).map { .init(name: "Suite/test\($0)()", status: .passed) })
    // "✓ interaction-table-once passes: all 12 tests (0.0 s)." is 53 columns: at every width that
    // breaks it, the number and its unit stay on one line, joined by a plain space.
    for width in 30...53 {
      let lines = rendered(verdict, width: width)
      #expect(!lines.contains { $0.hasSuffix("(0.0") }, "width \(width)")
      #expect(lines.contains { $0.contains("(0.0 s).") }, "width \(width)")
    }
  }

  @Test func theOneStepLeftIsNamedAsOne() {
    let verdict = Verdict(
      exercise: "cycle-chain", status: .failed, durationSeconds: 0.5,
      tests: [
        .init(name: "Step 1 registers/a()", status: .passed, step: 1),
        .init(name: "Step 2 resolves/b()", status: .failed, message: "Expectation failed", step: 2),
        .init(name: "Step 3 cycles/c()", status: .passed, step: 3),
      ], steps: 3)
    let text = rendered(verdict, width: 100).joined(separator: "\n")
    #expect(text.contains("Step 3 opens once this one passes."))
    #expect(!text.contains("Steps 3 to 3"))
    let earlier = Verdict(
      exercise: "cycle-chain", status: .failed, durationSeconds: 0.5,
      tests: [.init(name: "Step 1 registers/a()", status: .failed, message: "Expectation failed", step: 1)], steps: 3)
    #expect(rendered(earlier, width: 100).joined(separator: "\n").contains("Steps 2 to 3 open once this one passes."))
  }
}

/// The report reads the learner's files only for excerpts, which these verdicts do not have.
private struct NoFiles: FileSystem {
  func fileExists(at path: String) -> Bool { false }
  func directoryExists(at path: String) -> Bool { false }
  func contentsOfDirectory(at path: String) throws -> [String] { [] }
  func readFile(at path: String) throws -> Data { throw FileSystemError.notFound(path) }
  func writeAtomically(_ data: Data, to path: String) throws { throw FileSystemError.notFound(path) }
  func createDirectory(at path: String) throws { throw FileSystemError.notFound(path) }
  func createNewDirectory(at path: String) throws { throw FileSystemError.notFound(path) }
  func symbolicLinkDestination(at path: String) -> String? { nil }
  func writeReplacing(_ data: Data, to path: String) throws { throw FileSystemError.notFound(path) }
  func createSymbolicLink(at path: String, pointingTo destination: String) throws { throw FileSystemError.notFound(path) }
  func moveItem(from source: String, to destination: String) throws { throw FileSystemError.notFound(source) }
  func copyItem(from source: String, to destination: String) throws { throw FileSystemError.notFound(source) }
  func removeItem(at path: String) throws {}
  func removeBuildFolder(at path: String) throws {}
  func withExclusiveLock<T>(at path: String, _ body: () throws -> T) throws -> T { try body() }
  func acquireLock(at path: String) async throws -> any HeldLock { throw FileSystemError.notFound(path) }
  func tryLock(at path: String) throws -> (any HeldLock)? { throw FileSystemError.notFound(path) }
  func stamp(at path: String) -> FileStamp? { nil }
}
