import ArgumentParser
import Foundation

struct Present: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "For instructors: show a lesson on a projector, a page per screen.",
    discussion: """
      Keys: Space, → or Enter next; ← or b back; r runs the page's example; q quits. The slides \
      re-flow when the window changes size. With --script, replays a demo script instead (every \
      lesson ships one in Lessons/Demos/): each command typed for the class, one step per key \
      press, on a copy of the course as shipped (.build/demo/), never on your own Sources/. \
      Nothing in the learner's progress changes while presenting.
      """
  )

  @OptionGroup var options: CourseOptions

  @Argument(help: "The lesson: its number, its id, or the start of its id.")
  var lesson: String

  @Option(help: "A demo script to replay (default: none, show the slides).")
  var script: String?

  @Flag(help: "No colour (for projectors that wash it out).")
  var noColor = false

  @Flag(help: "With --script: run every step without waiting for keys; exit 1 if one fails.")
  var unattended = false

  func run() async throws {
    let app = CompositionRoot(environment: ProcessInfo.processInfo.environment)
    let status = try await app.present(
      rootOption: options.root, lesson: lesson, script: script, noColor: noColor, unattended: unattended)
    if status != 0 { throw ExitCode(status) }
  }
}
