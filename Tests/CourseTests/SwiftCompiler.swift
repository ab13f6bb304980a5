import Foundation
import TutorKit

/// Compiles (and, when it has expected output, runs) one lesson snippet with the toolchain's
/// `swiftc`, in Swift 6 mode with warnings as errors, as a learner copying it would.
enum SwiftCompiler {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  static func check(_ snippet: LessonSnippet) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ditutor-snippet-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    if let expected = snippet.expectedError {
      return try checkFails(snippet, expecting: expected, in: directory)
    }
    if snippet.isTestSuite {
      return try runTests(snippet, in: directory)
    }
    let source = directory.appendingPathComponent("main.swift")
    try Data(snippet.code.utf8).write(to: source)
    let binary = directory.appendingPathComponent("snippet")

    // A full compile, not -typecheck: some Swift 6 data-race errors ("sending … risks causing
    // data races") come from passes after type checking, and a learner would meet them.
    let compile = try run(
      "/usr/bin/env", compilerArguments(source.path, output: binary.path, extra: try linking(snippet)), seconds: 120)
    guard compile.status == 0 else {
      throw Failure(description: "\(snippet) does not compile:\n" + pointAtLesson(compile.error, snippet: snippet, source: source.path))
    }
    guard let expected = snippet.expectedOutput else { return }
    let program = try run(binary.path, [], seconds: 20)
    guard program.status == 0 else {
      throw Failure(description: "\(snippet) exited with status \(program.status):\n\(program.error)")
    }
    guard program.output == expected else {
      throw Failure(description: "\(snippet) printed:\n\(program.output)\nbut its output block says:\n\(expected)")
    }
  }

  /// DIKit, compiled from `Sources/DIKit` into a static library and its module, as `run` does for
  /// an example marked `dikit` (see `ExampleRunner`): once per version of its sources, kept in
  /// the temporary folder (built aside, then renamed into place, so two test runs cannot mix).
  static let dikit: Result<String, Failure> = {
    let sourceFolder = RealCourse.root + "/Sources/DIKit"
    let sources = (FileManager.default.enumerator(atPath: sourceFolder)?.allObjects as? [String] ?? [])
      .filter { $0.hasSuffix(".swift") }.sorted().map { sourceFolder + "/" + $0 }
    var fingerprint: UInt64 = 0xcbf2_9ce4_8422_2325
    for source in sources {
      for byte in Array(source.utf8) + ((try? Data(contentsOf: URL(fileURLWithPath: source))) ?? Data()) {
        fingerprint = (fingerprint ^ UInt64(byte)) &* 0x100_0000_01b3
      }
    }
    let temporary = FileManager.default.temporaryDirectory
    let library = temporary.appendingPathComponent("ditutor-dikit-\(String(fingerprint, radix: 16))").path
    if FileManager.default.fileExists(atPath: library + "/libDIKit.a") { return .success(library) }
    let aside = temporary.appendingPathComponent("ditutor-dikit-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(at: aside, withIntermediateDirectories: true)
      let compile = try run(
        "/usr/bin/env",
        [
          "swiftc", "-swift-version", "6", "-parse-as-library", "-module-name", "DIKit", "-emit-library", "-static",
          "-emit-module", "-emit-module-path", aside.path + "/DIKit.swiftmodule", "-o", aside.path + "/libDIKit.a",
        ] + sources, seconds: 600)
      guard compile.status == 0 else {
        return .failure(Failure(description: "DIKit does not compile as a library for lesson snippets:\n\(compile.error)"))
      }
      if (try? FileManager.default.moveItem(atPath: aside.path, toPath: library)) == nil {
        try? FileManager.default.removeItem(at: aside)  // another test run put it there first
      }
      return .success(library)
    } catch {
      return .failure(Failure(description: "could not build DIKit for lesson snippets: \(error)"))
    }
  }()

  /// The flags that let a snippet marked `dikit` `import DIKit`; none for the others.
  static func linking(_ snippet: LessonSnippet) throws -> [String] {
    guard snippet.usesDIKit else { return [] }
    let library = try dikit.get()
    return ["-I", library, "-L", library, "-lDIKit"]
  }

  /// Swift 6 mode, warnings as errors, one diagnostic per line (`file:line:col: error: …`).
  static func compilerArguments(_ sources: String..., output: String, extra: [String] = []) -> [String] {
    ["swiftc", "-swift-version", "6", "-warnings-as-errors", "-diagnostic-style=llvm"] + extra + sources + ["-o", output]
  }

  /// ` ```swift expect-error: <text> `: the same full compile must fail, and every error it reports
  /// must contain the text the lesson quotes. A block that compiles, or fails for another reason
  /// as well (a typo, a warning), fails the suite.
  private static func checkFails(_ snippet: LessonSnippet, expecting expected: String, in directory: URL) throws {
    let source = directory.appendingPathComponent("main.swift")
    try Data(snippet.code.utf8).write(to: source)
    let compile = try run(
      "/usr/bin/env",
      compilerArguments(source.path, output: directory.appendingPathComponent("snippet").path, extra: try linking(snippet)),
      seconds: 120)
    let diagnostics = pointAtLesson(compile.error, snippet: snippet, source: source.path)
    guard compile.status != 0 else {
      throw Failure(description: "\(snippet) compiles, but the lesson says it fails with: error: \(expected)")
    }
    let errors = errorMessages(in: compile.error)
    guard !errors.isEmpty, errors.allSatisfy({ $0.contains(expected) }) else {
      throw Failure(
        description: "\(snippet) should fail only with \"error: \(expected)\", but the compiler said:\n\(diagnostics)")
    }
  }

  /// Compiles a snippet's code with extra compiler flags and requires it to compile cleanly:
  /// how the suite checks what a lesson says about a language mode or an upcoming feature.
  static func compilesCleanly(_ snippet: LessonSnippet, extra: [String]) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ditutor-snippet-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let source = directory.appendingPathComponent("main.swift")
    try Data(snippet.code.utf8).write(to: source)
    let compile = try run(
      "/usr/bin/env",
      compilerArguments(source.path, output: directory.appendingPathComponent("snippet").path, extra: extra + linking(snippet)),
      seconds: 120)
    guard compile.status == 0 else {
      throw Failure(
        description: "\(snippet) does not compile with \(extra.joined(separator: " ")):\n"
          + pointAtLesson(compile.error, snippet: snippet, source: source.path))
    }
  }

  /// The message of every `error:` line swiftc printed (with `-diagnostic-style=llvm`), whether
  /// it points at a file (`main.swift:3:5: error: …`) or not (`error: link command failed`).
  static func errorMessages(in diagnostics: String) -> [String] {
    diagnostics.split(separator: "\n").compactMap { line -> String? in
      if line.hasPrefix("error: ") { return String(line.dropFirst("error: ".count)) }
      guard let marker = line.range(of: ": error: ") else { return nil }
      return String(line[marker.upperBound...])
    }
  }

  /// A chain marked `tests`: a Swift Testing file. It is compiled as a library (no top-level
  /// code, as in a test target) together with a two-line runner that calls Swift Testing's entry
  /// point, the one `swift test` calls, then run: every test must pass, and there must be some.
  private static func runTests(_ snippet: LessonSnippet, in directory: URL) throws {
    let source = directory.appendingPathComponent("SnippetTests.swift")
    try Data(snippet.code.utf8).write(to: source)
    let runner = directory.appendingPathComponent("Runner.swift")
    try Data(
      """
      import Testing

      @main struct SnippetTestRunner {
        static func main() async { await Testing.__swiftPMEntryPoint() as Never }
      }

      """.utf8
    ).write(to: runner)
    let binary = directory.appendingPathComponent("snippet-tests")
    let compile = try run(
      "/usr/bin/env",
      compilerArguments(source.path, runner.path, output: binary.path, extra: ["-parse-as-library"] + linking(snippet)),
      seconds: 120)
    guard compile.status == 0 else {
      throw Failure(description: "\(snippet) (tests) does not compile:\n" + pointAtLesson(compile.error, snippet: snippet, source: source.path))
    }
    let tests = try run(binary.path, [], seconds: 60)
    let report = tests.output + tests.error
    guard tests.status == 0 else {
      throw Failure(description: "\(snippet): its tests failed (status \(tests.status)):\n" + pointAtLesson(report, snippet: snippet, source: source.path))
    }
    guard let count = testCount(in: report), count > 0 else {
      throw Failure(description: "\(snippet) is marked `tests` but ran no test:\n\(report)")
    }
  }

  /// `✔ Test run with 2 tests in 1 suite passed …` → 2.
  static func testCount(in report: String) -> Int? {
    guard let range = report.range(of: "Test run with ") else { return nil }
    return Int(report[range.upperBound...].prefix { $0.isNumber })
  }

  /// Rewrites `/tmp/…/main.swift:12:5: error: …` (or `SnippetTests.swift:12:5`, as Swift Testing
  /// names the file) as `Lessons/01-x.md:57:5: error: …`.
  private static func pointAtLesson(_ diagnostics: String, snippet: LessonSnippet, source: String) -> String {
    let name = URL(fileURLWithPath: source).lastPathComponent
    let text = diagnostics.replacing(source, with: name)
    guard let location = try? Regex("\(name.replacing(".", with: "\\.")):([0-9]+)") else { return text }
    return text.replacing(location) { match in
      let codeLine = match.output[1].substring.flatMap { Int($0) } ?? 0
      return "\(snippet.path):\(snippet.lessonLine(forCodeLine: codeLine))"
    }
  }

  private static func run(_ executable: String, _ arguments: [String], seconds: Double) throws
    -> (status: Int32, output: String, error: String)
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Read both pipes while the process runs, so a chatty compiler cannot fill one and stall.
    nonisolated(unsafe) var outputData = Data()
    nonisolated(unsafe) var errorData = Data()
    let group = DispatchGroup()
    for (pipe, index) in [(output, 0), (error, 1)] {
      group.enter()
      DispatchQueue.global().async {
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        if index == 0 { outputData = data } else { errorData = data }
        group.leave()
      }
    }
    if group.wait(timeout: .now() + seconds) == .timedOut {
      process.terminate()
      throw Failure(description: "\(arguments.first ?? executable) took longer than \(Int(seconds)) s and was stopped")
    }
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
  }
}
