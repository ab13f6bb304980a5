import Foundation
import Synchronization
import Testing
@testable import TutorKit
import WarmBuild

/// A `swift` that answers each run from a list, and writes down what it was asked.
final class ScriptedSwift: ProcessRunner {
  private let script: Mutex<(outcomes: [ProcessOutcome], runs: Int)>
  private let onRun: @Sendable (Int) -> Void

  init(_ outcomes: [ProcessOutcome], onRun: @escaping @Sendable (Int) -> Void = { _ in }) {
    script = Mutex((outcomes, 0))
    self.onRun = onRun
  }

  var runs: Int { script.withLock { $0.runs } }

  func locate(_ name: String) -> String? { "/usr/bin/swift" }
  func stopProcesses(carrying variable: String, value: String) -> Int { 0 }

  func run(_ request: ProcessRequest) async throws -> ProcessOutcome {
    let (outcome, number) = script.withLock { script in
      script.runs += 1
      return (script.outcomes.isEmpty ? ProcessOutcome(ending: .exited(1)) : script.outcomes.removeFirst(), script.runs)
    }
    onRun(number)
    return outcome
  }
}

/// A checkout moved or copied after its last build: the compiler's module cache still names the
/// old folder. ditutor rebuilds; the learner is never blamed.
@Suite struct MovedCheckoutTests {
  let fileSystem: InMemoryFileSystem
  let scratch = "/course/.build/exercises"

  init() {
    fileSystem = InMemoryFileSystem(files: [
      "/course/Lessons/01-a.md": CourseFixtures.lesson(order: 1, id: "a", title: "A", pages: 1, exercises: "[greet]")
    ])
    CourseFixtures.addExercise("greet", to: fileSystem)
  }

  static let staleCache = ProcessOutcome(
    ending: .exited(1),
    standardError: """
      <unknown>:0: error: precompiled file '/course/.build/exercises/x86_64-unknown-linux-gnu/debug/ModuleCache/X/SwiftShims-Y.pcm' was compiled with module cache path '/old/.build/exercises/x86_64-unknown-linux-gnu/debug/ModuleCache/X', but the path is currently '/course/.build/exercises/x86_64-unknown-linux-gnu/debug/ModuleCache/X'
      <unknown>:0: error: missing required module 'SwiftShims'
      """)

  @Test func aStaleModuleCacheIsRebuiltAndCheckedAgain() async throws {
    fileSystem.add("\(scratch)/debug/Old.o", "built elsewhere")
    let fileSystem = self.fileSystem
    let scratch = self.scratch
    let leftover = Mutex<[Bool]>([])
    let swift = ScriptedSwift([Self.staleCache, ProcessOutcome(ending: .exited(1))]) { _ in
      leftover.withLock { $0.append(fileSystem.fileExists(at: "\(scratch)/debug/Old.o")) }
    }
    let runner = ExerciseRunner(
      root: "/course", processes: swift, fileSystem: fileSystem, environment: [:],
      recordedBuilds: WarmBuilder.maker(processes: swift, fileSystem: fileSystem))
    let phases = Mutex<[ExerciseRunner.CheckPhase]>([])
    let exercise = try CourseFixtures.course(fileSystem).exercises[0]
    _ = try await runner.check(exercise, timeout: .seconds(5)) { phase in phases.withLock { $0.append(phase) } }
    #expect(swift.runs == 2, "checked again after the rebuild")
    #expect(leftover.withLock { $0 } == [true, false], "the second run starts from an empty build folder")
    #expect(phases.withLock { $0 } == [.compiling, .rebuildingMovedCheckout, .compiling])
    #expect(fileSystem.text(at: "\(scratch)/ditutor-checkout") == "/course")
  }

  @Test func aBuildFolderMarkedForAnotherCheckoutIsEmptiedBeforeTheFirstRun() async throws {
    fileSystem.add("\(scratch)/ditutor-checkout", "/old")
    fileSystem.add("\(scratch)/debug/Old.o", "built elsewhere")
    let swift = ScriptedSwift([ProcessOutcome(ending: .exited(1))])
    let runner = ExerciseRunner(
      root: "/course", processes: swift, fileSystem: fileSystem, environment: [:],
      recordedBuilds: WarmBuilder.maker(processes: swift, fileSystem: fileSystem))
    let exercise = try CourseFixtures.course(fileSystem).exercises[0]
    let phases = Mutex<[ExerciseRunner.CheckPhase]>([])
    _ = try await runner.check(exercise, timeout: .seconds(5)) { phase in phases.withLock { $0.append(phase) } }
    #expect(swift.runs == 1)
    #expect(!fileSystem.fileExists(at: "\(scratch)/debug/Old.o"))
    #expect(phases.withLock { $0 } == [.rebuildingMovedCheckout, .compiling])
    #expect(fileSystem.text(at: "\(scratch)/ditutor-checkout") == "/course")
  }

  @Test func theLearnersOwnCompileErrorIsNotMistakenForAMove() async throws {
    let swift = ScriptedSwift([
      ProcessOutcome(ending: .exited(1), standardError: "/course/Exercises/greet/Sources/Code.swift:1:4: error: cannot find 'x' in scope")
    ])
    let runner = ExerciseRunner(
      root: "/course", processes: swift, fileSystem: fileSystem, environment: [:],
      recordedBuilds: WarmBuilder.maker(processes: swift, fileSystem: fileSystem))
    let verdict = try await runner.check(try CourseFixtures.course(fileSystem).exercises[0], timeout: .seconds(5))
    #expect(swift.runs == 1)
    #expect(verdict.status == .compileError)
  }
}
