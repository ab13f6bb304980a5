import Foundation
import Synchronization
import Testing
@testable import TutorKit

/// A test that crashes on a planted bug ends the run; the rest is tried in runs that each go on
/// where the last stopped: the crashed module and every module already done are skipped.
@Suite struct CrashRerunTests {
  /// Swift Testing's event stream, version 0, for a test `name` of `module`.
  static func listed(_ module: String, _ name: String) -> String {
    #"{"kind":"test","payload":{"id":"\#(module).S/\#(name)()/T.swift:1:1","kind":"function","name":"\#(name)()"},"version":0}"#
  }

  static func event(_ kind: String, _ module: String? = nil, _ name: String? = nil) -> String {
    let test = module.map { #","testID":"\#($0).S/\#(name!)()/T.swift:1:1""# } ?? ""
    return #"{"kind":"event","payload":{"kind":"\#(kind)","instant":{"absolute":1}\#(test)},"version":0}"#
  }

  @Test func finishedModulesAreThoseWithNothingLeftToRun() {
    let stream = EventStream(
      [
        Self.listed("A", "a"), Self.listed("B", "b"), Self.listed("C", "c"), Self.event("runStarted"),
        Self.event("testStarted", "A", "a"), Self.event("testEnded", "A", "a"), Self.event("testStarted", "B", "b"),
      ].joined(separator: "\n"))
    #expect(stream.modules == ["A", "B", "C"])
    #expect(stream.finishedModules == ["A"])
    #expect(stream.crashedModule(among: ["B", "C"]) == "B")
  }

  /// Read without decoding every line: the answer must still be the whole reading's.
  @Test func whetherARunStartedIsReadAsTheWholeStreamReadsIt() {
    let listing = [Self.listed("A", "a"), Self.listed("A", "runStarted")]
    let issue =
      #"{"kind":"event","payload":{"kind":"issueRecorded","instant":{"absolute":1},"messages":[{"symbol":"fail","text":"\"kind\":\"runStarted\""}]},"version":0}"#
    let streams = [
      "", listing.joined(separator: "\n"), (listing + [issue]).joined(separator: "\n"),
      (listing + [Self.event("runStarted")]).joined(separator: "\n"), Self.event("runStarted") + "\n" + "not json runStarted",
    ]
    for stream in streams {
      #expect(EventStream.runStarted(in: stream) == EventStream(stream).runStarted, "\(stream)")
    }
    #expect(streams.map(EventStream.runStarted(in:)) == [false, false, false, true, true])
  }

  /// A write-the-test exercise with three planted bugs, none of them a library.
  static func probe() throws -> (InMemoryFileSystem, Exercise) {
    let fileSystem = InMemoryFileSystem(files: [
      "/course/Lessons/01-a.md": CourseFixtures.lesson(order: 1, id: "a", title: "A", pages: 1, exercises: "[probe]")
    ])
    CourseFixtures.addExercise("probe", to: fileSystem)
    fileSystem.add("/course/Exercises/probe/Subject/Probe.swift", "struct Probe {}\n")
    for bug in ["first", "second", "third"] {
      fileSystem.add("/course/Exercises/probe/Mutants/\(bug)/Probe.swift", "struct Probe {} // \(bug)\n")
      fileSystem.add("/course/Exercises/probe/Mutants/\(bug)/README.md", "The \(bug) bug.\n")
    }
    fileSystem.add(
      "/course/Exercises/probe/README.md", "---\ntitle: Probe\nkind: tests\n---\n\n# Probe\n\nWrite tests.\n\n## Hints\n\n### Hint 1\n\nA spy.\n")
    try fileSystem.removeItem(at: "/course/Exercises/probe/Tests/probeTests.swift")
    let exercise = try #require(try CourseFixtures.course(fileSystem).exercises.first)
    try #require(exercise.kind == .tests && exercise.mutants.count == 3)
    return (fileSystem, exercise)
  }

  @Test func aRunAfterACrashSkipsTheCrashedModuleAndWhatIsDone() async throws {
    let (fileSystem, exercise) = try Self.probe()
    let own = exercise.testModuleName
    let (first, second, third) = (
      exercise.mutantTestModuleName("first"), exercise.mutantTestModuleName("second"), exercise.mutantTestModuleName("third")
    )
    let listing = [own, first, second, third].map { Self.listed($0, "t") } + [Self.event("runStarted")]
    func ran(_ module: String) -> [String] { [Self.event("testStarted", module, "t"), Self.event("testEnded", module, "t")] }
    // Run 1: the learner's own tests and the first bug's pass, the second bug's crash.
    // Run 2: the third bug's, and the run ends.
    let runs: [[String]] = [
      listing + ran(own) + ran(first) + [Self.event("testStarted", second, "t")],
      listing + ran(third) + [Self.event("runEnded")],
    ]
    let arguments = Mutex<[[String]]>([])
    let swift = ScriptedProgram { request in
      let number = arguments.withLock { $0.append(request.arguments); return $0.count }
      if let flag = request.arguments.firstIndex(of: "--event-stream-output-path"), number <= runs.count {
        fileSystem.add(request.arguments[flag + 1], runs[number - 1].joined(separator: "\n") + "\n")
      }
      return ProcessOutcome(ending: .exited(number == 1 ? 1 : 0))
    }
    let runner = ExerciseRunner(root: "/course", processes: swift, fileSystem: fileSystem, environment: [:])
    let verdict = try await runner.check(exercise, code: .solution, timeout: .seconds(5))
    let all = arguments.withLock { $0 }
    try #require(all.count == 2, "one run after the crash, not one per module: \(all.count)")
    let skipped = Set(all[1].enumerated().compactMap { index, argument in index > 0 && all[1][index - 1] == "--skip" ? argument : nil })
    #expect(skipped == ["^\(second)\\.", "^\(own)\\.", "^\(first)\\."])
    #expect(verdict.mutants?.map(\.caught) == [false, true, false], "the crash caught the second bug; the first and third were missed")
  }
}

/// Without SwiftPM, the tests of a planted bug compiled into the test program run in a process
/// of their own, beside the program's run of the rest: a crash ends only its own run, and nothing
/// runs again.
@Suite struct PlantedBugsApartTests {
  @Test func eachPlantedBugInTheProgramRunsApartAndItsCrashStopsNothingElse() async throws {
    let (fileSystem, exercise) = try CrashRerunTests.probe()
    let own = exercise.testModuleName
    let bugs = ["first", "second", "third"].map(exercise.mutantTestModuleName)
    @Sendable func ran(_ module: String) -> [String] {
      [CrashRerunTests.listed(module, "t"), CrashRerunTests.event("runStarted"), CrashRerunTests.event("testStarted", module, "t"),
       CrashRerunTests.event("testEnded", module, "t"), CrashRerunTests.event("runEnded")]
    }
    let arguments = Mutex<[[String]]>([])
    let program = ScriptedProgram { request in
      arguments.withLock { $0.append(request.arguments) }
      guard let flag = request.arguments.firstIndex(of: "--event-stream-output-path") else { return ProcessOutcome(ending: .exited(1)) }
      let only = request.arguments.firstIndex(of: "--filter").map { request.arguments[$0 + 1] }
      // The second bug's tests crash (a spy's index out of range): started, never ended.
      if only == "^\(bugs[1])\\." {
        let crashed = [CrashRerunTests.listed(bugs[1], "t"), CrashRerunTests.event("runStarted"), CrashRerunTests.event("testStarted", bugs[1], "t")]
        fileSystem.add(request.arguments[flag + 1], crashed.joined(separator: "\n") + "\n")
        return ProcessOutcome(ending: .signalled(4))
      }
      let module = bugs.first { only == "^\($0)\\." } ?? own
      fileSystem.add(request.arguments[flag + 1], ran(module).joined(separator: "\n") + "\n")
      return ProcessOutcome(ending: .exited(0))
    }
    let builds = BuiltOnceTests.oneProgram()
    let runner = ExerciseRunner(
      root: "/course", processes: program, fileSystem: fileSystem, environment: [:], recordedBuilds: { _, _, _ in builds })
    let verdict = try await runner.check(exercise, code: .sources, timeout: .seconds(5))
    let all = arguments.withLock { $0 }
    #expect(builds.builds == 1)
    try #require(all.count == 4, "the program's run and one for each bug, none again: \(all)")
    func values(of flag: String, in arguments: [String]) -> Set<String> {
      Set(arguments.indices.dropLast().filter { arguments[$0] == flag }.map { arguments[$0 + 1] })
    }
    let whole = try #require(all.first { values(of: "--filter", in: $0).isEmpty })
    #expect(values(of: "--skip", in: whole) == Set(bugs.map { "^\($0)\\." }), "the program's own run leaves each bug's tests out")
    #expect(Set(all.flatMap { values(of: "--filter", in: $0) }) == Set(bugs.map { "^\($0)\\." }))
    #expect(
      verdict.mutants?.map(\.caught) == [false, true, false], "the crash caught the second bug; the first and third were missed")
  }
}

