import Foundation
import Synchronization
import Testing

@testable import TutorKit

/// A `swiftc` that succeeds, writes down every command line, and (as the real one would) leaves
/// the file it was asked for with `-o`.
final class RecordingCompiler: ProcessRunner {
  private let commands = Mutex<[[String]]>([])
  private let fileSystem: InMemoryFileSystem
  private let failing: @Sendable ([String]) -> Bool

  init(fileSystem: InMemoryFileSystem, failing: @escaping @Sendable ([String]) -> Bool = { _ in false }) {
    self.fileSystem = fileSystem
    self.failing = failing
  }

  var recorded: [[String]] { commands.withLock { $0 } }

  func locate(_ name: String) -> String? { "/usr/bin/\(name)" }
  func stopProcesses(carrying variable: String, value: String) -> Int { 0 }

  func run(_ request: ProcessRequest) async throws -> ProcessOutcome {
    commands.withLock { $0.append([request.executable] + request.arguments) }
    if failing(request.arguments) { return ProcessOutcome(ending: .exited(1), standardError: "error: broken\n") }
    if let output = request.arguments.firstIndex(of: "-o") {
      fileSystem.add(request.arguments[output + 1], "built")
    }
    return ProcessOutcome(ending: .exited(0), standardOutput: request.executable.hasPrefix("/usr/bin") ? "" : "ran\n")
  }
}

/// `run` on an example marked `dikit`: DIKit is compiled from `Sources/DIKit` once, and the
/// example is linked against it, so the lesson can show the container's real errors.
@Suite struct ExampleRunnerTests {
  let fileSystem = InMemoryFileSystem(files: [
    "/course/Sources/DIKit/Resolution/Container.swift": "public final class Container {}",
    "/course/Sources/DIKit/Errors/ResolutionError.swift": "public struct ResolutionError: Error {}",
    "/course/Sources/DIKit/README.md": "not Swift",
  ])

  func example(_ name: String, dikit: Bool) -> LessonExample {
    LessonExample(name: name, code: "import DIKit\nprint(\"\(name)\")", location: "Lessons/07-c.md:10", usesDIKit: dikit)
  }

  @Test func aDIKitExampleIsLinkedAgainstDIKitBuiltOnceFromItsSources() async throws {
    let compiler = RecordingCompiler(fileSystem: fileSystem)
    let runner = ExampleRunner(root: "/course", processes: compiler, fileSystem: fileSystem, environment: [:])

    let first = try await runner.run(example("missing", dikit: true))
    #expect(first.status == .ran)
    let library = try #require(compiler.recorded.first)
    #expect(library.contains("-emit-library") && library.contains("-static") && library.contains("DIKit"))
    #expect(
      library.filter { $0.hasSuffix(".swift") }
        == ["/course/Sources/DIKit/Errors/ResolutionError.swift", "/course/Sources/DIKit/Resolution/Container.swift"],
      "every Swift file under Sources/DIKit, subfolders included, and nothing else")
    let folder = try #require(library.firstIndex(of: "-o").map { FilePath.parent(library[$0 + 1]) })
    #expect(folder.hasPrefix("/course/.build/examples/dikit-"))
    let program = compiler.recorded[1]
    #expect(Array(program.prefix(3)) == ["/usr/bin/swiftc", "-swift-version", "6"])
    #expect(program.contains("-lDIKit") && program.contains(folder), "the example finds DIKit's module and library: \(program)")

    _ = try await runner.run(example("cycle", dikit: true))
    #expect(compiler.recorded.count == 5, "the second DIKit example compiles and runs only itself: \(compiler.recorded.map { $0.last ?? "" })")
    #expect(compiler.recorded.filter { $0.contains("-emit-library") }.count == 1)
  }

  @Test func anExampleWithoutDIKitNeverBuildsIt() async throws {
    let compiler = RecordingCompiler(fileSystem: fileSystem)
    let runner = ExampleRunner(root: "/course", processes: compiler, fileSystem: fileSystem, environment: [:])
    _ = try await runner.run(example("before", dikit: false))
    #expect(compiler.recorded.count == 2, "compile and run, nothing else")
    #expect(!compiler.recorded[0].contains("-lDIKit") && !compiler.recorded[0].contains("-emit-library"))
  }

  @Test func anEditedDIKitIsBuiltAgainAndTheExampleRelinked() async throws {
    let compiler = RecordingCompiler(fileSystem: fileSystem)
    let runner = ExampleRunner(root: "/course", processes: compiler, fileSystem: fileSystem, environment: [:])
    _ = try await runner.run(example("cycle", dikit: true))
    fileSystem.add("/course/Sources/DIKit/Resolution/Container.swift", "public final class Container { init() {} }")
    _ = try await runner.run(example("cycle", dikit: true))
    let libraries = compiler.recorded.filter { $0.contains("-emit-library") }
    #expect(libraries.count == 2, "DIKit changed, so it is compiled again")
    #expect(compiler.recorded.filter { $0.contains("-lDIKit") }.count == 2, "and the example is compiled against the new one")
  }

  @Test func aDIKitThatDoesNotCompileIsReportedAndBuiltAgainNextTime() async throws {
    let compiler = RecordingCompiler(fileSystem: fileSystem) { $0.contains("-emit-library") }
    let runner = ExampleRunner(root: "/course", processes: compiler, fileSystem: fileSystem, environment: [:])
    let run = try await runner.run(example("cycle", dikit: true))
    #expect(run.status == .didNotCompile)
    #expect(run.output.contains("DIKit (/course/Sources/DIKit), which this example uses, does not compile") && run.output.contains("error: broken"))
    _ = try await runner.run(example("cycle", dikit: true))
    #expect(compiler.recorded.filter { $0.contains("-emit-library") }.count == 2, "a failed build is not taken for a finished one")
  }

  @Test func aCourseWithoutDIKitSaysSo() async throws {
    let compiler = RecordingCompiler(fileSystem: InMemoryFileSystem())
    let runner = ExampleRunner(root: "/course", processes: compiler, fileSystem: InMemoryFileSystem(), environment: [:])
    let run = try await runner.run(example("cycle", dikit: true))
    #expect(run.status == .didNotCompile)
    #expect(run.output == "This example uses DIKit, but there are no Swift files in /course/Sources/DIKit.\n")
    #expect(compiler.recorded.isEmpty)
  }
}
