import Foundation
import Synchronization
import Testing

@testable import TutorKit

/// Planted bugs run by the test launcher read as if each had run as a program of its own, and a
/// bug the launcher could not start still runs, as a program.
@Suite struct LaunchedRunsTests {
  static let started = #"{"kind":"event","payload":{"kind":"runStarted","messages":[]},"version":0}"#

  /// A launcher, and the test programs it stands in for, over an in-memory file system: the
  /// launcher reads its command line as the real one does, writes each run's files, and reports
  /// the endings it was given; a program writes its event stream and ends as told.
  final class Launcher: ProcessRunner {
    let fileSystem: InMemoryFileSystem
    /// How each launched run ends, by position; nil: not reported (it did not run).
    let endings: [String?]
    /// Runs that start a test run (the others fail to load, and write no stream).
    let starting: Set<Int>
    private let requests = Mutex<[ProcessRequest]>([])
    var seen: [ProcessRequest] { requests.withLock { $0 } }

    init(fileSystem: InMemoryFileSystem, endings: [String?], starting: Set<Int>) {
      self.fileSystem = fileSystem
      self.endings = endings
      self.starting = starting
    }

    func locate(_ name: String) -> String? { nil }
    func stopProcesses(carrying variable: String, value: String) -> Int { 0 }

    func run(_ request: ProcessRequest) async throws -> ProcessOutcome {
      requests.withLock { $0.append(request) }
      let arguments = request.arguments
      if request.executable == "/b/launcher" {
        var at = 3
        at += 1 + Int(arguments[at])!
        let runs = Int(arguments[at])!
        at += 1
        var report = ""
        for position in 0..<runs {
          let output = arguments[at], error = arguments[at + 1]
          at += 3 + Int(arguments[at + 2])!
          let count = Int(arguments[at])!
          let own = Array(arguments[(at + 1)..<(at + 1 + count)])
          at += 1 + count
          let events = own[own.firstIndex(of: "--event-stream-output-path")! + 1]
          fileSystem.add(output, "out \(position)")
          fileSystem.add(error, "err \(position)")
          if starting.contains(position) { fileSystem.add(events, Self.lines(own)) }
          if let ending = endings[position] { report += "\(position) \(ending) 1500\n" }
        }
        return ProcessOutcome(ending: .exited(0), standardOutput: report)
      }
      // A test program of its own.
      let events = arguments[arguments.firstIndex(of: "--event-stream-output-path")! + 1]
      fileSystem.add(events, Self.lines(arguments))
      return ProcessOutcome(ending: .exited(1), standardError: "from the program")
    }

    /// A stream that says the run started, and what it was asked to run.
    static func lines(_ arguments: [String]) -> String {
      started + "\n" + #"{"arguments":"\#(arguments.joined(separator: " "))"}"#
    }
  }

  func job(_ fileSystem: InMemoryFileSystem) -> TestJob {
    TestJob(
      exercises: [], variables: ["DITUTOR_CHECK": "1"],
      arguments: ["--skip-build", "--event-stream-output-path", "/c/events"], configuration: [:], timeout: .seconds(30),
      swift: "/usr/bin/swift", events: WatchedFile(path: "/c/events"), stream: { fileSystem.text(at: "/c/events") })
  }

  func bug(_ name: String, launched: Bool = true) -> BugRun {
    BugRun(
      module: "TMutant\(name)Tests", testModule: "TTests", program: "/b/tests.xctest", libraryPath: "/b/T/\(name)",
      launch: launched
        ? BugRun.Launch(launcher: "/b/launcher", tests: "/b/tests.so", libraries: ["/b/T/\(name)/libXCode.so", "/b/Y/subject/libYCode.so"])
        : nil)
  }

