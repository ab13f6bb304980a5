import Foundation
import Testing

/// `ditutor grade` as an instructor uses it, on three learners' checkouts of a small course
/// (Tests/Fixtures/GradeCourse): one untouched, one with an exercise solved, one whose shipped
/// test was replaced by `#expect(true)`.
@Suite(.serialized) struct GradeTests {
  static let instructor: String = try! Ditutor.makeCourseCopy(fixture: "GradeCourse")
  static let learners: [String] = {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("ditutor-class-\(UUID().uuidString)").path
    var paths: [String] = []
    for name in ["untouched", "solved", "tampered"] {
      let path = base + "/" + name
      try! FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
      try! FileManager.default.copyItem(atPath: instructor, toPath: path)
      paths.append(path)
    }
    let solution = instructor + "/Exercises/adds/Solution/Code.swift"
    try! FileManager.default.removeItem(atPath: paths[1] + "/Exercises/adds/Sources/Code.swift")
    try! FileManager.default.copyItem(atPath: solution, toPath: paths[1] + "/Exercises/adds/Sources/Code.swift")
    try! FileManager.default.createDirectory(atPath: paths[1] + "/.ditutor", withIntermediateDirectories: true)
    try! #"{"version":1,"quizzes":{"grading":{"lastScore":1,"bestScore":1,"questions":1,"attempts":2}}}"#
      .write(toFile: paths[1] + "/.ditutor/progress.json", atomically: true, encoding: .utf8)
    try! "import Testing\n@Test func everythingIsFine() { #expect(true) }\n"
      .write(toFile: paths[2] + "/Exercises/adds/Tests/AddsTests.swift", atomically: true, encoding: .utf8)
    return paths
  }()

  @Test func aGradebookCountsOnlyPassesAgainstTheShippedTestsAndFlagsChangedOnes() throws {
    let result = try Ditutor.run(["grade", "--format", "json"] + Self.learners, in: Self.instructor)
    #expect(result.status == 0, "\(result.error)")
    let book = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let learners = try #require(book["learners"] as? [[String: Any]])
    #expect(learners.map { $0["learner"] as? String } == ["untouched", "solved", "tampered"])
    func passed(_ learner: [String: Any]) -> [String: Bool] {
      Dictionary(uniqueKeysWithValues: (learner["exercises"] as? [[String: Any]] ?? []).map { ($0["exercise"] as! String, $0["passed"] as! Bool) })
    }
    #expect(passed(learners[0]) == ["adds": false, "greets": false])
    #expect(passed(learners[1]) == ["adds": true, "greets": false])
    #expect(passed(learners[2]) == ["adds": false, "greets": false], "the rewritten test is not the one graded")
    let tampered = (learners[2]["exercises"] as? [[String: Any]])?.first { $0["exercise"] as? String == "adds" }
    #expect(((tampered?["testsChanged"] as? [String: Any])?["modified"] as? [String]) == ["Exercises/adds/Tests/AddsTests.swift"])
    #expect(learners[1]["quizzes"] as? [String: String] == ["grading": "1/1"])
  }

