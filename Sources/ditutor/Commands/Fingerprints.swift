import ArgumentParser
import Foundation

struct Fingerprints: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "For course authors: record the fingerprints of the tests every exercise ships.",
    discussion: """
      Writes Exercises/shipped-tests.json (with --write) or says whether it is current. `check` \
      compares a learner's tests with it, and `check --format json|junit` (what autograders read) \
      grades against the shipped tests only. Run it after changing any exercise's Tests/ (or a \
      write-the-test exercise's Subject/, Mutants/ or Rules/); the test suite fails while it is stale.
      """
  )

  @OptionGroup var options: CourseOptions

  @Flag(help: "Write the file instead of only comparing.")
  var write = false

  func run() async throws {
    let app = CompositionRoot(environment: ProcessInfo.processInfo.environment)
    let status = try app.fingerprints(rootOption: options.root, write: write)
    if status != 0 { throw ExitCode(status) }
  }
}
