import Foundation
import Testing
@testable import TutorKit
@testable import WarmBuild

/// A check that SwiftPM built once is built again without it: only what changed runs, and
/// anything the record cannot vouch for goes back to `swift test`.
@Suite struct WarmBuilderTests {
  let fileSystem = InMemoryFileSystem()
  let toolchain: FakeToolchain
  let builder: WarmBuilder
  let configuration = ["DITUTOR_EXERCISES": "x", "DITUTOR_CODE": "sources"]
  let source = "/c/Exercises/x/Sources/A.swift"
  let tests = "/c/Exercises/x/Tests/T.swift"
  let linkList = "\(FakeToolchain.build)/P.product/Objects.LinkFileList"

  init() async throws {
    toolchain = FakeToolchain(fileSystem: fileSystem, sources: ["X": source, "XTests": tests])
    builder = WarmBuilder(
      root: "/c", scratch: "/c/.build/exercises", processes: toolchain, fileSystem: fileSystem, environment: [:],
      parallelJobs: 2)
    fileSystem.add("/c/Package.swift", "// the manifest")
    fileSystem.add("/c/Exercises/x/README.md", "# X")
    fileSystem.add(source, "struct A {}\nlet body = 1")
    fileSystem.add(tests, "@testable import X\nimport Testing\n@Test func a() {}")
    fileSystem.add("/c/.build/exercises/debug.yaml", FakeToolchain.plan)
    fileSystem.add(linkList, "X.o\nXTests.o")
    try await swiftPMBuilds()
  }

  /// What SwiftPM's build leaves behind (a plan, and what the plan's jobs write), then the
  /// record made of it.
  func swiftPMBuilds(built: Bool = true, while work: () -> Void = {}) async throws {
    let before = builder.snapshot(exercises: ["x"])
    fileSystem.add("/c/.build/exercises/debug.yaml", FakeToolchain.plan)
    for job in ["emit-module X", "compile X", "wrap X", "emit-module XTests", "compile XTests", "link"] {
      _ = try await toolchain.run(FakeToolchain.job(job))
    }
    work()
    await builder.record(configuration, exercises: ["x"], modules: ["XTests"], swift: "/usr/bin/swift", built: built, before: before)
    toolchain.forgetRuns()
  }

  func build() async throws -> WarmBuilder.Outcome {
    try await builder.build(configuration, exercises: ["x"], swift: "/usr/bin/swift")
  }

  func edit(_ path: String, firstLine: String? = nil) {
    var lines = (fileSystem.text(at: path) ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if let firstLine { lines[0] = firstLine }
    lines.append("// edited \(UUID())")
    fileSystem.add(path, lines.joined(separator: "\n"))
  }

  func stepsRun(_ outcome: WarmBuilder.Outcome) -> Int? {
    if case .built(_, _, _, let steps, _) = outcome { return steps }
    return nil
  }

  // MARK: What runs

  @Test func nothingChangedRunsNothing() async throws {
    let outcome = try await build()
    #expect(stepsRun(outcome) == 0)
    #expect(toolchain.ran.isEmpty)
  }

  @Test func theDriversJobsAreRecordedWithoutItsOwnModuleWrap() throws {
    let data = try fileSystem.readFile(at: builder.recordPath(for: configuration))
    let record = try JSONDecoder().decode(WarmBuildRecord.self, from: data)
    let wrap = "\(FakeToolchain.build)/X.swiftmodule.o"
    #expect(record.steps.map(\.name) == ["C.X-debug.module", "C.XTests-debug.module", wrap, "C.P-debug.test"])
    let compile = try #require(record.steps[0].jobs.first)
    #expect(Array(compile.prefix(5)) == ["/tc/swift-frontend", "-frontend", "-c", "X", "-supplementary-output-file-map"])
    #expect(record.steps[0].jobs.dropFirst().first == ["/tc/swift-frontend", "-frontend", "-emit-module", "X"])
    #expect(record.steps[0].concurrent)
    // The map the driver wrote into its temporary folder is kept in the build folder, and the
    // folder is gone: the job runs again later, and /tmp gains nothing per check.
    let map = try #require(compile.last)
    #expect(map.hasPrefix("/c/.build/exercises/ditutor-warm/driver-files/") && map.hasSuffix("-supplementaryOutputs-1"))
    #expect(fileSystem.text(at: map) == #"{"X.swift": {"object": "X.o"}}"#)
    #expect(try fileSystem.contentsOfDirectory(at: "/c/.build/exercises/ditutor-warm").allSatisfy { !$0.hasPrefix("planning-") })
    #expect(!fileSystem.directoryExists(at: "/tmp/TemporaryDirectory.X"))
    // SwiftPM wraps the module for the debugger in a step of its own, run by the frontend.
    #expect(record.steps[2].jobs.map(\.[0]) == ["/tc/swift-frontend"])
    #expect(record.steps[3].jobs.map(\.[0]) == ["/tc/autolink", "/tc/clang"])
    #expect(!record.steps[3].concurrent, "the link's jobs run in order")
    #expect(record.testProgram == "\(FakeToolchain.build)/P.xctest")
    #expect(record.generated.keys.sorted() == [linkList], "SwiftPM's own files are kept to be put back")
  }

  @Test func anEditInsideAFunctionRecompilesItsModuleAndRelinksOnly() async throws {
    edit(source)
    let outcome = try await build()
    #expect(stepsRun(outcome) == 2)
    #expect(toolchain.ran.sorted() == ["autolink", "compile X", "emit-module X", "link"].sorted())
    #expect(toolchain.ran.suffix(2) == ["autolink", "link"], "the link waits for the module and runs its jobs in order")
  }

  // MARK: A compile job split across idle cores

  @Test func aLoneCompileOfSeveralFilesTakesTheIdleCore() async throws {
    edit(tests)
    _ = try await build()
    // Nothing else runs (the tests' interface is not emitted): the batch of two is two jobs.
    let compiles = toolchain.compileJobs.filter { $0.contains("XTests") }
    try #require(compiles.count == 2)
    #expect(compiles.map { $0.filter { $0 == "-primary-file" }.count } == [1, 1])
    #expect(compiles[0].contains("XTests-1.swift") && compiles[0].contains("XTests-2.swift"), "the other file is still read")
    #expect(compiles[0][compiles[0].firstIndex(of: "-primary-file")! + 1] == "XTests-1.swift")
    #expect(compiles[1][compiles[1].firstIndex(of: "-primary-file")! + 1] == "XTests-2.swift")
  }

  @Test func aCompileRunningBesideOtherJobsStaysWhole() async throws {
    try fileSystem.removeItem(at: "\(FakeToolchain.build)/Modules/XTests.swiftmodule")
    edit(tests)
    _ = try await build()
    // Its emit-module job takes the other core.
    #expect(toolchain.ran.contains("emit-module XTests"))
    #expect(toolchain.compileJobs.filter { $0.contains("XTests") }.map { $0.filter { $0 == "-primary-file" }.count } == [2])
  }

  /// In a grading lane a learner's exercise that does not compile is left out of the links;
  /// the tests' library for the launcher must be left without it too, not linked from what an
  /// earlier learner left (nor fail, and leave that earlier library to be run).
  @Test func theTestsLibraryForTheLauncherIsALinkThatCanLeaveOutWhatDidNotBuild() {
    let library = WarmBuildRecord.Step(
      name: WarmBuilder.testsLibraryStep, inputs: ["/b/X.o"], outputs: ["/b/tests-library.autolink", "/b/tests.so"],
      jobs: [["/tc/autolink", "/b/X.o"], ["/tc/clang", "-shared", "/b/X.o", "-o", "/b/tests.so"]], concurrent: false)
    #expect(WarmBuilder.isLink(library))
    var other = library
    other.name = WarmBuilder.ownStepPrefix + "something else"
    #expect(!WarmBuilder.isLink(other))
  }

  @Test func eachPrimaryKeepsItsOwnOutputsInOrder() {
    let job = [
      "/tc/swift-frontend", "-frontend", "-c", "-primary-file", "a.swift", "-primary-file", "b.swift", "c.swift",
      "-emit-dependencies-path", "a.d", "-serialize-diagnostics-path", "a.dia",
      "-emit-dependencies-path", "b.d", "-serialize-diagnostics-path", "b.dia",
      "-module-name", "M", "-o", "a.o", "-o", "b.o",
    ]
    let pieces = WarmBuilder.split(job, into: 2)
    #expect(
      pieces == [
        [
          "/tc/swift-frontend", "-frontend", "-c", "-primary-file", "a.swift", "b.swift", "c.swift",
          "-emit-dependencies-path", "a.d", "-serialize-diagnostics-path", "a.dia", "-module-name", "M", "-o", "a.o",
        ],
        [
          "/tc/swift-frontend", "-frontend", "-c", "a.swift", "-primary-file", "b.swift", "c.swift",
          "-emit-dependencies-path", "b.d", "-serialize-diagnostics-path", "b.dia", "-module-name", "M", "-o", "b.o",
        ],
      ])
  }

