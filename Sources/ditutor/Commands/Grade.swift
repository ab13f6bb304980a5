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
      under .build/grading/ that the learners take turns in: the first builds the course, the \
      rest only what their own sources change. Results are kept by content: a learner who \
      changed nothing since the last grading is not built again, and learners who left an \
      exercise as it shipped share one result (--fresh checks everything again). The \
      checkouts themselves are only read. It is not a sandbox: a learner's code runs with \
      your rights, so grade code you would run yourself.

      --output DIR writes the book in every format from the one grading: gradebook.txt, \
      .csv, .json, .junit.xml, .html, exercism.json and classroom.json.

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

  @Option(help: ArgumentHelp("Also write every format into this folder (made if missing).", valueName: "dir"))
  var output: String?

  @Flag(help: "Grade everything again, ignoring the results kept from earlier gradings.")
  var fresh = false

  @Flag(help: "Check each exercise in a build of its own and keep no results (slow; to compare verdicts).")
  var separately = false

  @Flag(help: "Count each learner's review notes too (ditutor review; builds the reviewer first if need be).")
  var review = false

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
      rootOption: options.root, checkouts: checkouts, format: format, output: output,
      options: Gradebook.Options(jobs: jobs, timeout: .seconds(timeout), fresh: fresh, separately: separately, review: review))
    if status != 0 { throw ExitCode(status) }
  }
}

extension GradeReport.Format: ExpressibleByArgument {}
