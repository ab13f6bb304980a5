import Foundation
import Synchronization
import Testing
@testable import TutorKit
import WarmBuild

/// A check of code SwiftPM built before runs the test program itself, and its verdict reads as
/// `swift test`'s would.
@Suite struct FastCheckTests {
  let fileSystem = InMemoryFileSystem()
  let toolchain: FakeToolchain
  let runner: ExerciseRunner
  let exercise = Exercise(id: "x", title: "X", lessonID: "l", task: Document(), hints: [], files: ["A.swift"])
  let source = "/c/Exercises/x/Sources/A.swift"

  init() {
    toolchain = FakeToolchain(fileSystem: fileSystem, sources: ["X": source, "XTests": "/c/Exercises/x/Tests/T.swift"])
    runner = ExerciseRunner(
      root: "/c", processes: toolchain, fileSystem: fileSystem, environment: ["HOME": "/home/ada"],
      recordedBuilds: WarmBuilder.maker(processes: toolchain, fileSystem: fileSystem))
    fileSystem.add("/c/Package.swift", "// the manifest")
    fileSystem.add(source, "struct A {}")
    fileSystem.add("/c/Exercises/x/Tests/T.swift", "@Test func a() {}")
    fileSystem.add("/c/.build/exercises/debug.yaml", FakeToolchain.plan)
    fileSystem.add("\(FakeToolchain.build)/P.product/Objects.LinkFileList", "X.o\nXTests.o")
  }

  /// A recorded event stream (Recorded/), as exercise `x`'s, or as another test module's.
  static func events(_ name: String, as module: String = "XTests", in folder: String = "/c/Exercises/x") throws -> String {
    let url = try #require(Bundle.module.url(forResource: name, withExtension: "jsonl", subdirectory: "Recorded"))
    return try String(contentsOf: url, encoding: .utf8)
      .replacingOccurrences(of: "GreetingClockTests", with: module)
      .replacingOccurrences(of: "/tmp/demo/Exercises/greeting-clock", with: folder)
  }

  /// A program (or `swift test`) that writes `events` where it was asked to and ends so.
  func programWrites(_ events: String, ending: ProcessOutcome.Ending, output: String = "") {
    let fileSystem = self.fileSystem
    toolchain.program { request in
      if let flag = request.arguments.firstIndex(of: "--event-stream-output-path") {
        fileSystem.add(request.arguments[flag + 1], events)
      }
      return ProcessOutcome(ending: ending, standardOutput: output)
    }
  }

  @Test func afterSwiftPMTheTestProgramRunsWithSwiftTestsArguments() async throws {
    programWrites(try Self.events("passing"), ending: .exited(0))
    let first = try await runner.check(exercise, timeout: .seconds(5))
    #expect(first.status == .passed)
    #expect(toolchain.ran.count == 1 && toolchain.ran[0].hasPrefix("swift test "), "the first check is SwiftPM's")

    toolchain.forgetRuns()
    let second = try await runner.check(exercise, timeout: .seconds(5))
    #expect(second.status == .passed)
    #expect(!toolchain.ran.contains { $0.hasPrefix("swift ") })
    let program = try #require(toolchain.ran.last)
    #expect(program.hasPrefix("test --package-path /c --scratch-path /c/.build/exercises --disable-xctest --no-parallel --event-stream-output-path "))
    #expect(program.hasSuffix(" --event-stream-version 0 -Xswiftc -diagnostic-style=llvm -Xswiftc -index-ignore-system-modules --testing-library swift-testing"))
  }

  @Test func aProgramStoppedByASignalReadsAsSwiftTestReportsIt() async throws {
    programWrites(try Self.events("passing"), ending: .exited(0))
    _ = try await runner.check(exercise, timeout: .seconds(5))
    fileSystem.add(source, "struct A {}\n// edited")
    programWrites(try Self.events("crash"), ending: .signalled(4), output: "X/A.swift:2: Fatal error: the clock broke\n")
    let verdict = try await runner.check(exercise, timeout: .seconds(5))
    #expect(verdict.status == .crashed)
    let crashed = try #require(verdict.tests.first { $0.status == .crashed })
    #expect(crashed.message?.contains("signal 4") == true)
    #expect(crashed.message?.contains("the clock broke") == true)
    #expect(crashed.file == "Exercises/x/Sources/A.swift" && crashed.line == 2)
  }

  @Test func aTestProgramThatRunsNoTestsHandsTheCheckToSwiftTest() async throws {
    // Recorded by a first check (SwiftPM's), then edited: the next check builds without SwiftPM.
    programWrites(try Self.events("passing"), ending: .exited(0))
    _ = try await runner.check(exercise, timeout: .seconds(5))
    fileSystem.add(source, "struct A {}\n// edited")
    toolchain.forgetRuns()
    // The built program rejects its arguments (a toolchain whose test programs take others):
    // it ends without an event stream. swift test then runs, and its verdict is the check's.
    let passing = try Self.events("passing")
    let fileSystem = self.fileSystem
    toolchain.program { request in
      guard request.executable == "/usr/bin/swift" else {
        return ProcessOutcome(ending: .exited(64), standardError: "error: unknown option '--event-stream-output-path'\n")
      }
      if let flag = request.arguments.firstIndex(of: "--event-stream-output-path") {
        fileSystem.add(request.arguments[flag + 1], passing)
      }
      return ProcessOutcome(ending: .exited(0))
    }
    let verdict = try await runner.check(exercise, timeout: .seconds(5))
    let ran = toolchain.ran
    #expect(verdict.status == .passed, "\(verdict)")
    let program = try #require(ran.firstIndex { $0.hasPrefix("test ") }, "the warm build ran the test program first: \(ran)")
    let swiftTest = try #require(ran.firstIndex { $0.hasPrefix("swift test ") }, "swift test ran after it: \(ran)")
    #expect(program < swiftTest)
  }

