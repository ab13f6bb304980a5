import Foundation
import Testing
@testable import TutorKit
@testable import WarmBuild

/// Reading SwiftPM's build plan (Recorded/debug.yaml, a real one) and the driver's job lines.
@Suite struct BuildPlanTests {
  let build = "/tmp/demo/.build/exercises/x86_64-unknown-linux-gnu/debug"

  func plan() throws -> BuildPlan {
    let url = try #require(Bundle.module.url(forResource: "debug", withExtension: "yaml", subdirectory: "Recorded"))
    return try #require(BuildPlan.parse(try String(contentsOf: url, encoding: .utf8)))
  }

  @Test func everyCommandComesAfterTheCommandsThatMakeItsInputs() throws {
    let commands = try plan().commands
    var made: Set<String> = []
    let outputs = Set(commands.flatMap(\.outputs))
    for command in commands {
      for input in command.inputs where outputs.contains(input) {
        #expect(made.contains(input), "\(command.name) comes before what makes \(input)")
      }
      made.formUnion(command.outputs)
    }
    let shell = commands.filter { $0.tool == "shell" }.map(\.name)
    let module = try #require(shell.firstIndex { $0.hasPrefix("C.GreetingClock-") })
    let tests = try #require(shell.firstIndex { $0.hasPrefix("C.GreetingClockTests-") })
    let link = try #require(shell.firstIndex { $0.hasSuffix(".test") })
    #expect(module < tests && tests < link)
  }

  @Test func aCompileCommandKeepsItsToolInputsOutputsAndArguments() throws {
    let compile = try #require(try plan().commands.first { $0.name == "C.GreetingClock-x86_64-unknown-linux-gnu-debug.module" })
    #expect(compile.tool == "shell")
    #expect(compile.inputs.first == "/tmp/demo/Exercises/greeting-clock/Sources/Greeter.swift")
    #expect(compile.outputs == ["\(build)/GreetingClock.build/Greeter.swift.o", "\(build)/Modules/GreetingClock.swiftmodule"])
    #expect(compile.args.first == "/opt/swift/usr/bin/swiftc")
    #expect(compile.args.contains("-module-name") && compile.args.contains("-diagnostic-style=llvm"))
  }

  @Test func theFoldersOfSourcesAreTheDirectoryStructureNodes() throws {
    #expect(try plan().folders.sorted() == [
      "/tmp/demo/Exercises/greeting-clock/Sources/", "/tmp/demo/Exercises/greeting-clock/Tests/",
    ])
  }

  @Test func SwiftPMsOwnToolsAreNotShellCommands() throws {
    let tools = Set(try plan().commands.map(\.tool))
    #expect(tools.isSuperset(of: ["shell", "write-auxiliary-file", "test-discovery-tool", "test-entry-point-tool", "phony"]))
  }

  @Test func somethingElseIsNotAPlan() {
    #expect(BuildPlan.parse("") == nil)
    #expect(BuildPlan.parse("commands:\n  \"a\":\n    tool: shell\n    args: [not json]\n") == nil)
  }

  @Test func driverJobLinesSplitAsAShellWould() {
    #expect(ShellWords.split(#"/bin/swift-frontend -frontend -c 'a b.swift' -o "/x/\"q\".o" plain\ space"#) == [
      "/bin/swift-frontend", "-frontend", "-c", "a b.swift", "-o", #"/x/"q".o"#, "plain space",
    ])
    #expect(ShellWords.split("a  ''  b") == ["a", "", "b"])
    #expect(ShellWords.split("unclosed 'quote") == nil)
  }
}
