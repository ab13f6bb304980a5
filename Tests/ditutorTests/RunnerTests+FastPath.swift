import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A check that SwiftPM built once compiles, links and tests without it: the verdict must be the
/// one `swift test` gives, for every way a learner's code can go (Tests/Fixtures/RunnerCourse),
/// and anything the fast path cannot vouch for must go back to `swift test`.
///
/// Part of ``RunnerTests``: the same course copy, so each fixture is built from scratch once for
/// both, and one test at a time.
extension RunnerTests {
  struct Check {
    var status: Int32
    /// The JSON verdict without its duration.
    var verdict: [String: Any]
    var trace: String
  }

  func checkTraced(_ exercise: String, fast: Bool = true, in course: String = RunnerTests.course) throws -> Check {
    let result = try Ditutor.run(
      ["check", exercise, "--format", "json", "--timeout", "3"], in: course,
      environment: ["DITUTOR_TRACE": "1", "DITUTOR_FAST_CHECK": fast ? "1" : "0"])
    var verdict = (try? JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]) ?? [:]
    verdict["durationSeconds"] = nil
    return Check(status: result.status, verdict: verdict, trace: result.error)
  }

  /// The learner's first file, in the exercise's Sources/.
  func learnersFile(_ exercise: String) throws -> String {
    let folder = "\(Self.course)/Exercises/\(exercise)/Sources"
    let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).sorted().first { $0.hasSuffix(".swift") })
    return "\(folder)/\(name)"
  }

  func append(_ line: String, to path: String) throws {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try (text + line + "\n").write(toFile: path, atomically: true, encoding: .utf8)
  }

  func same(_ a: [String: Any], _ b: [String: Any]) -> Bool {
    NSDictionary(dictionary: a).isEqual(to: b)
  }

  @Test(arguments: [
    "passes", "fails", "does-not-compile", "crashes", "hangs", "floods", "writes-tests", "needs-a-seam", "in-steps",
    "escapes",
  ])
  func theFastPathGivesSwiftTestsVerdict(_ exercise: String) throws {
    // Built once (by SwiftPM, unless an earlier test did), so the build is recorded.
    let first = try checkTraced(exercise)
    // An edit, checked on the fast path, then by swift test on the same code.
    try append("// an edit", to: try learnersFile(exercise))
    let fast = try checkTraced(exercise)
    #expect(fast.trace.contains("built without SwiftPM"), "\(fast.trace)")
    let plain = try checkTraced(exercise, fast: false)
    #expect(!plain.trace.contains("without SwiftPM"))
    #expect(fast.status == plain.status)
    #expect(same(fast.verdict, plain.verdict), "fast: \(fast.verdict)\nswift test: \(plain.verdict)")
    #expect(same(first.verdict, plain.verdict))
    #expect(Ditutor.processes(mentioning: Self.course).isEmpty, "nothing is left running")
  }

  @Test func aFileAddedOrRemovedGoesBackToSwiftTest() throws {
    let sources = "\(Self.course)/Exercises/fails/Sources"
    _ = try checkTraced("fails")
    // answer() moves to a file of its own, right this time: the new file must be compiled.
    try "// answer() is in Answer.swift\n".write(toFile: "\(sources)/Code.swift", atomically: true, encoding: .utf8)
    try "func answer() -> Int { 42 }\n".write(toFile: "\(sources)/Answer.swift", atomically: true, encoding: .utf8)
    let added = try checkTraced("fails")
    #expect(added.trace.contains("a file was added, removed or renamed in Exercises/fails"), "\(added.trace)")
    #expect(added.verdict["status"] as? String == "passed")
    // And back: without the new file the old answer is the one compiled.
    try FileManager.default.removeItem(atPath: "\(sources)/Answer.swift")
    try "func answer() -> Int { 41 }\n".write(toFile: "\(sources)/Code.swift", atomically: true, encoding: .utf8)
    let removed = try checkTraced("fails")
    #expect(removed.trace.contains("building with swift test"), "\(removed.trace)")
    #expect(removed.verdict["status"] as? String == "failed")
    // An editor's hidden file is not a source: the next check stays fast.
    try "swap".write(toFile: "\(sources)/.Code.swift.swp", atomically: true, encoding: .utf8)
    try append("// an edit", to: "\(sources)/Code.swift")
    let hidden = try checkTraced("fails")
    #expect(hidden.trace.contains("built without SwiftPM"), "\(hidden.trace)")
  }

  @Test func switchingExercisesAndBackStaysFast() throws {
    _ = try checkTraced("passes")
    _ = try checkTraced("fails")
    try append("// an edit", to: try learnersFile("passes"))
    let back = try checkTraced("passes")
    #expect(back.trace.contains("built without SwiftPM"), "\(back.trace)")
    #expect(back.verdict["status"] as? String == "passed")
  }

  @Test func twoTerminalsCheckingAtOnceTakeTurns() throws {
    _ = try checkTraced("passes")
    _ = try checkTraced("fails")
    try append("// an edit", to: try learnersFile("passes"))
    try append("// an edit", to: try learnersFile("fails"))
    let statuses = Mutex<[String: String]>([:])
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      let exercise = index == 0 ? "passes" : "fails"
      let status = (try? checkTraced(exercise))?.verdict["status"] as? String ?? "no verdict"
      statuses.withLock { $0[exercise] = status }
    }
    #expect(statuses.withLock { $0 } == ["passes": "passed", "fails": "failed"])
  }
  /// Starts `ditutor check hangs` and kills it with SIGKILL once its tests are running; returns
  /// what it had said (its trace).
  @discardableResult
  func killCheckWhileTestsRun(fast: Bool) throws -> String {
    let log = NSTemporaryDirectory() + "ditutor-killed-\(UUID().uuidString).log"
    _ = FileManager.default.createFile(atPath: log, contents: nil)
    defer { try? FileManager.default.removeItem(atPath: log) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Ditutor.executable)
    process.arguments = ["check", "hangs", "--timeout", "600"]
    process.currentDirectoryURL = URL(fileURLWithPath: Self.course)
    process.environment = Ditutor.environment(
      ["DITUTOR_FAST_CHECK": fast ? "1" : "0", "DITUTOR_TRACE": "1"], home: NSTemporaryDirectory())
    process.standardOutput = FileHandle.nullDevice
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
    try process.run()
    // The test program itself, not a compiler job that names it.
    let testsRun = {
      Ditutor.processes(mentioning: Self.course).contains { $0.contains(": \(Self.course)/.build/") && $0.contains(".xctest") }
    }
    let deadline = Date().addingTimeInterval(300)
    while !testsRun() && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    #expect(testsRun(), "the tests started")
    kill(process.processIdentifier, SIGKILL)
    var status: Int32 = 0
    _ = waitpid(process.processIdentifier, &status, 0)
    return (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
  }

  func waitUntilNothingRuns(seconds: Double) -> [String] {
    let deadline = Date().addingTimeInterval(seconds)
    while !Ditutor.processes(mentioning: Self.course).isEmpty && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    return Ditutor.processes(mentioning: Self.course)
  }

  @Test func aFastCheckKilledWithNineTakesItsTestsWithIt() throws {
    _ = try checkTraced("hangs")
    try append("// an edit", to: try learnersFile("hangs"))
    let trace = try killCheckWhileTestsRun(fast: true)
    #expect(trace.contains("built without SwiftPM"), "\(trace)")
    // The test program is ditutor's own child: it dies with it (a parent-death signal).
    #expect(waitUntilNothingRuns(seconds: 10) == [])
  }

  @Test func aSwiftTestCheckKilledWithNineIsStoppedByTheNextDitutor() throws {
    try #require(waitUntilNothingRuns(seconds: 10) == [], "nothing of an earlier test runs")
    try killCheckWhileTestsRun(fast: false)
    // swift test dies with ditutor; the tests it started are found by the mark they carry and
    // stopped by the next check, which then does not wait on a lock held by a dead run.
    try append("// an edit", to: try learnersFile("passes"))
    let next = try checkTraced("passes", fast: false)
    #expect(next.verdict["status"] as? String == "passed")
    #expect(next.trace.contains("that a killed ditutor left running"), "\(next.trace)")
    #expect(waitUntilNothingRuns(seconds: 10) == [])
  }
}

/// A changed manifest, on a course of its own: after it, every exercise's next check is SwiftPM's,
/// which would slow the rest of ``RunnerTests`` down; here it runs beside them.
@Suite struct ChangedManifestTests {
  @Test func aChangedManifestGoesBackToSwiftTest() throws {
    let course = try Ditutor.makeCourseCopy(fixture: "RunnerCourse")
    defer { try? FileManager.default.removeItem(atPath: course) }
    let runner = RunnerTests()
    _ = try runner.checkTraced("passes", in: course)
    try runner.append("// a comment in the manifest", to: "\(course)/Package.swift")
    let changed = try runner.checkTraced("passes", in: course)
    #expect(changed.trace.contains("Package.swift changed"), "\(changed.trace)")
    #expect(changed.verdict["status"] as? String == "passed")
  }
}
