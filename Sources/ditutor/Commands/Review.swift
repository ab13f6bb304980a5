import ArgumentParser
import Foundation
import TutorKit

struct Review: AsyncParsableCommand {
  typealias Format = ReviewExercise.Format

  static let configuration = CommandConfiguration(
    abstract: "Read how you injected: a reviewer's notes on your code, beside what the tests say.",
    discussion: """
      Each note names its line, the lesson page that explains it, and a one-line fix. The first review \
      builds the reviewer (swift-syntax, a minute or two, in .build/review); after that a review takes \
      under a second, and a passing check lists its notes too. Exit status 0 whatever it finds (the \
      notes are advice), 1 when it cannot review, 2 usage error. --rules lists what it looks for.
      """
  )

  @OptionGroup var options: CourseOptions

  @Argument(
    help: "The exercise: its number in the course, its id, or the start of its id. Left out inside an exercise's folder, that exercise.")
  var exercise: String?

  @Flag(help: "List the rules, each with its lesson page, fix and example, and review nothing.")
  var rules = false

  @Option(help: "text (for people) or json.")
  var format: Format = .text

  func run() async throws {
    let app = CompositionRoot(environment: ProcessInfo.processInfo.environment)
    let status = try await app.review(rootOption: options.root, exercise: exercise, listRules: rules, format: format)
    if status != 0 { throw ExitCode(status) }
  }
}

extension ReviewExercise.Format: ExpressibleByArgument {}
