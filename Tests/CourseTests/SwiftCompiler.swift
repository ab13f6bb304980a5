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
    let source = directory.appendingPathComponent("main.swift")
    try Data(snippet.code.utf8).write(to: source)
    let binary = directory.appendingPathComponent("snippet")

    // A full compile, not -typecheck: some Swift 6 data-race errors ("sending … risks causing
    // data races") come from passes after type checking, and a learner would meet them.
    let arguments = ["swiftc", "-swift-version", "6", "-warnings-as-errors", source.path, "-o", binary.path]
    let compile = try run("/usr/bin/env", arguments, seconds: 120)
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

  /// Rewrites `main.swift:12:5: error: …` as `Lessons/01-x.md:57: error: …`.
  private static func pointAtLesson(_ diagnostics: String, snippet: LessonSnippet, source: String) -> String {
    diagnostics.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
      guard line.hasPrefix(source + ":") else { return String(line) }
      let rest = line.dropFirst(source.count + 1)
      let parts = rest.split(separator: ":", maxSplits: 2)
      guard parts.count == 3, let codeLine = Int(parts[0]) else { return String(line) }
      return "\(snippet.path):\(snippet.lessonLine(forCodeLine: codeLine)):\(parts[2])"
    }.joined(separator: "\n")
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
