import Foundation
import Testing
@testable import TutorKit

@Suite struct DemoScriptTests {
  @Test func aScriptIsNotesCaptionsCommandsAndPauses() {
    let script = DemoScript(parsing: """
      # For the presenter only.

      open 1
      > For the class.
      ! check greet
      pause
      """)
    #expect(script.steps == [
      .note("For the presenter only."), .command("open 1", expectsFailure: false), .caption("For the class."),
      .command("check greet", expectsFailure: true), .pause,
    ])
  }

  /// Counts the waits and can stop the demo at one.
  struct CountingPresenter: DemoPlayer.Presenter {
    var waits = 0
    var stopAt: Int?
    mutating func waitToContinue() -> Bool {
      waits += 1
      return waits != stopAt
    }
  }

  func session() throws -> Session {
    let fileSystem = InMemoryFileSystem(files: [
      "/course/Lessons/01-why.md": CourseFixtures.lesson(order: 1, id: "why", title: "Why", pages: 3, exercises: "[greet]")
    ])
    CourseFixtures.addExercise("greet", to: fileSystem)
    return try CourseFixtures.session(fileSystem, checker: ScriptedChecker([.failed]))
  }

  @Test func unattendedEveryStepRunsAndAFailureOnlyCountsWhenUnexpected() async throws {
    let display = RecordingDisplay()
    var none: CountingPresenter? = nil
    let outcome = await DemoPlayer(session: try session(), display: display)
      .play(DemoScript(parsing: "open why\nnext\n! check greet\nlesons"), presenter: &none)
    #expect(outcome.stepsRun == 4)
    #expect(outcome.broken == ["lesons"], "the typo fails; the check was meant to")
    #expect(display.documents.contains { $0.document.text.contains("Demo step lesons failed.") })
  }

  @Test func aPresenterAdvancesOneStepPerKeyAndCanStop() async throws {
    var presenter: CountingPresenter? = CountingPresenter(stopAt: 2)
    let outcome = await DemoPlayer(session: try session(), display: RecordingDisplay())
      .play(DemoScript(parsing: "open why\nnext\nnext\nnext"), presenter: &presenter)
    #expect(outcome.stopped)
    #expect(outcome.stepsRun == 2)
    #expect(presenter?.waits == 2)
  }
}

/// Passes an exercise when the files of its `Sources/` under its root are the reference
/// solution's, as `swift test` would: what it judges depends on where it was made to look.
struct JudgeOfSources: ExerciseChecker {
  let root: String
  let fileSystem: any FileSystem

  func check(
    _ exercise: Exercise, timeout: Duration, progress: @escaping @Sendable (ExerciseRunner.CheckPhase) -> Void
  ) async throws -> Verdict {
    let mine = try fileSystem.readFile(at: FilePath.join(root, exercise.sourcesFolder, "Code.swift"))
    let reference = try fileSystem.readFile(at: FilePath.join(root, exercise.solutionFolder, "Code.swift"))
    return Verdict(
      exercise: exercise.id, status: mine == reference ? .passed : .failed, durationSeconds: 0.1,
      tests: [.init(name: "Suite/works()", status: mine == reference ? .passed : .failed)])
  }
  func hasBuilt(_ exercise: Exercise) -> Bool { true }
  func needsWarming(_ exercise: Exercise) -> Bool { false }
  func prepare(_ exercise: Exercise) async {}
}

/// A demo plays on a copy of the course as shipped, under `.build/demo/`: a presenter who solved
/// the exercise (or has work of their own in it) still sees the demo go as scripted, and their
/// files are only read.
@Suite struct DemoStageTests {
  let fileSystem: InMemoryFileSystem

