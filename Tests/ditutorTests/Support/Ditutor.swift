import Foundation
import Testing

/// Runs the built `ditutor` binary the way a learner or a script would.
enum Ditutor {
  /// The package checkout these tests belong to.
  static let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { url.deleteLastPathComponent() }
    return url.path
  }()

  /// The `ditutor` executable built beside this test bundle.
  static let executable: String = {
    if let override = ProcessInfo.processInfo.environment["DITUTOR_BINARY"] { return override }
    let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var directory = testBinary.deletingLastPathComponent()
    // On Linux the tests run as `.build/debug/<name>PackageTests.xctest`; on macOS inside a bundle.
    while !FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("ditutor").path),
      directory.path != "/"
    {
      directory.deleteLastPathComponent()
    }
    return directory.appendingPathComponent("ditutor").path
  }()

  struct Result {
    var status: Int32
    var output: String
    var error: String
  }

  /// A private copy of a course (lessons, exercises and the manifest that builds them), so each
  /// test has its own progress and build folder. By default the real course; `fixture` names one
  /// under Tests/Fixtures.
  static func makeCourseCopy(fixture: String? = nil) throws -> String {
    let source = fixture.map { packageRoot + "/Tests/Fixtures/" + $0 } ?? packageRoot
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("ditutor-e2e-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    for folder in ["Lessons", "Exercises"] {
      try FileManager.default.copyItem(atPath: source + "/" + folder, toPath: directory + "/" + folder)
    }
    try FileManager.default.copyItem(atPath: packageRoot + "/Package.swift", toPath: directory + "/Package.swift")
    return directory
  }

  static func environment(_ extra: [String: String] = [:], home: String) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["HOME"] = home
    environment.removeValue(forKey: "NO_COLOR")
    environment.removeValue(forKey: "COLUMNS")
    environment["TERM"] = "xterm-256color"
    return environment.merging(extra) { $1 }
  }

  /// Processes whose command line mentions `text` (a course copy's unique path): what a test
  /// checks is gone after a cancelled check.
  static func processes(mentioning text: String) -> [String] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry -> String? in
      guard Int32(entry) != nil, Int32(entry) != getpid(),
        let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
      else { return nil }
      let line = String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
      return line.contains(text) ? "\(entry): \(line)" : nil
    }
  }

  /// What /proc says of a process, for the fields tests read: its parent, and the clock ticks
  /// it has spent in user mode (a loop shows there). Nil once it is gone.
  struct ProcessStat {
    var parent: Int32
    var userTicks: Int

    init?(pid: Int32) {
      // "pid (name) state ppid … utime …": the name may hold spaces and parentheses.
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return nil }
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      guard fields.count > 11, let parent = Int32(fields[1]), let ticks = Int(fields[11]) else { return nil }
      self.parent = parent
      userTicks = ticks
    }
  }

  /// Every process on the machine, by id.
  static func processIdentifiers() -> [Int32] {
    ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { Int32($0) }
  }

  /// Runs ditutor with `input` on standard input (a file, as a pipe from a script would be).
  static func run(
    _ arguments: [String], input: Data = Data(), in directory: String, environment: [String: String] = [:]
  ) throws -> Result {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("ditutor-io-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let inputFile = scratch.appendingPathComponent("in")
    let outputFile = scratch.appendingPathComponent("out")
    let errorFile = scratch.appendingPathComponent("err")
    try input.write(to: inputFile)
    try Data().write(to: outputFile)
    try Data().write(to: errorFile)

    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.environment = Self.environment(environment, home: scratch.path)
    process.standardInput = try FileHandle(forReadingFrom: inputFile)
    process.standardOutput = try FileHandle(forWritingTo: outputFile)
    process.standardError = try FileHandle(forWritingTo: errorFile)
    try process.run()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      output: String(decoding: try Data(contentsOf: outputFile), as: UTF8.self),
      error: String(decoding: try Data(contentsOf: errorFile), as: UTF8.self))
  }
}