  @Test func theCommandLineNamesEachRunsFilesLibrariesAndArguments() {
    let arguments = LaunchedRuns.arguments(
      tests: "/b/tests.so", jobs: 2, timeout: .milliseconds(1500), notPreloaded: ["libXCode.so"],
      runs: [("/o0", "/e0", ["/b/a/libXCode.so"], ["--filter", "^TTests\\."]), ("/o1", "/e1", [], [])])
    #expect(
      arguments == [
        "/b/tests.so", "2", "1500", "1", "libXCode.so", "2",
        "/o0", "/e0", "1", "/b/a/libXCode.so", "3", "/b/tests.so", "--filter", "^TTests\\.",
        "/o1", "/e1", "0", "1", "/b/tests.so",
      ])
  }

  @Test func theReportSaysHowEachRunEnded() throws {
    let ended = LaunchedRuns.report("0 exited 1 2500\n2 signalled 11 900\nnoise\n3 timedout 0 30000000\n4 exploded 1 1\n")
    #expect(ended.keys.sorted() == [0, 2, 3])
    let first = try #require(ended[0])
    #expect(first.ending == .exited(1) && first.duration == .microseconds(2500))
    #expect(ended[2]?.ending == .signalled(11))
    #expect(ended[3]?.ending == .timedOut)
  }

  @Test func launchedRunsReadAsProgramsOfTheirOwnAndWhatDidNotStartRunsAsOne() async throws {
    let fileSystem = InMemoryFileSystem()
    // a passes, b crashes, c's library does not load, d is not in the report at all.
    let launcher = Launcher(
      fileSystem: fileSystem, endings: ["exited 0", "signalled 11", "exited 127", nil], starting: [0, 1])
    let programs = TestPrograms(root: "/c", processes: launcher, fileSystem: fileSystem)
    let bugs = [bug("A"), bug("B"), bug("C"), bug("D"), bug("E", launched: false)]
    let runs = try await programs.run(nil, bugRuns: bugs, job: job(fileSystem))

    #expect(runs.keys.sorted() == [0, 1, 2, 3, 4])
    let launches = launcher.seen.filter { $0.executable == "/b/launcher" }
    try #require(launches.count == 1, "one launcher for the four bugs it can run")
    let arguments = launches[0].arguments
    // Two children a core (many bugs' runs wait rather than compute).
    #expect(arguments.prefix(3) == ["/b/tests.so", String(2 * ProcessInfo.processInfo.activeProcessorCount), "30000"])
    // Each child loads the subjects itself; the launcher loads everything else once.
    #expect(arguments[3...5] == ["2", "libXCode.so", "libYCode.so"])
    #expect(launches[0].environment["NO_COLOR"] == "1" && launches[0].environment["DITUTOR_CHECK"] == "1")

    let (passed, passedStream) = try #require(runs[0])
    #expect(passed.ending == .exited(0) && passed.standardOutput == "out 0" && passed.standardError == "err 0")
    #expect(passed.duration == .microseconds(1500))
    // Its own stream, of only its own exercise's tests, with swift test's arguments.
    #expect(passedStream?.contains("--filter ^TTests\\. --testing-library swift-testing") == true, "\(passedStream ?? "")")
    #expect(passedStream?.contains("--event-stream-output-path /c/events.0 ") == true)

    let (crashed, _) = try #require(runs[1])
    #expect(crashed.ending == .exited(1), "as swift test reports a program that a signal stopped")
    #expect(crashed.standardError.contains("exited with unexpected signal code 11"))

    // c and d ran as programs, with the bug's library first on the path; e as always.
    let programRuns = launcher.seen.filter { $0.executable == "/b/tests.xctest" }
    #expect(programRuns.map { $0.environment["LD_LIBRARY_PATH"] } .sorted { ($0 ?? "") < ($1 ?? "") } == ["/b/T/C", "/b/T/D", "/b/T/E"])
    for index in [2, 3, 4] {
      #expect(runs[index]?.0.standardError == "from the program", "run \(index)")
    }
    // Nothing the runs wrote is left behind.
    #expect(fileSystem.text(at: "/c/events.0.out") == nil && fileSystem.text(at: "/c/events.1") == nil)
  }

  @Test func aCancelledLauncherCancelsEveryRunItHad() async throws {
    final class Cancelled: ProcessRunner {
      func run(_ request: ProcessRequest) async throws -> ProcessOutcome { ProcessOutcome(ending: .cancelled) }
      func locate(_ name: String) -> String? { nil }
      func stopProcesses(carrying variable: String, value: String) -> Int { 0 }
    }
    let fileSystem = InMemoryFileSystem()
    let programs = TestPrograms(root: "/c", processes: Cancelled(), fileSystem: fileSystem)
    let runs = try await programs.run(nil, bugRuns: [bug("A"), bug("B")], job: job(fileSystem))
    #expect(runs.values.map(\.0.ending) == [.cancelled, .cancelled])
  }
}
