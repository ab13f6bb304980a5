import Foundation
import Testing

/// ditutor driven by scripts: plain text, exit codes, clear errors on bad input.
@Suite struct PipeTests {
  let course: String

  init() throws {
    course = try Ditutor.makeCourseCopy()
  }

  @Test func pipedCommandsPrintPlainTextAndExitZero() throws {
    let result = try Ditutor.run([], input: Data("lessons\nquit\n".utf8), in: course)
    #expect(result.status == 0)
    #expect(result.output.contains("Why dependency injection"))
    #expect(!result.output.contains("\u{1B}"))
    #expect(!result.output.contains("ditutor ["), "no prompt in a script")
    #expect(result.error.isEmpty)
  }

  @Test func aFailedCommandMakesTheExitStatusNonZeroAndExplainsOnStandardError() throws {
    let result = try Ditutor.run([], input: Data("lesons\nlessons\n".utf8), in: course)
    #expect(result.status == 1)
    #expect(result.error == "✗ Unknown command 'lesons'. Did you mean 'lessons'?\n")
    #expect(result.output.contains("Why dependency injection"))
  }

  @Test func garbageBytesAreAnsweredNotCrashedOn() throws {
    var input = Data([0xFF, 0xFE, 0x1B, 0x5B, 0x32, 0x4A, 0x07])
    input.append(Data("\nquit\n".utf8))
    let result = try Ditutor.run([], input: input, in: course)
    #expect(result.status == 1)
    #expect(result.error.hasPrefix("✗ Unknown command '"))
    #expect(!result.error.contains("\u{1B}"), "escape bytes must not reach the terminal")
  }

  @Test func aHugeLineGetsAMessage() throws {
    let input = Data((String(repeating: "x", count: 1_000_000) + "\nlessons\n").utf8)
    let result = try Ditutor.run([], input: input, in: course)
    #expect(result.status == 1)
    #expect(result.error.contains("That line is 1000000 characters long"))
    #expect(result.output.contains("Why dependency injection"))
  }

  @Test func theLearnersPageIsRememberedBetweenRuns() throws {
    _ = try Ditutor.run([], input: Data("open 1\nnext\nnext\n".utf8), in: course)
    let result = try Ditutor.run([], input: Data("page\n".utf8), in: course)
    #expect(result.output.contains("Page 3 of"))
  }

  @Test func aCorruptProgressFileIsMovedAsideWithAWarning() throws {
    try FileManager.default.createDirectory(atPath: course + "/.ditutor", withIntermediateDirectories: true)
    try Data("{ broken".utf8).write(to: URL(fileURLWithPath: course + "/.ditutor/progress.json"))
    let result = try Ditutor.run([], input: Data("lessons\n".utf8), in: course)
    #expect(result.status == 0)
    #expect(result.error.contains("Your progress file could not be read"))
    let kept = try FileManager.default.contentsOfDirectory(atPath: course + "/.ditutor").filter { $0.hasPrefix("progress.json.corrupt-") }
    #expect(kept.count == 1)
  }

  @Test func listAsJSONDescribesEveryLesson() throws {
    let result = try Ditutor.run(["list", "--format", "json"], in: course)
    #expect(result.status == 0)
    let lessons = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
    let first = try #require(lessons.first)
    #expect(first["id"] as? String == "why-di")
    #expect(first["title"] as? String == "Why dependency injection")
    #expect((first["pages"] as? Int ?? 0) >= 5)
    #expect(first["quizQuestions"] is Int)
    #expect(first["exercises"] is [Any])
  }

  @Test func listAsTextIsATable() throws {
    let result = try Ditutor.run(["list"], in: course)
    #expect(result.status == 0)
    // The number column is as wide as the largest lesson number.
    #expect(result.output.split(separator: "\n").first?.trimmingCharacters(in: .whitespaces).hasPrefix("#  Lesson") == true)
    #expect(!result.output.contains("\u{1B}"))
  }

  @Test func aSubfolderOfTheCourseFindsTheCourse() throws {
    try FileManager.default.createDirectory(atPath: course + "/Exercises/deep/er", withIntermediateDirectories: true)
    let result = try Ditutor.run(["list"], in: course + "/Exercises/deep/er")
    #expect(result.status == 0)
  }

  @Test func outsideACourseTheErrorSaysWhatToDo() throws {
    let result = try Ditutor.run(["list"], in: FileManager.default.temporaryDirectory.path)
    #expect(result.status == 2)
    #expect(result.error.contains("No ditutor course here."))
    #expect(result.error.contains("--root <dir>"))
  }

  @Test func rootNamesAnotherCheckout() throws {
    let elsewhere = try Ditutor.run(["list", "--root", course], in: "/")
    #expect(elsewhere.status == 0)
    let missing = try Ditutor.run(["list", "--root", "/nonexistent"], in: course)
    #expect(missing.status == 2)
    #expect(missing.error.contains("--root /nonexistent: no course there"))
  }

  @Test func badCommandLineOptionsAreUsageErrors() throws {
    let result = try Ditutor.run(["list", "--format", "yaml"], in: course)
    #expect(result.status == 2)
    #expect(result.error.contains("yaml"))
  }

  @Test func aTutorialCommandTypedInTheShellIsToldWhereItIs() throws {
    let result = try Ditutor.run(["sandbox"], in: course)
    #expect(result.status == 2)
    #expect(result.error.contains("`sandbox` is a command of the tutorial, not of the ditutor program: run `ditutor`, then type `sandbox` at its prompt."))
  }

  @Test func aProgressFolderThatCannotBeWrittenStillOpensTheTutorial() throws {
    // A file where the folder should be: no write can succeed in it, even for root.
    try Data("not a folder".utf8).write(to: URL(fileURLWithPath: course + "/.ditutor"))
    let result = try Ditutor.run([], input: Data("next\nlessons\n".utf8), in: course)
    #expect(result.status == 0)
    let said = (result.output + result.error).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(said.contains("ditutor cannot write to .ditutor/ (Could not create \(course)/.ditutor: File exists), so it starts read-only"))
    #expect(result.output.contains("Why dependency injection"))
    #expect(!(result.output + result.error).contains("could not be saved"), "said once at the start, not on every page")
  }

  @Test(arguments: ["", "tutor", "list", "check", "verify", "present", "grade", "fingerprints"])
  func helpTextBreaksLinesOnlyWhereTheTerminalEnds(command: String) throws {
    // On a wide terminal a paragraph of help is one line: a line break written into the text
    // would break it mid-sentence on every terminal narrower than the source.
    let result = try Ditutor.run((command.isEmpty ? [] : [command]) + ["--help"], in: course, environment: ["COLUMNS": "2000"])
    #expect(result.status == 0)
    let prose = try #require(result.output.components(separatedBy: "\nUSAGE:").first)
    for paragraph in prose.components(separatedBy: "\n\n") {
      #expect(!paragraph.trimmingCharacters(in: .newlines).contains("\n"), "ditutor \(command) --help: \(paragraph)")
    }
  }
}
