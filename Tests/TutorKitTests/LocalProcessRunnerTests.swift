import Foundation
import Testing
@testable import TutorKit

#if canImport(Glibc)
  import Glibc
#endif

/// Real processes through /bin/sh: exit codes, output, timeouts, cancellation, whole trees.
@Suite struct LocalProcessRunnerTests {
  let runner = LocalProcessRunner()

  func shell(_ script: String, timeout: Duration = .seconds(20), limit: Int = 1 << 20) -> ProcessRequest {
    ProcessRequest(executable: "/bin/sh", arguments: ["-c", script], environment: ["PATH": "/usr/bin:/bin"], timeout: timeout, outputLimit: limit)
  }

  @Test func exitCodesAndBothStreams() async throws {
    let outcome = try await runner.run(shell("echo out; echo err >&2; exit 3"))
    #expect(outcome.ending == .exited(3))
    #expect(outcome.standardOutput == "out\n")
    #expect(outcome.standardError == "err\n")
  }

  @Test func aSignalIsReportedAsSuch() async throws {
    #expect(try await runner.run(shell("kill -SEGV $$")).ending == .signalled(11))
  }

  @Test func aHangIsStoppedAtTheTimeoutWithEverythingItStarted() async throws {
    // The sleeps themselves carry the marker (an unusual duration), so the check below sees
    // the grandchildren, not just the shell.
    let marker = "sleep \(Int.random(in: 100_000...999_999))"
    let outcome = try await runner.run(shell("\(marker) & \(marker) & wait", timeout: .seconds(1)))
    #expect(outcome.ending == .timedOut)
    // The runner's own clock: wall time here would include waiting for a busy thread pool to
    // resume this test (the suite runs stress tests alongside), which is not the runner's doing.
    #expect(outcome.duration < .seconds(10))
    #expect(
      await eventually(within: .seconds(10)) { Self.processes(mentioning: marker).isEmpty },
      "the sleeps the shell started outlived the timeout")
  }

  @Test func theTimeoutCanWaitForASignalToStart() async throws {
    let flag = FileManager.default.temporaryDirectory.appendingPathComponent("ditutor-flag-\(UUID().uuidString)").path
    let request = ProcessRequest(
      executable: "/bin/sh", arguments: ["-c", "sleep 1.5; touch \(flag); sleep 300"], environment: [:],
      timeout: .milliseconds(500), watch: WatchedFile(path: flag))
    let started = ContinuousClock.now
    #expect(try await runner.run(request).ending == .timedOut)
    #expect(ContinuousClock.now - started >= .seconds(2), "the clock started only when the flag appeared")
  }

  @Test func cancellingTheTaskStopsTheProcess() async throws {
    let runner = self.runner
    // A long timeout: the test is about cancellation, not the clock.
    let marker = "sleep \(Int.random(in: 100_000...999_999))"
    let request = shell(marker, timeout: .seconds(600))
    let task = Task { try await runner.run(request) }
    // Cancelled once the program runs, not after a pause that may or may not have been enough.
    let running = await eventually(within: .seconds(30)) { !Self.processes(mentioning: marker).isEmpty }
    task.cancel()
    try #require(running, "the program never started")
    #expect(try await task.value.ending == .cancelled)
    #expect(
      await eventually(within: .seconds(10)) { Self.processes(mentioning: marker).isEmpty }, "the program outlived its cancelled run")
  }

  @Test func aFloodIsKeptToItsStartAndEnd() async throws {
    let outcome = try await runner.run(shell("yes flood | head -c 5000000; echo; echo THE-END", limit: 4096))
    #expect(outcome.ending == .exited(0))
    #expect(outcome.droppedBytes > 4_900_000)
    #expect(outcome.standardOutput.count < 8192)
    #expect(outcome.standardOutput.hasSuffix("THE-END\n"))
  }

  @Test func locateSearchesThePath() {
    #expect(runner.locate("sh") != nil)
    #expect(runner.locate("no-such-program-\(UUID().uuidString)") == nil)
  }

  @Test func whatAKilledRunLeftIsFoundByItsMarkAndStopped() async throws {
    // Two escapees, detached from the runs that started them as a killed ditutor's programs
    // are: one carries this build folder's mark, the other another checkout's.
    let folder = "/tmp/ditutor-\(UUID().uuidString)/.build/exercises"
    let left = "sleep \(Int.random(in: 100_000...499_999))"
    let other = "sleep \(Int.random(in: 500_000...999_999))"
    for (sleep, mark) in [(left, folder), (other, folder + "-elsewhere")] {
      let request = ProcessRequest(
        executable: "/bin/sh", arguments: ["-c", "setsid \(sleep) </dev/null >/dev/null 2>&1 &"],
        environment: ["PATH": "/usr/bin:/bin", "DITUTOR_BUILD_FOLDER": mark], timeout: .seconds(20))
      #expect(try await runner.run(request).ending == .exited(0))
    }
    defer { for pid in Self.processes(mentioning: other).compactMap(Self.pid) { kill(pid, SIGKILL) } }
    #expect(Self.processes(mentioning: left).count == 1, "the escapee outlived its run")

    #expect(runner.stopProcesses(carrying: "DITUTOR_BUILD_FOLDER", value: folder) == 1)
    #expect(await eventually(within: .seconds(10)) { Self.processes(mentioning: left).isEmpty })
    #expect(Self.processes(mentioning: other).count == 1, "another checkout's program is not ours to stop")
  }

  @Test func aProgramStartsInTheFolderItIsGiven() async throws {
    let request = ProcessRequest(
      executable: "/bin/pwd", arguments: [], environment: [:], workingDirectory: "/usr/lib", timeout: .seconds(20))
    #expect(try await runner.run(request).standardOutput == "/usr/lib\n")
  }

  @Test func aProgramThatCannotStartIsAnErrorNotAnExit() async throws {
    let request = ProcessRequest(
      executable: "/bin/pwd", arguments: [], environment: [:], workingDirectory: "/no/such/folder", timeout: .seconds(20))
    await #expect(throws: ProcessError.spawn("/bin/pwd", ENOENT)) { try await runner.run(request) }
  }

  /// The sweep after every run asks for ditutor's own children the short way: like the whole
  /// table, it knows a child while it runs, and not once it is gone. (Other tests start children
  /// of this process at the same time: the two lists are compared on this one child.)
  @Test func aProcesssChildrenAreFoundAsTheWholeTableFindsThem() throws {
    let child = try ChildProcess.spawn("/bin/sleep", arguments: ["30"], environment: [:], input: .null, output: .null, error: .null)
    let me = getpid()
    let short = try #require(ProcessTable.children(of: me), "this Linux keeps each thread's children")
    #expect(short.contains(child))
    #expect(ProcessTable.childrenByParent()[me]?.contains(child) == true)
    kill(child, SIGKILL)
    var status: Int32 = 0
    #expect(waitpid(child, &status, 0) == child)
    #expect(ProcessTable.children(of: me)?.contains(child) == false)
    #expect(ProcessTable.childrenByParent()[me]?.contains(child) != true)
  }

  static func pid(_ line: String) -> pid_t? { pid_t(line.prefix { $0 != ":" }) }

  static func processes(mentioning text: String) -> [String] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry in
      guard Int32(entry) != nil, let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return nil }
      let line = String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
      return line.contains(text) ? "\(entry): \(line)" : nil
    }
  }
}
