import ArgumentParser
import Foundation
import TutorKit

struct Verify: AsyncParsableCommand {
  typealias Format = VerifyCourse.Format

  static let configuration = CommandConfiguration(
    abstract: "For maintainers and instructors: every reference solution passes, every starter and every shortcut fails.",
    discussion: """
      Builds in .build/verify, apart from the learner's checks. An exercise must ship at least two \
      shortcuts (tempting wrong answers) and each must fail. An exercise found right is kept in \
      .build/verify-results and not built again until one of its files, Package.swift, the Swift \
      toolchain or ditutor changes. Exit status 0 when all is right, 1 otherwise.
      """
  )

  @OptionGroup var options: CourseOptions

  @Argument(help: "Exercises to verify (ids). By default, all of them.")
  var exercises: [String] = []

  @Option(help: "text, json or junit.")
  var format: Format = .text

  @Option(help: "Seconds each test run may take.")
  var timeout: Int = 120

  @Flag(help: "Build and test every exercise again, even those an earlier verify found right and nothing they are made from has changed since.")
  var fresh = false

  func run() async throws {
    let app = CompositionRoot(environment: ProcessInfo.processInfo.environment)
    let status = try await app.verify(rootOption: options.root, only: exercises, format: format, timeout: timeout, fresh: fresh)
    if status != 0 { throw ExitCode(status) }
  }
}

extension VerifyCourse.Format: ExpressibleByArgument {}
