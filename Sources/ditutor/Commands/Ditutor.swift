import ArgumentParser

@main
struct Ditutor: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "ditutor",
    abstract: "Learn dependency injection in Swift: lessons, exercises and checks in your terminal.",
    discussion: """
      Run `ditutor` inside the ditutor package to open the tutorial where you left off.
      Commands piped in (`printf 'lessons\\n' | ditutor`) run without prompts or colour.
      """,
    subcommands: [Tutor.self, List.self],
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
