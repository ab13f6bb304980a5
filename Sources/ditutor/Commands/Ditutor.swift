import ArgumentParser
import Foundation
import TutorKit

@main
enum Main {
  /// Runs the command line. Usage errors exit with 2 (ArgumentParser's default is 64), as the
  /// autograder contract says: 0 passed, 1 not passed, 2 usage error.
  static func main() async {
    do {
      var command = try Ditutor.parseAsRoot()
      if var command = command as? any AsyncParsableCommand {
        try await command.run()
      } else {
        try command.run()
      }
    } catch {
      if Ditutor.exitCode(for: error) == .validationFailure {
        // `ditutor sandbox`: a command of the tutorial typed in the shell. Say where it is.
        let message = Ditutor.message(for: error)
        let stray = CommandLine.arguments.dropFirst().first { message.contains("Unexpected argument '\($0)'") }
        let told = stray.flatMap { CommandCatalog().outsideTheTutorial($0) }.map { "Error: " + $0 }
        FileHandle.standardError.write(Data(((told ?? Ditutor.fullMessage(for: error)) + "\n").utf8))
        exit(2)
      }
      Ditutor.exit(withError: error)
    }
  }
}

struct Ditutor: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "ditutor",
    abstract: "Learn dependency injection in Swift: lessons, exercises and checks in your terminal.",
    discussion: """
      Run `ditutor` inside the ditutor package to open the tutorial where you left off. \
      Commands piped in (`printf 'lessons\\n' | ditutor`) run without prompts or colour.
      """,
    subcommands: [Tutor.self, List.self, Check.self, Review.self, Verify.self, Present.self, Grade.self, Fingerprints.self],
    defaultSubcommand: Tutor.self
  )
}

/// Options every subcommand takes.
struct CourseOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "The course checkout to use (a folder with Lessons/ and Exercises/).",
      discussion: "By default, the current folder or its nearest parent that has both.",
      valueName: "dir"))
  var root: String?
}
