import Foundation

/// Reads the JSON lines that Swift Testing writes with `--event-stream-output-path` (version 0)
/// into per-test results. The verdict comes from here, never from the human-readable output.
struct EventStream {
  struct Record: Decodable {
    var kind: String
    var payload: Payload
  }

  struct Payload: Decodable {
    var kind: String
    var id: String?
    var name: String?
    var displayName: String?
    var testID: String?
    var messages: [Message]?
    var issue: Issue?
    var instant: Instant?
    var sourceLocation: SourceLocation?
  }

  struct Message: Decodable {
    var symbol: String
    var text: String
  }

  struct Issue: Decodable {
    var isKnown: Bool?
    var sourceLocation: SourceLocation?
  }

  struct SourceLocation: Decodable {
    var filePath: String?
    var line: Int?

    enum CodingKeys: String, CodingKey {
      case filePath = "_filePath"
      case line
    }
  }

  struct Instant: Decodable {
    var absolute: Double
  }

  /// One test function as the stream tells it.
  struct Test {
    var id: String
    var name: String
    var suite: String?
    var started: Double?
    var ended: Double?
    var skipped = false
    var issues: [(message: String, explanation: String?, file: String?, line: Int?)] = []
  }

  private(set) var tests: [Test] = []
  private(set) var runStarted = false
  private(set) var runEnded = false
  private var byModule: [String: [Test]] = [:]

  init(_ text: String) {
    var suites: [String: String] = [:]
    var index: [String: Int] = [:]
    let decoder = JSONDecoder()
    for line in text.split(separator: "\n") {
      guard let record = try? decoder.decode(Record.self, from: Data(line.utf8)) else { continue }
      let payload = record.payload
      if record.kind == "test" {
        guard let id = payload.id, let name = payload.name else { continue }
        if payload.kind == "suite" {
          // `@Suite("Step 2: singletons")` reads better than the type's name.
          suites[id] = payload.displayName ?? name
        } else if index[id] == nil {
          // A second run (after a crash) lists the tests again: the first record stands.
          index[id] = tests.count
          tests.append(Test(id: id, name: name, suite: Self.suiteID(of: id).flatMap { suites[$0] }))
        }
        continue
      }
      switch payload.kind {
      case "runStarted": runStarted = true
      case "runEnded": runEnded = true
      case "testStarted":
        if let id = payload.testID, let position = index[id] { tests[position].started = payload.instant?.absolute }
      case "testEnded":
        if let id = payload.testID, let position = index[id] { tests[position].ended = payload.instant?.absolute }
      case "testSkipped":
        if let id = payload.testID, let position = index[id] { tests[position].skipped = true }
      case "issueRecorded":
        guard payload.issue?.isKnown != true, let id = payload.testID, let position = index[id] else { continue }
        let messages = (payload.messages ?? []).filter { $0.symbol != "default" }
        // The test's own comment (`#expect(…, "why")`) comes last among the details.
        let explanation = messages.last { $0.symbol == "details" }?.text
        tests[position].issues.append(
          (messages.map(\.text).joined(separator: "\n"), explanation, payload.issue?.sourceLocation?.filePath,
           payload.issue?.sourceLocation?.line))
      default:
        break
      }
    }
    byModule = Dictionary(grouping: tests) { Self.module(of: $0.id) }
  }

  /// Whether the stream tells of a test run that started, read without decoding the rest: a
  /// course's stream lists every test first, and whether the program ran is asked of each run.
  /// (A line that says so holds the word; one that only mentions it decodes to something else.)
  static func runStarted(in text: String) -> Bool {
    let decoder = JSONDecoder()
    var from = text.startIndex
    while let found = text.range(of: "runStarted", range: from..<text.endIndex) {
      let start = text[..<found.lowerBound].lastIndex(of: "\n").map(text.index(after:)) ?? text.startIndex
      let end = text[found.upperBound...].firstIndex(of: "\n") ?? text.endIndex
      if let record = try? decoder.decode(Record.self, from: Data(text[start..<end].utf8)), record.kind != "test",
        record.payload.kind == "runStarted"
      {
        return true
      }
      from = end
    }
    return false
  }

  /// The tests of one module (a run of a whole course reads this for every exercise and every
  /// planted bug: grouped once, not filtered each time).
  func tests(of module: String) -> [Test] {
    byModule[module] ?? []
  }

  /// The first of `modules` with a test that started and never ended: the run crashed in it.
  func crashedModule(among modules: Set<String>) -> String? {
    tests.first { $0.started != nil && $0.ended == nil && modules.contains(Self.module(of: $0.id)) }
      .map { Self.module(of: $0.id) }
  }

  /// The modules of the tests the stream lists.
  var modules: Set<String> {
    Set(tests.map { Self.module(of: $0.id) })
  }

  /// The modules whose every test has ended (or was skipped): nothing of them is left to run.
  var finishedModules: Set<String> {
    var unfinished: Set<String> = []
    for test in tests where test.ended == nil && !test.skipped { unfinished.insert(Self.module(of: test.id)) }
    return modules.subtracting(unfinished)
  }

  /// `Module.Suite/test()/File.swift:3:4` → `Module.Suite`.
  static func suiteID(of testID: String) -> String? {
    testID.split(separator: "/").first.map(String.init)
  }

  /// `GreetingClockTests.GreeterTests/…` → `GreetingClockTests`.
  static func module(of testID: String) -> String {
    String(testID.prefix { $0 != "." && $0 != "/" })
  }
}