  init() {
    fileSystem = InMemoryFileSystem(files: [
      "/course/Package.swift": "// the manifest",
      "/course/Lessons/01-why.md": CourseFixtures.lesson(order: 1, id: "why", title: "Why", pages: 2, exercises: "[greet]"),
    ])
    CourseFixtures.addExercise("greet", to: fileSystem)
    // The presenter solved it, and kept a helper of their own beside it.
    fileSystem.add("/course/Exercises/greet/Sources/Code.swift", "// solution of greet\n")
    fileSystem.add("/course/Exercises/greet/Sources/Helper.swift", "// the presenter's helper\n")
  }

  func play(_ script: String, on session: Session) async -> DemoPlayer.Outcome {
    var none: DemoScriptTests.CountingPresenter? = nil
    return await DemoPlayer(session: session, display: RecordingDisplay()).play(DemoScript(parsing: script), presenter: &none)
  }

  func stagedSession() throws -> Session {
    let fileSystem = self.fileSystem
    return try DemoStage(course: CourseFixtures.course(fileSystem), root: "/course", fileSystem: fileSystem).session(
      progress: ProgressStore(fileSystem: fileSystem, clock: CourseFixtures.clock, directory: "/tmp/demo-progress"),
      checker: { JudgeOfSources(root: $0, fileSystem: fileSystem) }, examples: EchoExamples(), clock: CourseFixtures.clock)
  }

  @Test func aStepMeantToFailFailsThoughThePresenterSolvedTheExercise() async throws {
    let unstaged = try CourseFixtures.session(fileSystem, checker: JudgeOfSources(root: "/course", fileSystem: fileSystem))
    #expect(await play("open why\n! check greet", on: unstaged).broken == ["check greet"], "the presenter's own checkout passes")

    let outcome = await play("open why\n! check greet", on: try stagedSession())
    #expect(outcome.stepsRun == 2)
    #expect(outcome.broken == [])
  }

  @Test func theStageIsTheCourseAsShippedAndThePresentersFilesAreOnlyRead() async throws {
    let session = try stagedSession()
    let stage = "/course/\(DemoStage.folder)"
    #expect(stage.hasPrefix("/course/.build/"))
    #expect(fileSystem.text(at: "\(stage)/Exercises/greet/Sources/Code.swift") == "// starter of greet\n")
    #expect(!fileSystem.fileExists(at: "\(stage)/Exercises/greet/Sources/Helper.swift"))
    #expect(fileSystem.text(at: "\(stage)/Exercises/greet/Tests/greetTests.swift") == "// tests of greet\n")
    #expect(fileSystem.text(at: "\(stage)/Exercises/greet/Solution/Code.swift") == "// solution of greet\n")
    #expect(fileSystem.text(at: "\(stage)/Package.swift") == "// the manifest")

    // A demo that edits the exercise (reset, say) edits the stage's copy only.
    let reset = await session.handle("reset greet --yes", emit: { _ in })
    #expect(reset.outcome != .failed, "\(reset.document.text)")
    let backups = try fileSystem.contentsOfDirectory(at: "/tmp/demo-progress/backups")
    try #require(backups.count == 1)
    #expect(fileSystem.text(at: "/tmp/demo-progress/backups/\(backups[0])/Code.swift") == "// starter of greet\n", "the stage's file moved")
    #expect(fileSystem.text(at: "/course/Exercises/greet/Sources/Code.swift") == "// solution of greet\n")
    #expect(fileSystem.text(at: "/course/Exercises/greet/Sources/Helper.swift") == "// the presenter's helper\n")
  }

  @Test func theNextDemoFindsTheStageAsShippedAndRewritesOnlyWhatChanged() async throws {
    _ = try stagedSession()
    let stage = "/course/\(DemoStage.folder)/Exercises/greet"
    let tests = fileSystem.stamp(at: "\(stage)/Tests/greetTests.swift")
    fileSystem.add("\(stage)/Sources/Code.swift", "// solved during the last demo\n")
    _ = try stagedSession()
    #expect(fileSystem.text(at: "\(stage)/Sources/Code.swift") == "// starter of greet\n")
    #expect(fileSystem.stamp(at: "\(stage)/Tests/greetTests.swift") == tests, "a warm build stays warm")
  }
}