/// A process runner whose every run is `body`.
final class ScriptedProgram: ProcessRunner {
  private let body: @Sendable (ProcessRequest) -> ProcessOutcome

  init(_ body: @escaping @Sendable (ProcessRequest) -> ProcessOutcome) {
    self.body = body
  }

  func locate(_ name: String) -> String? { "/usr/bin/\(name)" }
  func stopProcesses(carrying variable: String, value: String) -> Int { 0 }
  func run(_ request: ProcessRequest) async throws -> ProcessOutcome { body(request) }
}

/// Runs again after a crash test what the check's first run built, without asking the record
/// again: a build that went on past a compile error would relink and recompile it each time.
@Suite struct BuiltOnceTests {
  /// Recorded builds that hand out one program.
  static func oneProgram() -> ScriptedBuilds {
    ScriptedBuilds { _ in .built(output: "", duration: .zero, testProgram: "/b/P.xctest", stepsRun: 3) }
  }

  @Test func aRunAgainInTheSameCheckTestsWhatItsFirstRunBuilt() async throws {
    let fileSystem = InMemoryFileSystem(files: [:])
    let events = "/b/events.jsonl"
    let program = ScriptedProgram { _ in
      fileSystem.add(events, CrashRerunTests.event("runStarted") + "\n" + CrashRerunTests.event("runEnded") + "\n")
      return ProcessOutcome(ending: .exited(0))
    }
    let builds = Self.oneProgram()
    let warm = WarmRun(root: "/c", processes: program, fileSystem: fileSystem, warm: builds, trace: nil)
    let job = TestJob(
      exercises: [], variables: [:], arguments: ["--event-stream-output-path", events], configuration: [:],
      timeout: .seconds(5), swift: "/usr/bin/swift", events: WatchedFile(path: events, endMarker: "\"runEnded\""),
      stream: { fileSystem.text(at: events) })
    let first = try #require(try await warm.run(job))
    let again = try #require(try await warm.run(job))
    #expect(builds.builds == 1, "the second run reuses the first's build")
    #expect(first.events?.contains("runStarted") == true && again.events?.contains("runStarted") == true)
    #expect(try await warm.run(TestJob(
      exercises: [], variables: [:], arguments: ["--event-stream-output-path", events], configuration: [:],
      timeout: .seconds(5), swift: "/usr/bin/swift", events: WatchedFile(path: events, endMarker: "\"runEnded\""),
      stream: { fileSystem.text(at: events) })) != nil)
    #expect(builds.builds == 2, "another check builds again")
  }
}