  @Test func everyFormatTellsTheSameStory() throws {
    let table = try Ditutor.run(["grade"] + Self.learners, in: Self.instructor).output
    #expect(table.contains("solved        1/2"))
    #expect(table.contains("Changed shipped tests: tampered."))
    let csv = try Ditutor.run(["grade", "--format", "csv"] + Self.learners, in: Self.instructor).output
    #expect(csv.split(separator: "\n").map(String.init) == [
      "learner,passed,total,adds,greets,quizzes,tests changed,problem",
      "untouched,0,2,failed,failed,,,",
      "solved,1,2,passed,failed,grading 1/1,,",
      "tampered,0,2,failed,failed,,adds,",
    ])
    let junit = try Ditutor.run(["grade", "--format", "junit"] + Self.learners, in: Self.instructor).output
    #expect(junit.contains(#"<testsuites name="ditutor grade" tests="6" failures="5">"#))
    let html = try Ditutor.run(["grade", "--format", "html"] + Self.learners, in: Self.instructor).output
    #expect(html.hasPrefix("<!doctype html>"))
    #expect(html.contains(#"<th scope="row" title="tampered"><span class="name">tampered</span></th>"#))
    #expect(html.contains(#"<li class="flag"><span class="m" aria-hidden="true">!</span> changed the shipped tests of adds</li>"#))
    #expect(!html.contains("src=") && !html.contains("<link"), "one self-contained page: nothing fetched")
    let classroom = try Ditutor.run(["grade", "--format", "classroom"] + Self.learners, in: Self.instructor).output
    let book = try #require(try JSONSerialization.jsonObject(with: Data(classroom.utf8)) as? [String: [String: [String: Any]]])
    #expect(book["solved"]?["adds"]?["status"] as? String == "pass")
    #expect(book["tampered"]?["adds"]?["status"] as? String == "fail")
    #expect(book["untouched"]?["greets"]?["max_score"] as? Int == 10)
  }

  @Test func oneGradingWritesEveryFormatAndTheNextReusesWhatDidNotChange() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ditutor-book-\(UUID().uuidString)").path
    let fresh = try Ditutor.run(["grade", "--fresh", "--format", "json", "--output", folder] + Self.learners, in: Self.instructor)
    #expect(fresh.status == 0, "\(fresh.error)")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    #expect(names == [
      "classroom.json", "exercism.json", "gradebook.csv", "gradebook.html", "gradebook.json", "gradebook.junit.xml", "gradebook.txt",
    ])
    #expect(try String(contentsOfFile: folder + "/gradebook.json", encoding: .utf8) == fresh.output, "the same book as on the screen")
    #expect(try String(contentsOfFile: folder + "/gradebook.txt", encoding: .utf8).contains("Changed shipped tests: tampered."))
    #expect(try String(contentsOfFile: folder + "/gradebook.csv", encoding: .utf8).hasPrefix("learner,passed,total,adds,greets"))
    #expect(fresh.error.contains("Wrote classroom.json") || fresh.error.contains("gradebook.txt"), "\(fresh.error)")
    func reused(_ output: String) throws -> [Int] {
      let book = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
      let learners = try #require(book["learners"] as? [[String: Any]])
      return learners.map { $0["reused"] as? Int ?? -1 }
    }
    // untouched builds both; solved shares untouched's greets; tampered changed only tests, so
    // its sources are untouched's: both results shared.
    #expect(try reused(fresh.output) == [0, 1, 2])
    let again = try Ditutor.run(["grade", "--format", "json"] + Self.learners, in: Self.instructor)
    #expect(try reused(again.output) == [2, 2, 2], "nothing changed: nothing built")
  }

  @Test func aFolderThatIsNotACheckoutIsReportedAndTheOthersStillGraded() throws {
    let empty = FileManager.default.temporaryDirectory.appendingPathComponent("ditutor-empty-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
    let result = try Ditutor.run(["grade", "--format", "csv", empty, Self.learners[1]], in: Self.instructor)
    #expect(result.status == 1)
    #expect(result.output.contains("not a ditutor checkout (no Exercises/ folder)"))
    #expect(result.output.contains("solved,1,2,passed,failed"))
  }

  @Test func aLearnerWithAnExerciseThatDoesNotCompileIsGradedInOneBuildWithTheSameVerdicts() throws {
    // After a learner who solved everything (SwiftPM builds the lane, and it is recorded), one
    // whose `adds` does not compile: the lane's build goes on past it without SwiftPM, and the
    // verdicts are those of grading each exercise in a build of its own.
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("ditutor-broken-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
    var learners: [String] = []
    for (name, addsTail) in [("all-solved", "// all solved\n"), ("broken", "let notANumber: Int = \"seven\"\n")] {
      let path = base + "/" + name
      try FileManager.default.copyItem(atPath: Self.instructor, toPath: path)
      for exercise in ["adds", "greets"] {
        let folder = path + "/Exercises/\(exercise)"
        try FileManager.default.removeItem(atPath: folder + "/Sources")
        try FileManager.default.copyItem(atPath: folder + "/Solution", toPath: folder + "/Sources")
        let file = folder + "/Sources/Code.swift"
        let tail = exercise == "adds" ? addsTail : "// \(name)'s greeting\n"
        try (try String(contentsOfFile: file, encoding: .utf8) + tail).write(toFile: file, atomically: true, encoding: .utf8)
      }
      learners.append(path)
    }
    // A new lane, whatever the tests before graded in this course.
    try? FileManager.default.removeItem(atPath: Self.instructor + "/.build/grading/lane-1")
    let shared = try Ditutor.run(
      ["grade", "--fresh", "--format", "json"] + learners, in: Self.instructor, environment: ["DITUTOR_TRACE": "1"])
    let alone = try Ditutor.run(["grade", "--separately", "--format", "json"] + learners, in: Self.instructor)
    func statuses(_ output: String) throws -> [String: String] {
      let book = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "\(output)")
      var statuses: [String: String] = [:]
      for learner in book["learners"] as? [[String: Any]] ?? [] {
        for exercise in learner["exercises"] as? [[String: Any]] ?? [] {
          statuses["\(learner["learner"]!) \(exercise["exercise"]!)"] = exercise["status"] as? String
        }
      }
      return statuses
    }
    let expected = [
      "all-solved adds": "passed", "all-solved greets": "passed", "broken adds": "compile-error", "broken greets": "passed",
    ]
    #expect(try statuses(shared.output) == expected, "\(shared.error)")
    #expect(try statuses(alone.output) == expected)
    let runs = shared.error.split(separator: "\n").filter { $0.hasPrefix("ditutor: built") || $0.hasPrefix("ditutor: building") }
    #expect(runs.count == 2, "one build per learner: \(shared.error)")
    #expect(runs.last?.hasPrefix("ditutor: built without SwiftPM") == true, "\(shared.error)")
    // The new lane's first learner also has it compile the course as it shipped, once.
    let asShipped = shared.error.split(separator: "\n").filter { $0.hasPrefix("ditutor: the course as it is now, compiled for later checks") }
    #expect(asShipped.count == 1, "\(shared.error)")
    let book = try #require(try JSONSerialization.jsonObject(with: Data(shared.output.utf8)) as? [String: Any])
    let broken = (book["learners"] as? [[String: Any]])?.last?["exercises"] as? [[String: Any]]
    let note = broken?.first { $0["exercise"] as? String == "adds" }?["note"] as? String
    #expect(note?.contains("Exercises/adds/Sources/Code.swift") == true, "the learner's file:line: \(String(describing: note))")

    // Graded again, fresh, in the same lane: the compile that failed on these very inputs is
    // not run again (the lane kept what the compiler said), and the verdict and its note are
    // as before.
    let again = try Ditutor.run(["grade", "--fresh", "--format", "json", learners[1]], in: Self.instructor, environment: ["DITUTOR_TRACE": "1"])
    #expect(try statuses(again.output) == ["broken adds": "compile-error", "broken greets": "passed"], "\(again.error)")
    let bookAgain = try #require(try JSONSerialization.jsonObject(with: Data(again.output.utf8)) as? [String: Any])
    let brokenAgain = (bookAgain["learners"] as? [[String: Any]])?.last?["exercises"] as? [[String: Any]]
    #expect(brokenAgain?.first { $0["exercise"] as? String == "adds" }?["note"] as? String == note)
    func stepsRan(_ trace: String) -> Int? {
      trace.split(separator: "\n").last { $0.hasPrefix("ditutor: built without SwiftPM") }
        .flatMap { line in
          // "… SwiftPM: 3 steps ran, …" or "1 step ran".
          let words = line.split(separator: " ")
          return words.firstIndex { $0 == "step" || $0 == "steps" }.flatMap { $0 > 0 ? Int(words[$0 - 1]) : nil }
        }
    }
    let kept = (FileManager.default.enumerator(atPath: Self.instructor + "/.build/grading")?.allObjects as? [String] ?? [])
      .filter { $0.contains("ditutor-kept-steps/") }
    #expect(kept.contains { $0.hasSuffix("/failed") }, "no failure kept: \(kept)")
    // Without what the lane kept, the same grading runs the compiler on `adds` again: one step
    // more, and the same verdict.
    for folder in Set(kept.compactMap { path in path.range(of: "ditutor-kept-steps").map { String(path[..<$0.upperBound]) } }) {
      try FileManager.default.removeItem(atPath: Self.instructor + "/.build/grading/" + folder)
    }
    let compiled = try Ditutor.run(["grade", "--fresh", "--format", "json", learners[1]], in: Self.instructor, environment: ["DITUTOR_TRACE": "1"])
    #expect(try statuses(compiled.output) == ["broken adds": "compile-error", "broken greets": "passed"], "\(compiled.error)")
    let replayed = try #require(stepsRan(again.error), "\(again.error)")
    let ran = try #require(stepsRan(compiled.error), "\(compiled.error)")
    #expect(replayed < ran, "kept: \(again.error)\ncompiled: \(compiled.error)")
  }

  @Test func checkForAnAutograderGradesTheShippedTestsOnly() throws {
    let learner = Self.learners[2]
    #expect(try Ditutor.run(["fingerprints", "--write"], in: Self.instructor).status == 0)
    try FileManager.default.copyItem(
      atPath: Self.instructor + "/Exercises/shipped-tests.json", toPath: learner + "/Exercises/shipped-tests.json")
    let text = try Ditutor.run(["check", "adds"], in: learner)
    #expect(text.status == 0, "the learner's own copy passes in the REPL's view…")
    #expect(text.output.contains("These tests are not the ones the exercise shipped"))
    let json = try Ditutor.run(["check", "adds", "--format", "json"], in: learner)
    #expect(json.status == 1, "…but not for an autograder")
    #expect(json.output.contains("(shipped tests changed)"))
    let exercism = try Ditutor.run(["check", "adds", "--format", "exercism"], in: learner).output
    #expect(exercism.contains(#""version" : 3"#) && exercism.contains(#""status" : "fail""#))
    // The choice is the option's, not the format's: each can be asked for either way.
    let ownTests = try Ditutor.run(["check", "adds", "--format", "json", "--no-shipped-tests-only"], in: learner)
    #expect(ownTests.status == 0, "graded with the learner's own tests, as the REPL does: \(ownTests.output)")
    #expect(!ownTests.output.contains("(shipped tests changed)"))
    let strictText = try Ditutor.run(["check", "adds", "--shipped-tests-only"], in: learner)
    #expect(strictText.status == 1, "text graded as an autograder would: \(strictText.output)")
  }
}