  @Test func fivePrimariesInTwoPiecesAreThreeAndTwoInTheirOrder() {
    let files = (1...5).map { "f\($0).swift" }
    let job = ["/tc/swift-frontend", "-frontend", "-c"] + files.flatMap { ["-primary-file", $0] }
      + ["-supplementary-output-file-map", "map.json"] + files.flatMap { ["-o", $0 + ".o"] }
    let pieces = WarmBuilder.split(job, into: 2)
    let primaries = pieces.map { piece in piece.indices.filter { piece[$0] == "-primary-file" }.map { piece[$0 + 1] } }
    #expect(primaries == [Array(files.prefix(3)), Array(files.suffix(2))])
    #expect(pieces.map { $0.filter { $0.hasSuffix(".o") } } == [files.prefix(3).map { $0 + ".o" }, files.suffix(2).map { $0 + ".o" }])
    #expect(pieces.allSatisfy { $0.contains("map.json") }, "each half reads its files' outputs from the one map")
    #expect(pieces.allSatisfy { piece in files.allSatisfy(piece.contains) }, "every file stays an input")
  }

  @Test func aJobLaidOutOtherwiseIsLeftWhole() {
    let two = ["/tc/swift-frontend", "-frontend", "-c", "-primary-file", "a.swift", "-primary-file", "b.swift"]
    // One output for two primaries: whose is it?
    #expect(WarmBuilder.split(two + ["-o", "a.o"], into: 2) == [two + ["-o", "a.o"]])
    #expect(WarmBuilder.split(two + ["-primary-filelist", "list"], into: 2) == [two + ["-primary-filelist", "list"]])
    // Not a compile, one primary, or no core to spare.
    let emit = ["/tc/swift-frontend", "-frontend", "-emit-module", "-primary-file", "a.swift", "-primary-file", "b.swift"]
    #expect(WarmBuilder.split(emit, into: 2) == [emit])
    #expect(WarmBuilder.split(Array(two.prefix(5)), into: 2) == [Array(two.prefix(5))])
    #expect(WarmBuilder.split(two, into: 1) == [two])
    #expect(WarmBuilder.split(two, into: 4).count == 2, "never more pieces than files")
  }

