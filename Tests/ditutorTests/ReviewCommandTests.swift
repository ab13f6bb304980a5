import Foundation
import Testing

/// `ditutor review` and the notes after a pass, through the built binary on a copy of the real
/// course: a learner who passes greeting-clock with `Date()` left in a helper is told, with the
/// line. The analyzer is the one `Scripts/test` built in this checkout (`DITUTOR_REVIEWER`), so
/// the copy does not build swift-syntax again.
@Suite struct ReviewCommandTests {
  static let reviewer = Ditutor.packageRoot + "/.build/review/debug/ditutor-review"

  /// Text as one line: a report wraps to the terminal's width.
  static func unwrapped(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
  }

  /// The analyzer, built here if this run did not build it (a `swift test --filter` alone).
  static func buildReviewer() throws {
    guard !FileManager.default.isExecutableFile(atPath: reviewer) else { return }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "build", "--package-path", Ditutor.packageRoot + "/Review", "--scratch-path", Ditutor.packageRoot + "/.build/review"]
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "the reviewer did not build")
  }

  @Test func aPassWithDateLeftInAHelperComesWithItsReviewNote() throws {
    try Self.buildReviewer()
    let course = try Ditutor.makeCourseCopy()
    defer { try? FileManager.default.removeItem(atPath: course) }
    let manager = FileManager.default
    try manager.createDirectory(atPath: course + "/Review", withIntermediateDirectories: true)
    try manager.copyItem(atPath: Ditutor.packageRoot + "/Review/Rules.json", toPath: course + "/Review/Rules.json")
    let exercise = course + "/Exercises/greeting-clock"
    let file = exercise + "/Sources/Greeter.swift"
    try manager.removeItem(atPath: file)
    try manager.copyItem(atPath: exercise + "/Solution/Greeter.swift", toPath: file)
    let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).count
    let helper = "\n/// Left over from before the clock was injected.\nfunc isMorning() -> Bool {\n  Calendar.current.component(.hour, from: Date()) < 12\n}\n"
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(helper.utf8))
    try handle.close()
    let dateLine = lines + 3
    let environment = ["DITUTOR_REVIEWER": Self.reviewer, "COLUMNS": "200"]

    let check = try Ditutor.run(["check", "greeting-clock"], in: course, environment: environment)
    #expect(check.status == 0, "\(check.output)\(check.error)")
    let text = Self.unwrapped(check.output)
    #expect(text.contains("Passed, with 1 review note"), "\(check.output)")
    #expect(text.contains("Exercises/greeting-clock/Sources/Greeter.swift:\(dateLine) Date() read directly in isMorning()"), "\(check.output)")

    let review = try Ditutor.run(["review", "greeting-clock", "--format", "json"], in: course, environment: environment)
    #expect(review.status == 0, "\(review.error)")
    let report = try #require(try JSONSerialization.jsonObject(with: Data(review.output.utf8)) as? [String: Any], "\(review.error)")
    let notes = try #require(report["notes"] as? [[String: Any]])
    try #require(notes.count == 1, "\(notes)")
    #expect(notes[0]["rule"] as? String == "hidden-input")
    #expect(notes[0]["line"] as? Int == dateLine)
    #expect(notes[0]["lesson"] as? Int == 12)
  }

  @Test func theRulesAreListedWithTheirLessonPages() throws {
    let rules = try Ditutor.run(["review", "--rules"], in: Ditutor.packageRoot, environment: ["COLUMNS": "200"])
    #expect(rules.status == 0, "\(rules.error)")
    for id in ["service-locator", "hidden-input", "global-singleton", "unwrapped-property", "too-many-dependencies",
      "lonely-protocol", "concrete-boundary", "working-double", "unguarded-unchecked-sendable"] {
      #expect(rules.output.contains(id + ": "), "\(id) is not listed")
    }
    #expect(Self.unwrapped(rules.output).contains("Read: lesson 4, “Property injection”"), "\(rules.output.prefix(2000))")
    let usage = try Ditutor.run(["review"], in: Ditutor.packageRoot)
    #expect(usage.status == 2)
    #expect(usage.error.contains("Which exercise?"))
  }
}
