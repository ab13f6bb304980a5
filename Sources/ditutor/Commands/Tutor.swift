import ArgumentParser

struct Tutor: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tutor",
    abstract: "Open the interactive tutorial at the page where you left off (the default)."
  )

  @OptionGroup var options: CourseOptions

  @Option(help: "Replay a demo script (Lessons/Demos/*.demo) one step per key press, for a class.")
  var script: String?

  @Flag(help: "With --script: run every step without waiting; exit 1 if one fails (what the tests do).")
  var unattended = false

  func run() async throws {
    let app = CompositionRoot(environment: ProcessInfo.processInfo.environment)
    let status: Int32
    if let script {
      status = try await app.playDemo(rootOption: options.root, lesson: nil, script: script, noColor: false, unattended: unattended)
    } else {
      status = try await app.runTutorial(rootOption: options.root)
    }
    if status != 0 { throw ExitCode(status) }
  }
}

import Foundation