  @Test func aModuleCompiledWithoutTheDriverLosesTheDriversRecord() async throws {
    // The driver's record of the sources it compiled last: kept, it would take a source put
    // back as it was for unchanged, and keep the objects this build made of other contents.
    fileSystem.add("\(FakeToolchain.build)/primary.priors", "the driver's")
    fileSystem.add("\(FakeToolchain.build)/A.swiftdeps", "the driver's")
    edit(source)
    _ = try await build()
    #expect(!fileSystem.fileExists(at: "\(FakeToolchain.build)/primary.priors"))
    #expect(!fileSystem.fileExists(at: "\(FakeToolchain.build)/A.swiftdeps"))
  }

  @Test func aChangedInterfaceRecompilesWhatImportsIt() async throws {
    edit(source, firstLine: "struct A { var changed = true }")
    _ = try await build()
    // Nothing imports the tests' interface: it is not emitted (the driver's plan would).
    #expect(Set(toolchain.ran) == ["compile X", "emit-module X", "wrap X", "compile XTests", "autolink", "link"])
    #expect(toolchain.linked.contains("\(FakeToolchain.build)/X.swiftmodule.o"), "a learner's check keeps the debugger's copy")
  }

  /// Its interface is left out only while it is there: a step with an output missing is never
  /// up to date, so its whole plan makes it again.
  @Test func aTestModuleWhoseInterfaceIsGoneEmitsItAgain() async throws {
    try fileSystem.removeItem(at: "\(FakeToolchain.build)/Modules/XTests.swiftmodule")
    edit(tests)
    _ = try await build()
    #expect(toolchain.ran.contains("emit-module XTests"))
    toolchain.forgetRuns()
    edit(tests)
    _ = try await build()
    #expect(toolchain.ran.contains("compile XTests") && !toolchain.ran.contains("emit-module XTests"))
  }

  @Test func aSecondCheckAfterAnEditRunsNothing() async throws {
    edit(source)
    _ = try await build()
    toolchain.forgetRuns()
    #expect(stepsRun(try await build()) == 0)
    #expect(toolchain.ran.isEmpty)
  }

  @Test func anOutputSomethingElseChangedIsMadeAgain() async throws {
    fileSystem.add("\(FakeToolchain.build)/P.xctest", "another exercise's test program")
    _ = try await build()
    #expect(toolchain.ran == ["autolink", "link"])
  }

  // MARK: Back to SwiftPM

  @Test func canBuildSaysAheadWhatTheBuildWillFind() async throws {
    #expect(builder.canBuild(configuration, swift: "/usr/bin/swift"))
    edit(source)
    #expect(builder.canBuild(configuration, swift: "/usr/bin/swift"), "an edit is the fast path's to build")
    fileSystem.add("/c/Exercises/x/Tests/U.swift", "@Test func b() {}")
    #expect(!builder.canBuild(configuration, swift: "/usr/bin/swift"))
    #expect(try await build() == .needsPackageManager(.filesChanged("Exercises/x")))
  }

  @Test func withoutARecordSwiftPMBuilds() async throws {
    let other = try await builder.build(["DITUTOR_EXERCISES": "y"], exercises: ["y"], swift: "/usr/bin/swift")
    #expect(other == .needsPackageManager(.noRecord))
  }

  @Test func aChangedManifestGoesBackToSwiftPM() async throws {
    fileSystem.add("/c/Package.swift", "// a new target")
    #expect(try await build() == .needsPackageManager(.manifestChanged))
    #expect(toolchain.ran.isEmpty)
  }

  @Test func aNewToolchainGoesBackToSwiftPM() async throws {
    fileSystem.add("/tc/swift-frontend", "a newer program")
    #expect(try await build() == .needsPackageManager(.toolchainChanged))
  }

  @Test func aNewSwiftOnThePathGoesBackToSwiftPM() async throws {
    let outcome = try await builder.build(configuration, exercises: ["x"], swift: "/opt/other/swift")
    #expect(outcome == .needsPackageManager(.toolchainChanged))
  }

  @Test func anAddedFileGoesBackToSwiftPM() async throws {
    fileSystem.add("/c/Exercises/x/Sources/B.swift", "struct B {}")
    #expect(try await build() == .needsPackageManager(.filesChanged("Exercises/x")))
  }

  @Test func aNewExerciseFolderGoesBackToSwiftPM() async throws {
    fileSystem.add("/c/Exercises/z/README.md", "# Z")
    #expect(try await build() == .needsPackageManager(.filesChanged("Exercises")))
  }

  @Test func anEditorsHiddenFileChangesNothing() async throws {
    fileSystem.add("/c/Exercises/x/Sources/.A.swift.swp", "vim's")
    edit(source)
    #expect(stepsRun(try await build()) == 2)
  }