  @Test func anExerciseWhoseBuildNoLongerStandsIsWarmedWhenOpened() async throws {
    try fileSystem.createDirectory(at: "/c/.build/exercises/debug/X.build")
    programWrites(try Self.events("passing"), ending: .exited(0))
    _ = try await runner.check(exercise, timeout: .seconds(5))
    #expect(runner.hasBuilt(exercise) && !runner.needsWarming(exercise))
    fileSystem.add("/c/Package.swift", "// a new version of the course")
    #expect(runner.needsWarming(exercise), "the next check would be SwiftPM's: build it while the learner reads")
    let off = ExerciseRunner(root: "/c", processes: toolchain, fileSystem: fileSystem, environment: [:])
    #expect(!off.needsWarming(exercise), "without fast checks a built exercise is as warm as it gets")
  }

  @Test func withFastChecksOffEveryCheckIsSwiftTest() async throws {
    let runner = ExerciseRunner(root: "/c", processes: toolchain, fileSystem: fileSystem, environment: [:])
    programWrites(try Self.events("passing"), ending: .exited(0))
    _ = try await runner.check(exercise, timeout: .seconds(5))
    _ = try await runner.check(exercise, timeout: .seconds(5))
    #expect(toolchain.ran.count == 2 && toolchain.ran.allSatisfy { $0.hasPrefix("swift test ") })
  }

  @Test func nothingACheckStartsRunsInTheFolderDitutorWasStartedFrom() async throws {
    // The learner's terminal may sit in the exercise's Sources/: a compiler job that writes
    // beside itself would leave files there, and SwiftPM would take them for sources.
    programWrites(try Self.events("passing"), ending: .exited(0))
    _ = try await runner.check(exercise, timeout: .seconds(5))
    fileSystem.add(source, "struct A {}\n// edited")
    _ = try await runner.check(exercise, timeout: .seconds(5))
    let folders = toolchain.workingDirectories
    #expect(folders.count > 5, "SwiftPM, the driver's planning, the jobs and the test program: \(toolchain.ran)")
    #expect(folders.allSatisfy { $0 == "/c" || $0 == "/c/.build/exercises" }, "\(folders)")
  }

  @Test func aCheckStopsWhatAKilledDitutorLeftBeforeItBuildsAnything() async throws {
    let marks = Mutex<[String?]>([])
    toolchain.program { request in
      marks.withLock { $0.append(request.environment["DITUTOR_BUILD_FOLDER"]) }
      return ProcessOutcome(ending: .exited(0))
    }
    _ = try await runner.check(exercise, timeout: .seconds(5))
    let look = try #require(toolchain.leftoverLooks.first)
    #expect(look.mark == "DITUTOR_BUILD_FOLDER=/c/.build/exercises")
    #expect(look.jobsBefore == 0)
    // And what a check starts carries that mark, so the next ditutor can find it.
    #expect(marks.withLock { $0 } == ["/c/.build/exercises"])
  }

  @Test func aCheckWaitingForAnotherWindowSaysSoInsteadOfCompiling() async throws {
    programWrites(try Self.events("passing"), ending: .exited(0))
    let otherWindow = try #require(try fileSystem.tryLock(at: "/c/.build/exercises.lock"))
    let phases = Mutex<[ExerciseRunner.CheckPhase]>([])
    let runner = self.runner
    let exercise = self.exercise
    let check = Task {
      try await runner.check(exercise, timeout: .seconds(5)) { phase in phases.withLock { $0.append(phase) } }
    }
    let deadline = ContinuousClock.now + .seconds(20)
    while phases.withLock({ $0.isEmpty }) && ContinuousClock.now < deadline { await Task.yield() }
    #expect(phases.withLock { $0 } == [.waitingForAnotherCheck], "nothing builds while the other window holds the folder")
    #expect(toolchain.ran.isEmpty)
    otherWindow.release()
    #expect(try await check.value.status == .passed)
    #expect(phases.withLock { $0 }.prefix(2) == [.waitingForAnotherCheck, .compiling])
  }
  @Test func aSourcesFolderWithNoSwiftFileSaysSoAndHowToGetTheStarterBack() async throws {
    // The learner moved their file out (to keep a copy, say): SwiftPM would complain about
    // where a target's files belong and show a mangled linker symbol.
    try fileSystem.moveItem(from: source, to: "/c/Exercises/x/A.swift.keep")
    fileSystem.add("/c/Exercises/x/Sources/notes.txt", "my notes")
    let verdict = try await runner.check(exercise, timeout: .seconds(5))
    #expect(verdict.status == .compileError)
    #expect(verdict.problem?.contains("`Exercises/x/Sources/` holds no Swift file") == true)
    #expect(verdict.problem?.contains("`reset x` puts the starter there again") == true)
    #expect(toolchain.ran.isEmpty, "nothing to build")
    let text = VerdictReport(fileSystem: fileSystem, root: "/c").document(for: verdict).text
    #expect(text.contains("x has no code to check."))
  }
}
