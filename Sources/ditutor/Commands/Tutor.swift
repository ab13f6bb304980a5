import ArgumentParser

struct Tutor: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tutor",
    abstract: "Open the interactive tutorial at the page where you left off (the default)."
  )

  @OptionGroup var options: CourseOptions

  func run() async throws {
    let app = CompositionRoot(environment: ProcessInfo.processInfo.environment)
    let status = try await app.runTutorial(rootOption: options.root)
    if status != 0 { throw ExitCode(status) }
  }
}

import Foundation