  @Test func aStepFailingOutsideTheExercisesGoesBackToSwiftPMAndForgetsTheRecord() async throws {
    toolchain.fail(
      "link",
      with: ProcessOutcome(ending: .exited(1), standardError: "ld.gold: error: cannot open /c/.build/exercises/debug/X.o\n"))
    edit(source)
    #expect(
      try await build()
        == .needsPackageManager(.stepFailed("C.P-debug.test: ld.gold: error: cannot open /c/.build/exercises/debug/X.o")))
    #expect(!fileSystem.fileExists(at: builder.recordPath(for: configuration)))
  }

  // MARK: The learner's errors

  @Test func theLearnersCompileErrorEndsTheBuildAsSwiftTestWould() async throws {
    let error = "/c/Exercises/x/Sources/A.swift:2:12: error: cannot find 'bdy' in scope\n"
    toolchain.fail("compile X", with: ProcessOutcome(ending: .exited(1), standardError: error))
    edit(source)
    let outcome = try await build()
    guard case .stopped(let stopped) = outcome else {
      Issue.record("expected the build to stop, got \(outcome)")
      return
    }
    #expect(stopped.ending == .exited(1))
    #expect(stopped.standardError.contains(error))
    #expect(!toolchain.ran.contains("link"), "nothing after the failed module runs")

    // Fixed: the module compiles again, though its file may not have changed since.
    toolchain.fail("compile X", with: ProcessOutcome(ending: .exited(0)))
    toolchain.forgetRuns()
    _ = try await build()
    #expect(toolchain.ran.contains("compile X"))
  }

  @Test func goingOnPastTheLearnersErrorLinksWithoutWhatDidNotBuild() async throws {
    let error = "/c/Exercises/x/Sources/A.swift:2:12: error: cannot find 'bdy' in scope\n"
    toolchain.fail("compile X", with: ProcessOutcome(ending: .exited(1), standardError: error))
    edit(source, firstLine: "struct A { var changed = true }")
    let outcome = try await builder.build(configuration, exercises: ["x"], keepGoing: true, swift: "/usr/bin/swift")
    guard case .built(let output, _, _, _, _) = outcome else {
      Issue.record("expected the build to go on, got \(outcome)")
      return
    }
    #expect(output.contains(error))
    #expect(!toolchain.ran.contains("compile XTests"), "what reads the module that failed does not build")
    #expect(toolchain.ran.suffix(2) == ["autolink", "link"])
    #expect(toolchain.linked.isEmpty, "neither module's objects: X did not build, and its tests read it")

    // Fixed: both compile, and the link that left them out links them again.
    toolchain.fail("compile X", with: ProcessOutcome(ending: .exited(0)))
    edit(source, firstLine: "struct A { var fixed = true }")
    toolchain.forgetRuns()
    _ = try await builder.build(configuration, exercises: ["x"], keepGoing: true, swift: "/usr/bin/swift")
    // XTests's interface is left out: nothing imports a test module (in a grading lane's build,
    // where no one debugs, the debugger's copy need not be made); nor is X wrapped for the
    // debugger, and the link leaves that object out.
    #expect(Set(toolchain.ran) == ["compile X", "emit-module X", "compile XTests", "autolink", "link"])
    #expect(toolchain.linked == ["\(FakeToolchain.build)/X.o", "\(FakeToolchain.build)/XTests.o"])
  }

  @Test func aGradingBuildDoesNotWrapModulesForTheDebugger() async throws {
    edit(source, firstLine: "struct A { var changed = true }")
    let outcome = try await builder.build(configuration, exercises: ["x"], keepGoing: true, swift: "/usr/bin/swift")
    #expect(stepsRun(outcome) != nil)
    #expect(toolchain.ran.contains("compile XTests"), "the interface changed, so its importer compiled")
    #expect(!toolchain.ran.contains("wrap X"))
    #expect(toolchain.linked == ["\(FakeToolchain.build)/X.o", "\(FakeToolchain.build)/XTests.o"])

    // A learner's check in the same folder wraps it again: the step is out of date.
    toolchain.forgetRuns()
    _ = try await build()
    #expect(toolchain.ran == ["wrap X", "autolink", "link"])
    #expect(toolchain.linked.contains("\(FakeToolchain.build)/X.swiftmodule.o"))
  }

  @Test func aGradingBuildPutsBackWhatItCompiledFromTheSameInputsBefore() async throws {
    // One learner's answer, then another's with another interface, then the first again: the
    // third build compiles nothing, and puts back what the first compiled.
    let first = "struct A { var first = true }\nlet body = 1"
    fileSystem.add(source, first)
    _ = try await builder.build(configuration, exercises: ["x"], keepGoing: true, swift: "/usr/bin/swift")
    #expect(toolchain.ran.contains("compile XTests"))
    let objects = try fileSystem.readFile(at: "\(FakeToolchain.build)/XTests.o")
    fileSystem.add(source, "struct A { var second = true }\nlet body = 2")
    _ = try await builder.build(configuration, exercises: ["x"], keepGoing: true, swift: "/usr/bin/swift")
    #expect(try fileSystem.readFile(at: "\(FakeToolchain.build)/XTests.o") != objects)

    toolchain.forgetRuns()
    fileSystem.add(source, first)
    _ = try await builder.build(configuration, exercises: ["x"], keepGoing: true, swift: "/usr/bin/swift")
    #expect(toolchain.ran == ["autolink", "link"])
    #expect(try fileSystem.readFile(at: "\(FakeToolchain.build)/XTests.o") == objects)
    // Nothing changed since: nothing is put back or run but the link, which always runs in a
    // grading build that left something out before.
    toolchain.forgetRuns()
    _ = try await builder.build(configuration, exercises: ["x"], keepGoing: true, swift: "/usr/bin/swift")
    #expect(!toolchain.ran.contains("compile X") && !toolchain.ran.contains("compile XTests"))

    // A learner's own check keeps nothing and puts nothing back: it compiles.
    fileSystem.add(source, "struct A { var second = true }\nlet body = 2")
    toolchain.forgetRuns()
    _ = try await build()
    #expect(toolchain.ran.contains("compile X"))
  }

  @Test func aKeptBuildUsedAgainIsTheLastOneNewAnswersPushOut() async throws {
    // The exercise as it shipped, then one answer, then as shipped again (put back), then two
    // more answers: three kept builds a step, and the one used last stays.
    func build(_ code: String) async throws {
      fileSystem.add(source, code)
      _ = try await builder.build(configuration, exercises: ["x"], keepGoing: true, swift: "/usr/bin/swift")
    }
    func keptOfX() -> Int {
      let folder = "\(builder.keptStepsFolder)/C.X-debug.module"
      return ((try? fileSystem.contentsOfDirectory(at: folder)) ?? []).filter { !$0.hasPrefix(".") }.count
    }
    let shipped = "struct A { var shipped = true }\nlet body = 0"
    try await build(shipped)
    try await build("struct A { var first = true }\nlet body = 1")
    toolchain.forgetRuns()
    try await build(shipped)
    try #require(!toolchain.ran.contains("compile X"), "put back: \(toolchain.ran)")
    try await build("struct A { var second = true }\nlet body = 2")
    try await build("struct A { var third = true }\nlet body = 3")
    #expect(keptOfX() == WarmBuilder.keptPerStep, "the oldest make room")
    toolchain.forgetRuns()
    try await build(shipped)
    #expect(!toolchain.ran.contains("compile X"), "the build used last was kept: \(toolchain.ran)")
    #expect(WarmBuilder.keptPerStep == 3, "the story above counts on three")
  }

  @Test func aGradingBuildSaysAgainWhatTheCompilerSaidOfTheSameInputsWithoutRunningIt() async throws {
    // A learner's code that does not compile (a seam left as it shipped, say), another
    // learner's that does, then the first again: the third build does not run the compiler on
    // it, and reports its errors as the first did.
    let error = "/c/Exercises/x/Sources/A.swift:2:12: error: cannot find 'bdy' in scope\n"
    let broken = "struct A { var broken = true }\nlet body = bdy"
    toolchain.fail("compile X", with: ProcessOutcome(ending: .exited(1), standardError: error))
    fileSystem.add(source, broken)
    guard case .built(let first, _, _, _, _) = try await builder.build(configuration, exercises: ["x"], keepGoing: true, swift: "/usr/bin/swift")
    else {
      Issue.record("expected the build to go on")
      return
    }
    #expect(first.contains(error))
    toolchain.fail("compile X", with: ProcessOutcome(ending: .exited(0)))
    fileSystem.add(source, "struct A { var fixed = true }\nlet body = 2")
    _ = try await builder.build(configuration, exercises: ["x"], keepGoing: true, swift: "/usr/bin/swift")
    #expect(toolchain.ran.contains("compile X"))

    // The compiler would succeed now if it ran: that it is not run shows in the verdict too.
    toolchain.forgetRuns()
    fileSystem.add(source, broken)
    guard case .built(let again, _, _, _, _) = try await builder.build(configuration, exercises: ["x"], keepGoing: true, swift: "/usr/bin/swift")
    else {
      Issue.record("expected the build to go on")
      return
    }
    #expect(!toolchain.ran.contains("compile X") && !toolchain.ran.contains("emit-module X"), "\(toolchain.ran)")
    #expect(again.contains(error))
    #expect(!toolchain.ran.contains("compile XTests"), "what reads the module that failed does not build")
    #expect(toolchain.linked.isEmpty, "the link leaves out what did not build, as it did the first time")

    // A learner's own check keeps nothing and replays nothing: it compiles.
    toolchain.forgetRuns()
    _ = try await build()
    #expect(toolchain.ran.contains("compile X"))
  }

  @Test func aFailureCutShortIsNotKept() async throws {
    // Killed (out of memory, say): what it printed may not be all it would have said.
    let broken = "struct A { var broken = true }\nlet body = bdy"
    toolchain.fail(
      "compile X", with: ProcessOutcome(ending: .signalled(9), standardError: "/c/Exercises/x/Sources/A.swift:2:12: error: cannot find 'bdy'\n"))
    fileSystem.add(source, broken)
    _ = try? await builder.build(configuration, exercises: ["x"], keepGoing: true, swift: "/usr/bin/swift")
    toolchain.fail("compile X", with: ProcessOutcome(ending: .exited(0)))
    fileSystem.add(source, "struct A { var fixed = true }\nlet body = 2")
    _ = try await builder.build(configuration, exercises: ["x"], keepGoing: true, swift: "/usr/bin/swift")
    toolchain.forgetRuns()
    fileSystem.add(source, broken)
    _ = try await builder.build(configuration, exercises: ["x"], keepGoing: true, swift: "/usr/bin/swift")
    #expect(toolchain.ran.contains("compile X"), "\(toolchain.ran)")
  }

  @Test func whatSwiftPMBuiltIsKeptByTheFirstGradingBuildThatFindsItCurrent() async throws {
    let shipped = try #require(fileSystem.text(at: source))
    let objects = try fileSystem.readFile(at: "\(FakeToolchain.build)/XTests.o")
    _ = try await builder.build(configuration, exercises: ["x"], keepGoing: true, swift: "/usr/bin/swift")
    fileSystem.add(source, "struct A { var other = true }\nlet body = 2")
    _ = try await builder.build(configuration, exercises: ["x"], keepGoing: true, swift: "/usr/bin/swift")
    toolchain.forgetRuns()
    fileSystem.add(source, shipped)
    _ = try await builder.build(configuration, exercises: ["x"], keepGoing: true, swift: "/usr/bin/swift")
    #expect(!toolchain.ran.contains("compile X") && !toolchain.ran.contains("compile XTests"))
    #expect(try fileSystem.readFile(at: "\(FakeToolchain.build)/XTests.o") == objects, "SwiftPM's objects, put back")
  }

  @Test func aGradingLaneKeepsWhatSwiftPMBuiltAsSoonAsItIsRecorded() async throws {
    // As `recording(…, keep: true)` does after SwiftPM's build: the next learner's inputs make
    // the steps run before any warm build could find them current.
    let shipped = try #require(fileSystem.text(at: source))
    builder.keepCurrentSteps(configuration)
    fileSystem.add(source, "struct A { var other = true }\nlet body = 2")
    _ = try await builder.build(configuration, exercises: ["x"], keepGoing: true, swift: "/usr/bin/swift")
    #expect(toolchain.ran.contains("compile XTests"))
    toolchain.forgetRuns()
    fileSystem.add(source, shipped)
    _ = try await builder.build(configuration, exercises: ["x"], keepGoing: true, swift: "/usr/bin/swift")
    #expect(!toolchain.ran.contains("compile X") && !toolchain.ran.contains("compile XTests"))
  }

  @Test func withoutGoingOnTheLearnersErrorStopsTheBuild() async throws {
    toolchain.fail("compile X", with: ProcessOutcome(ending: .exited(1), standardError: "/c/Exercises/x/Sources/A.swift:2:12: error: no\n"))
    edit(source)
    guard case .stopped = try await build() else {
      Issue.record("expected the build to stop")
      return
    }
    #expect(!toolchain.ran.contains("link"))
  }

  @Test func aCancelledBuildStopsAndRunsTheStepNextTime() async throws {
    toolchain.fail("compile X", with: ProcessOutcome(ending: .cancelled))
    edit(source)
    guard case .stopped(let stopped) = try await build() else {
      Issue.record("expected the build to stop")
      return
    }
    #expect(stopped.ending == .cancelled)
    toolchain.fail("compile X", with: ProcessOutcome(ending: .exited(0)))
    toolchain.forgetRuns()
    _ = try await build()
    #expect(toolchain.ran.contains("compile X"))
  }

  // MARK: What the record vouches for

  @Test func aFileSavedWhileSwiftPMBuiltIsCompiledAgain() async throws {
    try await swiftPMBuilds { edit(source) }
    _ = try await build()
    #expect(toolchain.ran.contains("compile X"), "SwiftPM may have compiled the file as it was before the save")
    #expect(!toolchain.ran.contains("compile XTests"))
  }

  @Test func aFailedSwiftPMBuildIsNotRecorded() async throws {
    // SwiftPM stopped at the learner's compile error before it wrote this configuration's link
    // list: the one on disk is another exercise's, and a record of it would link that one's tests.
    fileSystem.add(linkList, "Y.o\nYTests.o")
    try await swiftPMBuilds(built: false)
    #expect(try await build() == .needsPackageManager(.noRecord))
  }

  @Test func aFileAddedWhileSwiftPMBuiltSendsTheNextCheckBackToIt() async throws {
    try await swiftPMBuilds { fileSystem.add("/c/Exercises/x/Sources/B.swift", "struct B {}") }
    #expect(try await build() == .needsPackageManager(.filesChanged("Exercises/x")))
  }

  @Test func aManifestSavedWhileSwiftPMBuiltSendsTheNextCheckBackToIt() async throws {
    try await swiftPMBuilds { fileSystem.add("/c/Package.swift", "// saved during the build") }
    #expect(try await build() == .needsPackageManager(.manifestChanged))
  }

  @Test func aFileSwiftPMWroteForAnotherExerciseIsPutBackFirst() async throws {
    fileSystem.add(linkList, "Y.o\nYTests.o")
    _ = try await build()
    #expect(fileSystem.text(at: linkList) == "X.o\nXTests.o")
    #expect(toolchain.ran == ["autolink", "link"], "the link reads the list, so it runs again")
  }

  @Test func aPlanWithoutTheExercisesModulesIsNotRecorded() async throws {
    builder.forget(configuration)
    await builder.record(
      configuration, exercises: ["x"], modules: ["YTests"], swift: "/usr/bin/swift", built: true,
      before: builder.snapshot(exercises: ["x"]))
    #expect(try await build() == .needsPackageManager(.noRecord))
  }

  // MARK: Module inputs only some steps read

  func step(_ name: String, sources: [String: String], modules: [String], makes made: String? = nil) -> WarmBuildRecord.Step {
    for (path, text) in sources { fileSystem.add(path, text) }
    return WarmBuildRecord.Step(
      name: name, inputs: sources.keys.sorted() + modules.map { "/m/\($0).swiftmodule" },
      outputs: made.map { ["/m/\($0).swiftmodule"] } ?? [], jobs: [["/tc/swift-frontend", "-frontend", "-c"]],
      concurrent: true)
  }

  @Test func aModuleNoSourceImportsOnlyOrdersTheStep() {
    let steps = [
      step("A", sources: ["/s/a.swift": "struct A {}"], modules: [], makes: "Alpha"),
      step("B", sources: ["/s/b.swift": "import Alpha"], modules: ["Alpha"], makes: "Beta"),
      // SwiftPM's test runner: it waits for every test module and imports none.
      step("runner", sources: ["/s/runner.swift": "import Testing\nimport XCTest"], modules: ["Alpha", "Beta"]),
      // Imports Beta, and through it sees Alpha.
      step("C", sources: ["/s/c.swift": "@testable import Beta"], modules: ["Alpha", "Beta"]),
    ]
    #expect(builder.unreadModules(of: 1, in: steps) == [])
    #expect(builder.unreadModules(of: 2, in: steps) == ["/m/Alpha.swiftmodule", "/m/Beta.swiftmodule"])
    #expect(builder.unreadModules(of: 3, in: steps) == [], "a module read through another is read")
  }

  @Test func aModuleAnImportedModuleOnlyWaitedForIsNotRead() {
    var steps = [
      step("A", sources: ["/s/a.swift": "struct A {}"], modules: [], makes: "Alpha"),
      // SwiftPM's discovered tests: waits for every test module, imports none of them.
      step("D", sources: ["/s/d.swift": "import XCTest"], modules: ["Alpha"], makes: "Discovered"),
      // The runner imports the discovered tests only.
      step("R", sources: ["/s/r.swift": "import Discovered"], modules: ["Alpha", "Discovered"]),
    ]
    steps[1].unread = builder.unreadModules(of: 1, in: steps)
    #expect(steps[1].unread == ["/m/Alpha.swiftmodule"])
    #expect(builder.unreadModules(of: 2, in: steps) == ["/m/Alpha.swiftmodule"])
  }

  @Test func aModuleNamedOnlyInTheArgumentsIsRead() {
    var aliased = step("V", sources: ["/s/v.swift": "import Alpha"], modules: ["AlphaVariant"])
    aliased.jobs = [["/tc/swift-frontend", "-frontend", "-c", "-module-alias", "Alpha=AlphaVariant"]]
    #expect(builder.unreadModules(of: 0, in: [aliased]) == [])
  }

  @Test func aSourceThatCannotBeReadReadsEverything() {
    var steps = [step("R", sources: ["/s/r.swift": "import Testing"], modules: ["Alpha"])]
    steps[0].inputs.insert("/s/gone.swift", at: 0)
    #expect(builder.unreadModules(of: 0, in: steps) == [])
  }

  // MARK: Planted bugs as libraries

  @Test func aPlantedBugsLibraryIsBuiltWithTheTestsModuleJobsButNotTheirFiles() throws {
    let jobs = WarmBuilder.LibraryJobs(
      module: "PayTests",
      compile: [
        "/tc/swift-frontend", "-frontend", "-c", "-primary-file", "/c/Ex/Sources/PayTests.swift", "-primary-file",
        "/c/Ex/Subject/Pay.swift", "-emit-dependencies-path", "/b/PayTests.d", "-serialize-diagnostics-path",
        "/b/PayTests.dia", "-enable-testing", "-module-name", "PayTests", "-o", "/b/PayTests.swift.o", "-o",
        "/b/Pay.swift.o", "-index-store-path", "/b/index", "-index-system-modules",
        // A module of three files or more names its outputs in a map instead.
        "-supplementary-output-file-map", "/b/ditutor-warm/driver-files/1-supplementaryOutputs-1",
      ],
      emitModule: [
        "/tc/swift-frontend", "-frontend", "-emit-module", "/c/Ex/Sources/PayTests.swift", "/c/Ex/Subject/Pay.swift",
        "-module-name", "PayTests", "-emit-module-doc-path", "/b/PayTests.swiftdoc", "-o", "/b/PayTests.swiftmodule",
        "-supplementary-output-file-map", "/b/ditutor-warm/driver-files/2-supplementaryOutputs-1",
      ],
      autolink: ["/tc/swift-autolink-extract", "/b/Pay.swift.o", "/b/PayTests.swift.o", "-o", "/b/P.autolink"],
      link: [
        "/tc/clang", "-pie", "/tc/swiftrt.o", "/b/Pay.swift.o", "/b/PayTests.swift.o", "@/b/P.autolink", "-L", "/tc/lib",
        "-lswiftCore", "-o", "/b/P.xctest",
      ])
    let planned = jobs.jobs(files: ["/c/Ex/Mutants/bug/Pay.swift"], in: "/p/bug")
    try #require(planned.count == 4)
    #expect(
      planned[0] == [
        "/tc/swift-frontend", "-frontend", "-c", "-enable-testing", "-module-name", "PayTests", "-primary-file",
        "/c/Ex/Mutants/bug/Pay.swift", "-o", "/p/bug/Pay.swift.o",
      ], "the bug's file alone, under the tests' module name")
    #expect(
      planned[1] == [
        "/tc/swift-frontend", "-frontend", "-emit-module", "-module-name", "PayTests", "/c/Ex/Mutants/bug/Pay.swift", "-o",
        "/p/bug/PayTests.swiftmodule",
      ], "its interface, to compare with the subject's")
    #expect(planned[2] == ["/tc/swift-autolink-extract", "/p/bug/Pay.swift.o", "-o", "/p/bug/library.autolink"])
    #expect(
      planned[3] == [
        "/tc/clang", "/tc/swiftrt.o", "-L", "/tc/lib", "-lswiftCore", "-shared", "/p/bug/Pay.swift.o",
        "@/p/bug/library.autolink", "-o", "/p/bug/libPayTestsCode.so", "-Xlinker", "-soname=libPayTestsCode.so",
      ], "the program's link flags, as a shared library of the bug's code, named as the tests ask for it")
  }

  @Test func aPlantedBugsRunReportsItsTestsAsTheBugsModule() {
    let stream = #"""
      {"kind":"test","payload":{"id":"PayTests.Suite/a()/PayTests.swift:3:4","kind":"function","name":"a()"}}
      {"kind":"event","payload":{"kind":"testEnded","testID":"PayTests/b()/PayTests.swift:9:2"}}
      {"kind":"event","payload":{"kind":"issueRecorded","testID":"PayTestsHelpers.Suite/c()/H.swift:1:1"}}
      """#
    let renamed = WarmRun.renaming("PayTests", to: "PayMutantBugTests", in: stream)
    #expect(renamed.contains(#""id":"PayMutantBugTests.Suite/a()/PayTests.swift:3:4""#))
    #expect(renamed.contains(#""testID":"PayMutantBugTests/b()/PayTests.swift:9:2""#))
    #expect(renamed.contains(#""testID":"PayTestsHelpers.Suite"#), "another module that begins alike is left alone")
    #expect(EventStream(renamed).modules == ["PayMutantBugTests"])
    // As the text's own replacing says, at either end, beside other text, and past a
    // non-ASCII name.
    let edges = #""PayTests.a "PayTests/b ""PayTests"PayTests.é "PayTestsX.c "Pay "PayTests."#
    let expected = edges.replacingOccurrences(of: #""PayTests."#, with: #""PayMutantBugTests."#)
      .replacingOccurrences(of: #""PayTests/"#, with: #""PayMutantBugTests/"#)
    #expect(WarmRun.renaming("PayTests", to: "PayMutantBugTests", in: edges) == expected)
    #expect(WarmRun.renaming("Prüfung", to: "B", in: #"{"id":"Prüfung.S/t()"}"#) == #"{"id":"B.S/t()"}"#)
    #expect(WarmRun.renaming("PayTests", to: "B", in: "") == "")
  }

  @Test func aRecordThisProcessWroteIsRememberedUntilItsFileChanges() throws {
    let path = builder.recordPath(for: configuration)
    let recorded = try #require(builder.readRecord(at: path))
    let recordsRead = RecordsRead()
    let remembering = WarmBuilder(
      root: "/c", scratch: "/c/.build/exercises", processes: toolchain, fileSystem: fileSystem, environment: [:], parallelJobs: 2,
      recordsRead: recordsRead)
    var saved = recorded
    saved.steps.removeLast()
    remembering.save(saved)
    let stamp = try #require(fileSystem.stamp(at: path))
    #expect(recordsRead.record(at: path, stamp: stamp) == saved, "what it wrote, under the stamp the file has now")
    #expect(remembering.readRecord(at: path) == saved)
    #expect(recordsRead.record(at: path, stamp: FileStamp(modified: stamp.modified + 1, size: stamp.size, inode: stamp.inode)) == nil)
    #expect(recordsRead.record(at: path + ".other", stamp: stamp) == nil)
    // Another process writes the record: its stamp changes, and the file is read again.
    fileSystem.add(path, String(decoding: try JSONEncoder().encode(recorded), as: UTF8.self))
    #expect(remembering.readRecord(at: path) == recorded)
    #expect(recordsRead.record(at: path, stamp: try #require(fileSystem.stamp(at: path))) == recorded, "and remembered as read")
  }

  @Test func eachConfigurationHasARecordOfItsOwn() {
    let starter = ["DITUTOR_EXERCISES": "x", "DITUTOR_CODE": "starter"]
    #expect(builder.recordPath(for: starter) != builder.recordPath(for: configuration))
    #expect(builder.recordPath(for: configuration) == builder.recordPath(for: ["DITUTOR_CODE": "sources", "DITUTOR_EXERCISES": "x"]))
  }
}

extension FakeToolchain {
  /// A request for one of the fake's jobs by its label (`compile X`, `link`).
  static func job(_ label: String) -> ProcessRequest {
    let words = label.split(separator: " ").map(String.init)
    let (executable, arguments): (String, [String]) =
      switch words[0] {
      case "compile": ("/tc/swift-frontend", ["-frontend", "-c", words[1]])
      case "emit-module": ("/tc/swift-frontend", ["-frontend", "-emit-module", words[1]])
      case "autolink": ("/tc/autolink", ["P"])
      case "wrap": ("/tc/swift-frontend", ["-modulewrap", "\(build)/Modules/\(words[1]).swiftmodule", "-o", "\(build)/\(words[1]).swiftmodule.o"])
      default: ("/tc/clang", ["-o", "\(build)/P.xctest"])
      }
    return ProcessRequest(executable: executable, arguments: arguments, environment: [:], timeout: .seconds(5))
  }
}

/// How `share` reads SwiftPM's plan: the module of an object by its build folder, the module a
/// step compiles by the step's name (read in place: a lane's link names every object of the
/// course).
@Suite struct PlanReadingTests {
  @Test func anObjectsModuleIsItsBuildFoldersName() throws {
    let object = try #require(FilePath.builtObject("/c/.build/debug/ShowtimesTests.build/ShowtimesTests.swift.o"))
    #expect(object.module == "ShowtimesTests" && object.file == "ShowtimesTests.swift.o")
    let wrapped = try #require(FilePath.builtObject("/c/.build/debug/Bug.build/Bug.swiftmodule.o"))
    #expect(wrapped.module == "Bug" && wrapped.file == "Bug.swiftmodule.o")
    #expect(FilePath.builtObject("Bug.build/x.o")?.module == "Bug")
    for other in ["/c/.build/debug/x.o", "/c/.build/debug/Bug.build/x.swift", "swiftrt.o", "/c/.build/debug/.build/x.o", "-lFoundation"] {
      #expect(FilePath.builtObject(other) == nil, "\(other)")
    }
  }

  @Test func aCompileStepsModuleIsInItsName() {
    #expect(WarmBuilder.compiledModule("C.ShowtimesMutantDropsTests-x86_64-unknown-linux-gnu-debug.module") == "ShowtimesMutantDropsTests")
    #expect(WarmBuilder.compiledModule("C.ditutorPackageTests-x86_64-unknown-linux-gnu-debug.exe") == "ditutorPackageTests")
    #expect(WarmBuilder.compiledModule("ditutor: link the tests as a library, for the test launcher") == nil)
    #expect(WarmBuilder.compiledModule("C.NoTriple") == nil)
  }
}

/// A kept step's key is compared on disk byte for byte: two keys must have equal bytes exactly
/// when they are equal.
@Suite struct KeptStepKeyTests {
  @Test func keysAreEqualExactlyWhenTheirBytesAre() {
    let key = KeptStep.Key(
      jobs: [["swift-frontend", "-c", "a.swift"]], outputs: ["a.o"], inputs: ["a.swift"], contents: [Data("let a = 1\n".utf8)])
    #expect(key.bytes == KeptStep.Key(jobs: key.jobs, outputs: key.outputs, inputs: key.inputs, contents: key.contents).bytes)
    // Each differs from `key` where plain joining would not tell them apart.
    var moved = key
    moved.jobs = [["swift-frontend", "-c"], ["a.swift"]]
    var split = key
    split.jobs = [["swift-frontend", "-ca", ".swift"]]
    var swapped = key
    (swapped.outputs, swapped.inputs) = (key.inputs, key.outputs)
    var longer = key
    longer.contents = [Data("let a = 1\n".utf8), Data()]
    var edited = key
    edited.contents = [Data("let a = 2\n".utf8)]
    let others = [moved, split, swapped, longer, edited]
    for other in others {
      #expect(other != key)
      #expect(other.bytes != key.bytes, "\(other)")
    }
    #expect(Set(others.map(\.bytes)).count == others.count)
  }
}
