import ArgumentParser
import Foundation
import TutorKit

struct Grade: AsyncParsableCommand {
  typealias Format = GradeReport.Format

  static let configuration = CommandConfiguration(
    abstract: "For instructors: check every exercise of each learner's checkout, and print a gradebook.",
    discussion: """
      Run it in the instructor's copy of the course. Each checkout is graded against the tests \
      this course ships (a learner's changed tests are reported and not used), in a workspace \
      of their own under .build/grading/, kept for the next run; the workspaces of learners not \
      named are removed. The checkouts themselves are only read. It is not a sandbox: a \
      learner's code runs with your rights, so grade code you would run yourself.

      Stopped (Ctrl-C, SIGTERM), it still writes the book as far as it got, says it is \
      incomplete and names what was not graded. Exit status 0 when every exercise of every \
      checkout was graded, non-zero otherwise.
      """
  )

  @OptionGroup var options: CourseOptions

  @Argument(help: "Learners' checkouts of the course (folders).")
  var checkouts: [String]

  @Option(help: "table, csv, json, junit, html, exercism or classroom.")
  var format: Format = .table

  @Option(help: "Checkouts graded at once (each build uses every core; 1 suits 2 cores).")
  var jobs: Int = 1

  @Option(help: "Seconds each checkout's test runs may take.")
  var timeout: Int = 120

  func validate() throws {
    guard !checkouts.isEmpty else { throw ValidationError("Name at least one checkout to grade.") }
    guard jobs > 0 else { throw ValidationError("--jobs takes a number above 0.") }
    guard timeout > 0 else { throw ValidationError("--timeout takes a number of seconds above 0.") }
  }

  func run() async throws {
    let app = CompositionRoot(environment: ProcessInfo.processInfo.environment)
    let status = try await app.grade(
      rootOption: options.root, checkouts: checkouts, format: format, jobs: jobs, timeout: timeout)
    if status != 0 { throw ExitCode(status) }
  }
}

extension GradeReport.Format: ExpressibleByArgument {}
