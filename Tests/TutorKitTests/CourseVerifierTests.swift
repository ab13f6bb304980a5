import Foundation
import Synchronization
import Testing
@testable import TutorKit
import WarmBuild

/// `verify` checks every exercise in one build; when one of them stops that build, the others
/// are checked again together, not one build each.
@Suite struct CourseVerifierTests {
  let fileSystem: InMemoryFileSystem
  let toolchain: FakeToolchain
  /// Each `swift test` run's `DITUTOR_CODE` and `DITUTOR_VARIANTS`.
  let runs = SwiftTestRuns()

  init() {
    fileSystem = InMemoryFileSystem(files: [
      "/course/Lessons/01-a.md": CourseFixtures.lesson(order: 1, id: "a", title: "A", pages: 1, exercises: "[broken, fine, other]")
    ])
    for id in ["broken", "fine", "other"] { CourseFixtures.addExercise(id, to: fileSystem) }
    toolchain = FakeToolchain(fileSystem: fileSystem, sources: [:])
    let fileSystem = self.fileSystem
    let runs = self.runs
    // `broken`'s starter does not compile; every other run fails (or, for solutions, passes) its tests.
    toolchain.program { request in
      let exercises = (request.environment["DITUTOR_EXERCISES"] ?? "").split(separator: ",").map(String.init)
      // A starter fails its tests, and so does a shortcut (`solution,<id>=Shortcuts/<name>`).
      let code = request.environment["DITUTOR_CODE"] ?? ""
      let variants = (request.environment["DITUTOR_VARIANTS"] ?? "").split(separator: ",").map(String.init)
      if request.arguments.contains("--event-stream-output-path") { runs.append(code: code, variants: variants) }
      let starter = code == "starter" || code.contains("=Shortcuts/")
      if starter && exercises.contains("broken") || variants.contains("broken:Starter") {
        return ProcessOutcome(
          ending: .exited(1), standardError: "/course/Exercises/broken/Starter/Code.swift:1:5: error: cannot find 'x' in scope\n")
      }
      let recorded = starter ? "failing" : "passing"
      var events = exercises.map { id in
        (try? FastCheckTests.events(recorded, as: Exercise.moduleName(for: id) + "Tests", in: "/course/Exercises/\(id)")) ?? ""
      }.joined()
      // Shortcuts and starters built beside their exercise (`<id>:Shortcuts/<name>`,
      // `<id>:Starter`) fail their tests.
      for entry in variants {
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
    #expect(runs.count == 2, "the solutions with the starters beside them, then those the broken starter stopped: \(runs.count) runs")
    #expect(runs.allSatisfy { !$0.contains("-wmo") }, "a runner compiles file by file unless it is made to compile whole modules")
    let seen = self.runs.all
    try #require(seen.count == 2)
    #expect(seen[0].code == "solution" && seen[0].variants == ["broken:Starter", "fine:Starter", "other:Starter"], "\(seen)")
    #expect(seen[1].code == "solution" && seen[1].variants == ["fine:Starter", "other:Starter"], "the broken starter answers for its own error: \(seen)")
  }

  /// A write-the-test starter is built beside the reference tests and meets the first planted bug
  /// only: letting it through proves the starter fails. A starter that catches it is judged
  /// against every bug, on its own.
  @Test(arguments: [false, true])
  func aWriteTheTestStarterMeetsOneBugUnlessItCatchesIt(catchesTheFirst: Bool) async throws {
    let fileSystem = InMemoryFileSystem(files: [
      "/course/Lessons/01-a.md": CourseFixtures.lesson(order: 1, id: "a", title: "A", pages: 1, exercises: "[writes]"),
      "/course/Exercises/writes/README.md": "---\ntitle: Writes\nkind: tests\n---\n\n# Writes\n\nTest it.\n\n## Hints\n\n### Hint 1\n\nReset.\n",
      "/course/Exercises/writes/Subject/Counter.swift": "// subject\n",
    ])
    for bug in ["counts-twice", "never-resets"] {
      fileSystem.add("/course/Exercises/writes/Mutants/\(bug)/Counter.swift", "// \(bug)\n")
      fileSystem.add("/course/Exercises/writes/Mutants/\(bug)/README.md", "The \(bug) bug.\n")
    }
    for folder in ["Sources", "Starter", "Solution"] {
      fileSystem.add("/course/Exercises/writes/\(folder)/CounterTests.swift", "// tests in \(folder)\n")
    }
    let toolchain = FakeToolchain(fileSystem: fileSystem, sources: [:])
    let runs = SwiftTestRuns()
    let folder = "/course/Exercises/writes"
    toolchain.program { request in
      let code = request.environment["DITUTOR_CODE"] ?? ""
      let variants = (request.environment["DITUTOR_VARIANTS"] ?? "").split(separator: ",").map(String.init)
      runs.append(code: code, variants: variants)
      // Every set of tests passes on the subject; the reference's and the starter's on their own
      // fail on every bug (caught), the starter beside the reference on its bug as asked.
      var events = (try? FastCheckTests.events("passing", as: "WritesTests", in: folder)) ?? ""
      for bug in ["CountsTwice", "NeverResets"] {
        let caught = code == "solution" || catchesTheFirst
        events += (try? FastCheckTests.events(caught ? "failing" : "passing", as: "WritesMutant\(bug)Tests", in: folder)) ?? ""
      }
      if variants.contains("writes:Starter@counts-twice") {
        events += (try? FastCheckTests.events("passing", as: "WritesStarterTests", in: folder)) ?? ""
        events += (try? FastCheckTests.events(catchesTheFirst ? "failing" : "passing", as: "WritesStarterMutantCountsTwiceTests", in: folder)) ?? ""
      }
      if let flag = request.arguments.firstIndex(of: "--event-stream-output-path") { fileSystem.add(request.arguments[flag + 1], events) }
      return ProcessOutcome(ending: .exited(1))
    }
    let runner = ExerciseRunner(root: "/course", processes: toolchain, fileSystem: fileSystem, environment: [:], scratchFolder: ".build/verify")
    let results = try await CourseVerifier(runner: runner).verify(try CourseFixtures.course(fileSystem).exercises, timeout: .seconds(5))
    let seen = runs.all
    try #require(seen.count >= 1)
    #expect(seen[0].code == "solution" && seen[0].variants == ["writes:Starter@counts-twice"], "\(seen)")
    #expect(results[0].solution == .passed, "\(results[0])")
    if catchesTheFirst {
      // Caught beside the reference: judged again on its own, against both bugs, where it passes.
      #expect(seen.count == 2 && seen[1].code == "starter" && seen[1].variants.isEmpty, "\(seen)")
      #expect(results[0].starter == .passed)
      #expect(results[0].problems.contains { $0.hasPrefix("the starter already passes") }, "\(results[0].problems)")
    } else {
      #expect(seen.count == 1, "one bug let through is the proof: \(seen)")
      #expect(results[0].starter == .failed)
    }
  }

  /// A clean `verify` of a course takes minutes: it says what it is building, then that the
  /// tests run, each once, then the seam starters.
  @Test func verifySaysWhereItIs() async throws {
    let runner = ExerciseRunner(root: "/course", processes: toolchain, fileSystem: fileSystem, environment: [:], scratchFolder: ".build/verify")
    let said = Mutex<[CourseVerifier.Progress]>([])
    _ = try await CourseVerifier(runner: runner).verify(try CourseFixtures.course(fileSystem).exercises, timeout: .seconds(5)) { stage in
      said.withLock { $0.append(stage) }
    }
    let stages = said.withLock { $0 }
    #expect(stages.first == .building(solutions: 3, shortcuts: 0, starters: 3), "\(stages)")
    // Whether the fake's tests ran long enough to be seen running is up to the clock; said
    // twice (a run again after a crash or a compile error) they never are.
    #expect(stages.dropFirst().allSatisfy { $0 == .testing } && stages.count <= 2, "\(stages)")
    #expect(stages.first?.line == "Building 3 solutions, 0 shortcuts and 3 starters side by side…")
    #expect(CourseVerifier.Progress.buildingSeamStarters(1).line == "Building the seam starter, which must not compile…")
    #expect(CourseVerifier.Progress.buildingSeamStarters(10).line == "Building the 10 seam starters, which must not compile…")
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
    #expect(runs.count == 2, "the solutions with every shortcut and starter beside them, then those the broken starter stopped: \(runs.count) runs")
    #expect(fine.ok, "two shortcuts, both failing: \(fine.problems)")
    let alone = CourseVerifier.document([fine]).text
    #expect(alone.contains("fine: the solution passes, the starter fails, and all 2 shortcuts fail."), "\(alone)")
    #expect(other.problems == ["it ships 1 shortcut; every exercise needs at least 2 tempting wrong answers shown failing"])
    #expect(broken.problems.last == "it ships 0 shortcuts; every exercise needs at least 2 tempting wrong answers shown failing")
  }

  /// An author who changed one exercise waits for that one: what an earlier verify found right,
  /// of files and tools that are still the same, is not built again; an exercise with a problem,
  /// another exercise's file, a new toolchain or `--fresh` is.
  @Test func anExerciseFoundRightIsNotBuiltAgainUntilSomethingItIsMadeFromChanges() async throws {
    for id in ["fine", "other"] {
      for name in ["cache", "global"] {
        fileSystem.add("/course/Exercises/\(id)/Shortcuts/\(name)/Code.swift", "// \(id), the \(name) way\n")
        fileSystem.add("/course/Exercises/\(id)/Shortcuts/\(name)/README.md", "Takes the \(name) shortcut.\n")
      }
    }
    let runner = ExerciseRunner(root: "/course", processes: toolchain, fileSystem: fileSystem, environment: [:], scratchFolder: ".build/verify")
    let heard = Mutex<[CourseVerifier.Progress]>([])
    /// One verify; the exercises it built (by the variants its builds held).
    func verify(tools: [String] = ["swift 1 2 3"], fresh: Bool = false) async throws -> (results: [CourseVerifier.Result], built: Set<String>) {
      heard.withLock { $0 = [] }
      let before = runs.all.count
      let command = VerifyCourse(
        course: try CourseFixtures.course(fileSystem), verifier: CourseVerifier(runner: runner),
        kept: KeptVerifications(root: "/course", fileSystem: fileSystem, tools: tools, fresh: fresh))
      let exercises = try command.exercises([])
      let (report, _) = try await command.run(exercises, format: .json, timeout: .seconds(5)) { stage in heard.withLock { $0.append(stage) } }
      guard case .text(let json) = report else { throw CommandFailure(message: "not JSON", status: 1) }
      struct Report: Decodable { var exercises: [CourseVerifier.Result] }
      let results = try JSONDecoder().decode(Report.self, from: Data(json.utf8)).exercises
      let built = Set(runs.all.dropFirst(before).flatMap(\.variants).map { String($0.prefix { $0 != ":" }) })
      return (results, built)
    }

    let first = try await verify()
    #expect(first.built == ["broken", "fine", "other"])
    #expect(first.results.map(\.ok) == [false, true, true], "broken's starter does not compile")
    #expect(first.results.allSatisfy { !$0.kept })
    #expect(fileSystem.fileExists(at: "/course/.build/verify-results/fine.json"))
    #expect(!fileSystem.fileExists(at: "/course/.build/verify-results/broken.json"), "a problem is never kept")

    let second = try await verify()
    #expect(second.built == ["broken"], "only the exercise with a problem is built again")
    #expect(second.results.map(\.kept) == [false, true, true])
    #expect(second.results.map(\.exercise) == ["broken", "fine", "other"], "kept or not, in the course's order")
    #expect(second.results[1].shortcuts.map(\.status) == [.failed, .failed], "a kept result is the whole result")
    #expect(heard.withLock { $0.first } == .kept(2, total: 3))
    let text = CourseVerifier.document(second.results).text
    #expect(text.contains("✓ kept"), "\(text)")

    // A shortcut of `fine` changed: `fine` again, `other` still kept. So does a shortcut's
    // README (it says which planted bugs the shortcut misses).
    fileSystem.add("/course/Exercises/fine/Shortcuts/cache/Code.swift", "// fine, the cache way, changed\n")
    #expect(try await verify().built == ["broken", "fine"])
    fileSystem.add("/course/Exercises/other/Shortcuts/global/README.md", "Takes the global shortcut, misses more.\n")
    #expect(try await verify().built == ["broken", "other"])
    // The learner's own files are not what verify checks.
    fileSystem.add("/course/Exercises/fine/Sources/Code.swift", "// the learner's, edited\n")
    #expect(try await verify().built == ["broken"])
    // The manifest, the tools, --fresh: everything again.
    fileSystem.add("/course/Package.swift", "// swift-tools-version: 6.2 (another)\n")
    #expect(try await verify().built == ["broken", "fine", "other"])
    #expect(try await verify(tools: ["swift 1 2 4"]).built == ["broken", "fine", "other"])
    #expect(try await verify(tools: ["swift 1 2 4"]).built == ["broken"])
    #expect(try await verify(tools: ["swift 1 2 4"], fresh: true).built == ["broken", "fine", "other"])
    // What cannot be read is built again, and written anew.
    fileSystem.add("/course/.build/verify-results/other.json", "{ not json")
    #expect(try await verify(tools: ["swift 1 2 4"]).built == ["broken", "other"])
    #expect(try await verify(tools: ["swift 1 2 4"]).built == ["broken"])
  }

  /// A seam starter does not compile, so it is not built beside the solutions; the seams'
  /// starters build together, and a build that shows each one's own errors is the only one.
  @Test func seamStartersBuildTogetherApartFromTheSolutions() async throws {
    let fileSystem = InMemoryFileSystem(files: [
      "/course/Lessons/01-a.md": CourseFixtures.lesson(order: 1, id: "a", title: "A", pages: 1, exercises: "[one, two]")
    ])
    for id in ["one", "two"] {
      CourseFixtures.addExercise(id, to: fileSystem)
      fileSystem.add("/course/Exercises/\(id)/README.md", "---\ntitle: \(id)\nkind: seam\n---\n\n# \(id)\n\nAdd a seam.\n\n## Hints\n\n### Hint 1\n\nA seam.\n")
    }
    let toolchain = FakeToolchain(fileSystem: fileSystem, sources: [:])
    let runs = SwiftTestRuns()
    toolchain.program { request in
      let code = request.environment["DITUTOR_CODE"] ?? ""
      let variants = (request.environment["DITUTOR_VARIANTS"] ?? "").split(separator: ",").map(String.init)
      runs.append(code: code, variants: variants)
      let exercises = (request.environment["DITUTOR_EXERCISES"] ?? "").split(separator: ",").map(String.init)
      if code == "starter" {
        // Each starter's tests call an API it does not have yet.
        let errors = exercises.map { "/course/Exercises/\($0)/Tests/\($0)Tests.swift:3:9: error: cannot find 'Seam' in scope\n" }
        return ProcessOutcome(ending: .exited(1), standardError: errors.joined())
      }
      let events = exercises.map { id in
        (try? FastCheckTests.events("passing", as: Exercise.moduleName(for: id) + "Tests", in: "/course/Exercises/\(id)")) ?? ""
      }.joined()
      if let flag = request.arguments.firstIndex(of: "--event-stream-output-path") { fileSystem.add(request.arguments[flag + 1], events) }
      return ProcessOutcome(ending: .exited(0))
    }
    let runner = ExerciseRunner(root: "/course", processes: toolchain, fileSystem: fileSystem, environment: [:], scratchFolder: ".build/verify")
    let results = try await CourseVerifier(runner: runner).verify(try CourseFixtures.course(fileSystem).exercises, timeout: .seconds(5))
    let seen = runs.all
    #expect(seen.map(\.code) == ["solution", "starter"], "the solutions, then both seams' starters in one build: \(seen)")
    #expect(seen.first?.variants == [], "no seam starter beside the solutions: \(seen)")
    #expect(results.map(\.starter) == [.compileError, .compileError])
    #expect(results.allSatisfy { !$0.problems.contains { $0.hasPrefix("the starter") } }, "\(results.map(\.problems))")
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

/// What each `swift test` run of a fake toolchain was asked to build.
final class SwiftTestRuns: Sendable {
  private let runs = Mutex<[(code: String, variants: [String])]>([])

  func append(code: String, variants: [String]) {
    runs.withLock { $0.append((code, variants)) }
  }

  var all: [(code: String, variants: [String])] { runs.withLock { $0 } }
}
