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
