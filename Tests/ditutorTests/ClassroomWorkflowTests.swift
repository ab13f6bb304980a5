import Foundation
import Testing

/// The README's Classroom workflow (the yaml under "Grading in the class's own CI"), run as
/// GitHub would run its check step, so the text instructors copy cannot rot: every exercise in its
/// matrix is one the course has, and the step's commands, run with bash in a learner's copy of
/// the course, leave in `GITHUB_OUTPUT` the base64 classroom JSON the reporter decodes, with the
/// right verdict for an unsolved exercise and for a solved one.
@Suite(.serialized) struct ClassroomWorkflowTests {
  struct Workflow {
    var exercises: [String]
    /// The `run:` of the step with `id: check`, its `${{ … }}` expressions as written.
    var checkScript: String
  }

  static func indent(_ line: String) -> Int { line.prefix { $0 == " " }.count }

  /// The workflow as the README shows it.
  static func workflow() throws -> Workflow {
    let readme = try String(contentsOfFile: Ditutor.packageRoot + "/README.md", encoding: .utf8)
    let section = try #require(readme.range(of: "**Grading in the class's own CI.**"), "the README's section on Classroom is gone")
    let open = try #require(readme.range(of: "```yaml\n", range: section.upperBound..<readme.endIndex), "no yaml block in the section")
    let close = try #require(readme.range(of: "\n```", range: open.upperBound..<readme.endIndex))
    let lines = readme[open.upperBound..<close.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)

    // strategy.matrix.exercise, inline ([a, b]) or as a list (- a).
    let matrix = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "matrix:" }, "no matrix in the workflow")
    let key = try #require(
      lines[(matrix + 1)...].firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("exercise:") }, "no exercise in the matrix")
    let value = lines[key].split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    var exercises: [String]
    if value.hasPrefix("[") {
      exercises = value.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
      }
    } else {
      exercises = lines[(key + 1)...].prefix { indent($0) > indent(lines[key]) }.map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { $0.hasPrefix("- ") }.map { String($0.dropFirst(2)).trimmingCharacters(in: .whitespaces) }
    }
    exercises = exercises.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) }

    // The check step's run, a block (run: |) or one line.
    let step = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "- id: check" }, "no step with id: check")
    let stepIndent = indent(lines[step])
    let body = lines[(step + 1)...].prefix { $0.trimmingCharacters(in: .whitespaces).isEmpty || indent($0) > stepIndent }
    let run = try #require(body.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("run:") }, "the check step has no run")
    let inline = lines[run].trimmingCharacters(in: .whitespaces).dropFirst("run:".count).trimmingCharacters(in: .whitespaces)
    let script: String
    if inline == "|" {
      let block = lines[(run + 1)..<body.endIndex].prefix { $0.trimmingCharacters(in: .whitespaces).isEmpty || indent($0) > indent(lines[run]) }
      let margin = block.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map(indent).min() ?? 0
      script = block.map { String($0.dropFirst(min(margin, indent($0)))) }.joined(separator: "\n") + "\n"
    } else {
      script = inline + "\n"
    }
    return Workflow(exercises: exercises, checkScript: script)
  }

  struct StepResult {
    var status: Int32
    var log: String
    var output: String
  }

  /// Runs the check step in `checkout` for `exercise`, as a GitHub runner would: bash -e, with
  /// `${{ matrix.exercise }}` filled in and `GITHUB_OUTPUT` a file of its own.
  ///
  /// Building ditutor inside the copy would cost minutes of CI, so a `swift` first on the `PATH`
  /// stands in for exactly `swift build --product ditutor`: it puts the ditutor these tests run
  /// (Ditutor.executable, already built) at the copy's `.build/debug/ditutor`. Every other
  /// invocation (the `swift test` that `ditutor check` starts) goes to the real swift.
  static func runCheckStep(_ workflow: Workflow, exercise: String, in checkout: String) throws -> StepResult {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("ditutor-workflow-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: scratch + "/bin", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }

    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let realSwift = try #require(
      path.split(separator: ":").map { "\($0)/swift" }.first { FileManager.default.isExecutableFile(atPath: $0) }, "no swift on the PATH")
    func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
    let shim = """
      #!/usr/bin/env bash
      # ClassroomWorkflowTests' stand-in: the workflow's build of ditutor is the one the tests run.
      if [ "$#" -eq 3 ] && [ "$1" = build ] && [ "$2" = --product ] && [ "$3" = ditutor ]; then
        mkdir -p .build/debug && cp \(quoted(Ditutor.executable)) .build/debug/ditutor
        exit 0
      fi
      exec \(quoted(realSwift)) "$@"

      """
    try shim.write(toFile: scratch + "/bin/swift", atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scratch + "/bin/swift")

    let expression = try NSRegularExpression(pattern: #"\$\{\{\s*matrix\.exercise\s*\}\}"#)
    let script = expression.stringByReplacingMatches(
      in: workflow.checkScript, range: NSRange(workflow.checkScript.startIndex..., in: workflow.checkScript), withTemplate: exercise)
    try #require(!script.contains("${{"), "an expression the test does not know how to fill in: \(script)")
    try script.write(toFile: scratch + "/step.sh", atomically: true, encoding: .utf8)
    let output = scratch + "/github-output"
    let log = scratch + "/log"
    try Data().write(to: URL(fileURLWithPath: output))
    try Data().write(to: URL(fileURLWithPath: log))

    // A runner's environment: none of the test suite's DITUTOR_ variables (DITUTOR_CODE=solution
    // would grade the reference instead of the learner's code).
    var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("DITUTOR_") }
    environment["PATH"] = scratch + "/bin:" + path
    environment["HOME"] = scratch
    environment["CI"] = "true"
    environment["GITHUB_ACTIONS"] = "true"
    environment["GITHUB_OUTPUT"] = output
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-e", scratch + "/step.sh"]
    process.currentDirectoryURL = URL(fileURLWithPath: checkout)
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
    process.standardError = process.standardOutput
    try process.run()
    process.waitUntilExit()
    return StepResult(
      status: process.terminationStatus, log: try String(contentsOfFile: log, encoding: .utf8),
      output: try String(contentsOfFile: output, encoding: .utf8))
  }

  /// The classroom JSON in the step's `result=` output.
  static func result(_ step: StepResult) throws -> [String: Any] {
    let line = try #require(
      step.output.split(separator: "\n").first { $0.hasPrefix("result=") }, "no result= in GITHUB_OUTPUT: \(step.output)\n\(step.log)")
    let data = try #require(Data(base64Encoded: String(line.dropFirst("result=".count))), "result= is not base64: \(line)")
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(String(decoding: data, as: UTF8.self))")
  }

  @Test func everyExerciseInTheMatrixIsInTheCourse() throws {
    let workflow = try Self.workflow()
    #expect(!workflow.exercises.isEmpty)
    let course = try Ditutor.makeCourseCopy()
    defer { try? FileManager.default.removeItem(atPath: course) }
    let listing = try Ditutor.run(["list", "--format", "json"], in: course)
    let lessons = try #require(try JSONSerialization.jsonObject(with: Data(listing.output.utf8)) as? [[String: Any]], "\(listing.error)")
    let ids = Set(lessons.flatMap { ($0["exercises"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String } })
    #expect(ids.count > 20)
    for exercise in workflow.exercises {
      #expect(ids.contains(exercise), "the README's matrix names \(exercise), which the course does not have")
    }
    #expect(workflow.checkScript.contains("--format classroom"), "\(workflow.checkScript)")
  }

  @Test func theCheckStepReportsAFailThenAPassToTheReporter() throws {
    let workflow = try Self.workflow()
    // One small exercise is enough for the run: the test above covers the matrix's names.
    let exercise = workflow.exercises.contains("greeting-clock") ? "greeting-clock" : try #require(workflow.exercises.first)

    let unsolved = try Ditutor.makeCourseCopy()
    let solved = try Ditutor.makeCourseCopy()
    defer { for copy in [unsolved, solved] { try? FileManager.default.removeItem(atPath: copy) } }
    let sources = solved + "/Exercises/\(exercise)/Sources"
    let solution = solved + "/Exercises/\(exercise)/Solution"
    for file in try FileManager.default.contentsOfDirectory(atPath: sources) {
      try FileManager.default.removeItem(atPath: sources + "/" + file)
    }
    for file in try FileManager.default.contentsOfDirectory(atPath: solution) {
      try FileManager.default.copyItem(atPath: solution + "/" + file, toPath: sources + "/" + file)
    }

    for (checkout, passes) in [(unsolved, false), (solved, true)] {
      let step = try Self.runCheckStep(workflow, exercise: exercise, in: checkout)
      #expect(step.status == 0, "the step itself succeeds, whatever the verdict: \(step.log)")
      #expect(FileManager.default.isExecutableFile(atPath: checkout + "/.build/debug/ditutor"), "the workflow's build step ran")
      let result = try Self.result(step)
      #expect(result["version"] as? Int == 1)
      #expect(result["max_score"] as? Int == 10)
      #expect(result["status"] as? String == (passes ? "pass" : "fail"), "\(result)\n\(step.log)")
      let tests = try #require(result["tests"] as? [[String: Any]])
      #expect(!tests.isEmpty)
      for test in tests {
        #expect(test["name"] is String && test["score"] as? Double != nil, "\(test)")
        #expect(test["test_code"] as? String == "ditutor check \(exercise)")
      }
      let score = tests.compactMap { $0["score"] as? Double }.reduce(0, +)
      if passes {
        #expect(tests.allSatisfy { $0["status"] as? String == "pass" }, "\(tests)")
        #expect(abs(score - 10) < 0.001)
      } else {
        #expect(tests.contains { $0["status"] as? String == "fail" }, "\(tests)")
        #expect(score < 10)
      }
    }
  }
}
