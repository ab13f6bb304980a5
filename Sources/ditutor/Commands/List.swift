import ArgumentParser
import Foundation

struct List: AsyncParsableCommand {
  enum Format: String, ExpressibleByArgument, CaseIterable {
    case text, json
  }

  static let configuration = CommandConfiguration(
    abstract: "Print the course: lessons, their pages, quiz questions and exercises."
  )

  @OptionGroup var options: CourseOptions

  @Option(help: "text (a table) or json (for tools and autograders).")
  var format: Format = .text

  func run() async throws {
    let app = CompositionRoot(environment: ProcessInfo.processInfo.environment)
    try app.list(rootOption: options.root, json: format == .json)
  }
}
