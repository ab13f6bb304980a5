import Foundation
import Testing
@testable import TutorKit
import WarmBuild

/// `verify` checks every exercise in one build; when one of them stops that build, the others
/// are checked again together, not one build each.
@Suite struct CourseVerifierTests {
  let fileSystem: InMemoryFileSystem
  let toolchain: FakeToolchain

  init() {
    fileSystem = InMemoryFileSystem(files: [
      "/course/Lessons/01-a.md": CourseFixtures.lesson(order: 1, id: "a", title: "A", pages: 1, exercises: "[broken, fine, other]")
    ])
    for id in ["broken", "fine", "other"] { CourseFixtures.addExercise(id, to: fileSystem) }
    toolchain = FakeToolchain(fileSystem: fileSystem, sources: [:])
    let fileSystem = self.fileSystem
    // `broken`'s starter does not compile; every other run fails (or, for solutions, passes) its tests.
    toolchain.program { request in
      let exercises = (request.environment["DITUTOR_EXERCISES"] ?? "").split(separator: ",").map(String.init)
      // A starter fails its tests, and so does a shortcut (`solution,<id>=Shortcuts/<name>`).
      let code = request.environment["DITUTOR_CODE"] ?? ""
      let starter = code == "starter" || code.contains("=Shortcuts/")
      if starter && exercises.contains("broken") {
        return ProcessOutcome(
          ending: .exited(1), standardError: "/course/Exercises/broken/Starter/Code.swift:1:5: error: cannot find 'x' in scope\n")
      }
      let recorded = starter ? "failing" : "passing"
      var events = exercises.map { id in
        (try? FastCheckTests.events(recorded, as: Exercise.moduleName(for: id) + "Tests", in: "/course/Exercises/\(id)")) ?? ""
      }.joined()
      // Shortcuts built beside their exercise (`<id>:Shortcuts/<name>`) fail their tests.
      for entry in (request.environment["DITUTOR_VARIANTS"] ?? "").split(separator: ",") {
        let parts = entry.split(separator: ":").map(String.init)
        let module = Exercise.moduleName(for: parts[0]) + Exercise.moduleName(for: parts[1]) + "Tests"
        events += (try? FastCheckTests.events("failing", as: module, in: "/course/Exercises/\(parts[0])")) ?? ""
      }
      if let flag = request.arguments.firstIndex(of: "--event-stream-output-path") {
        fileSystem.add(request.arguments[flag + 1], events)
      }
      return ProcessOutcome(ending: .exited(starter ? 1 : 0))
    }
  }

  @Test func exercisesSpoiledByANeighboursCompileErrorAreCheckedAgainTogether() async throws {
    let runner = ExerciseRunner(root: "/course", processes: toolchain, fileSystem: fileSystem, environment: [:], scratchFolder: ".build/verify",
      recordedBuilds: WarmBuilder.maker(processes: toolchain, fileSystem: fileSystem))
    let results = try await CourseVerifier(runner: runner).verify(try CourseFixtures.course(fileSystem).exercises, timeout: .seconds(5))
    #expect(results.map(\.starter) == [.compileError, .failed, .failed])
    #expect(results.map(\.solution) == [.passed, .passed, .passed])
    let runs = toolchain.ran.filter { $0.hasPrefix("swift test") }
    #expect(runs.count == 3, "the solutions, the starters, then the two the broken starter stopped: \(runs.count) runs")
    #expect(runs.allSatisfy { !$0.contains("-wmo") }, "a runner compiles file by file unless it is made to compile whole modules")
  }

  /// `verify` builds hundreds of modules side by side: each is compiled whole, in one job.
  @Test func aWholeModuleRunnerCompilesEachModuleInOneJob() async throws {
    let runner = ExerciseRunner(
      root: "/course", processes: toolchain, fileSystem: fileSystem, environment: [:], scratchFolder: ".build/verify",
      wholeModule: true)
    let results = try await CourseVerifier(runner: runner).verify(try CourseFixtures.course(fileSystem).exercises, timeout: .seconds(5))
    #expect(results.map(\.solution) == [.passed, .passed, .passed])
    let runs = toolchain.ran.filter { $0.hasPrefix("swift test") }
    #expect(!runs.isEmpty)
    for run in runs {
      #expect(run.contains("-Xswiftc -wmo -Xswiftc -num-threads -Xswiftc 1 -Xswiftc -no-emit-module-separately-wmo"), "\(run)")
      #expect(run.contains("-Xswiftc -diagnostic-style=llvm"), "diagnostics stay in the form the runner reads")
    }
  }

  @Test func everyExerciseShipsAtLeastTwoShortcuts() async throws {
    func addShortcut(_ name: String, to id: String) {
      fileSystem.add("/course/Exercises/\(id)/Shortcuts/\(name)/Code.swift", "// \(id), the \(name) way\n")
      fileSystem.add("/course/Exercises/\(id)/Shortcuts/\(name)/README.md", "Takes the \(name) shortcut.\n")
    }
    addShortcut("cache", to: "fine")
    addShortcut("global", to: "fine")
    addShortcut("cache", to: "other")
    let runner = ExerciseRunner(root: "/course", processes: toolchain, fileSystem: fileSystem, environment: [:], scratchFolder: ".build/verify",
      recordedBuilds: WarmBuilder.maker(processes: toolchain, fileSystem: fileSystem))
    let results = try await CourseVerifier(runner: runner).verify(try CourseFixtures.course(fileSystem).exercises, timeout: .seconds(5))
    let fine = try #require(results.first { $0.exercise == "fine" })
    let other = try #require(results.first { $0.exercise == "other" })
    let broken = try #require(results.first { $0.exercise == "broken" })
    #expect(fine.shortcuts.map(\.status) == [.failed, .failed])
    let runs = toolchain.ran.filter { $0.hasPrefix("swift test") }
    #expect(runs.count == 3, "the solutions with every shortcut beside them, the starters, the two the broken starter stopped: \(runs.count) runs")
    #expect(fine.ok, "two shortcuts, both failing: \(fine.problems)")
    #expect(other.problems == ["it ships 1 shortcut; every exercise needs at least 2 tempting wrong answers shown failing"])
    #expect(broken.problems.last == "it ships 0 shortcuts; every exercise needs at least 2 tempting wrong answers shown failing")
  }

  @Test func aVerdictIsSpoiledOnlyWhenTheFaultIsNotTheExercisesOwn() {
    let own = Verdict(
      exercise: "x", status: .compileError, durationSeconds: 1,
      diagnostics: [Verdict.Diagnostic(file: "Exercises/x/Sources/A.swift", line: 1, column: 1, severity: "error", message: "m")])
    #expect(!SharedRun.isSpoiled(own))
    #expect(SharedRun.isSpoiled(Verdict(exercise: "x", status: .compileError, durationSeconds: 1)))
    #expect(SharedRun.isSpoiled(Verdict(exercise: "x", status: .crashed, durationSeconds: 1)))
    let crashed = Verdict(exercise: "x", status: .crashed, durationSeconds: 1, tests: [Verdict.TestResult(name: "t", status: .crashed)])
    #expect(!SharedRun.isSpoiled(crashed))
    #expect(!SharedRun.isSpoiled(Verdict(exercise: "x", status: .failed, durationSeconds: 1)))
  }
}
