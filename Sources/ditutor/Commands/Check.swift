import ArgumentParser
import Foundation
import TutorKit

struct Check: AsyncParsableCommand {
  typealias Format = CheckOnce.Format

  static let configuration = CommandConfiguration(
    abstract: "Run one exercise's tests against your code.",
    discussion: """
      Exit status: 0 passed, 1 not passed (failed, did not compile, crashed, timed out), 2 usage error.

      The first check of an exercise is a `swift test`; later ones compile, link and test only what \
      changed, without the package manager, and give the same verdict sooner. \
      DITUTOR_TRACE=1 says on standard error how each check was built; DITUTOR_FAST_CHECK=0 makes \
      every check a plain `swift test`.
      """
  )

  @OptionGroup var options: CourseOptions

  @Argument(
    help: "The exercise: its number in the course, its id, or the start of its id. Left out inside an exercise's folder, that exercise.")
  var exercise: String?

  @Option(help: "text (for people), json (one verdict object), junit (XML), exercism (results.json v3) or classroom (GitHub Classroom).")
  var format: Format = .text

  @Option(help: "Seconds the tests may run (compiling does not count).")
  var timeout: Int = 60

  @Flag(
    inversion: .prefixedNo,
    help: """
      Grade against the tests the exercise shipped: test files you added are left out, and a shipped \
      test you changed or removed fails the check. On by default for json, junit, exercism and \
      classroom (what an autograder reads), off for text.
      """)
  var shippedTestsOnly: Bool?

  func validate() throws {
    guard timeout > 0 else { throw ValidationError("--timeout takes a number of seconds above 0.") }
  }

  func run() async throws {
    let app = CompositionRoot(environment: ProcessInfo.processInfo.environment)
    let status = try await app.check(
      rootOption: options.root, exercise: exercise, format: format, timeout: timeout,
      shippedTestsOnly: shippedTestsOnly ?? (format != .text))
    if status != 0 { throw ExitCode(status) }
  }
}

extension CheckOnce.Format: ExpressibleByArgument {}
