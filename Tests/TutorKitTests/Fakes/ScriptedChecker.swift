import Synchronization
import TutorKit

/// Answers checks with verdicts chosen by the test, and remembers what it was asked.
final class ScriptedChecker: ExerciseChecker {
  private let script = Mutex<(verdicts: [Verdict.Status], calls: [String], delay: Duration, delays: [Duration])>(([], [], .zero, []))
  private let built: Bool
  /// Phases every check reports before its verdict, as the real runner does.
  private let phases: [ExerciseRunner.CheckPhase]

  /// - Parameters:
  ///   - delays: how long each check takes, in turn (a hang: a long one); then `delay`.
  ///   - built: what `hasBuilt` answers; false makes opening an exercise warm it.
  init(
    _ statuses: [Verdict.Status] = [], delay: Duration = .zero, delays: [Duration] = [], built: Bool = true,
    phases: [ExerciseRunner.CheckPhase] = []
  ) {
    self.built = built
    self.phases = phases
    script.withLock { $0 = (statuses, [], delay, delays) }
  }

  var calls: [String] { script.withLock { $0.calls } }

  func hasBuilt(_ exercise: Exercise) -> Bool { built }

  func prepare(_ exercise: Exercise) async {
    script.withLock { $0.calls.append("prepare " + exercise.id) }
    try? await Task.sleep(for: .milliseconds(20))
  }


  func check(
    _ exercise: Exercise, timeout: Duration, progress: @escaping @Sendable (ExerciseRunner.CheckPhase) -> Void
  ) async throws -> Verdict {
    let (status, delay) = script.withLock { script -> (Verdict.Status, Duration) in
      script.calls.append(exercise.id)
      let delay = script.delays.isEmpty ? script.delay : script.delays.removeFirst()
      return (script.verdicts.isEmpty ? .failed : script.verdicts.removeFirst(), delay)
    }
    for phase in phases { progress(phase) }
    if delay > .zero {
      do {
        try await Task.sleep(for: delay)
      } catch {
        return Verdict(exercise: exercise.id, status: .cancelled, durationSeconds: 0)
      }
    }
    switch status {
    case .passed:
      return Verdict(exercise: exercise.id, status: .passed, durationSeconds: 0.5, tests: [.init(name: "Suite/works()", status: .passed)])
    case .compileError:
      return Verdict(
        exercise: exercise.id, status: .compileError, durationSeconds: 0.5,
        diagnostics: [.init(file: "\(exercise.sourcesFolder)/Code.swift", line: 1, column: 4, severity: "error", message: "cannot find 'x' in scope")])
    default:
      return Verdict(
        exercise: exercise.id, status: status, durationSeconds: 0.5,
        tests: [
          .init(name: "Suite/usesTheDouble()", status: .failed, message: "Expectation failed\n\(exercise.id) ignored the injected double", file: "\(exercise.testsFolder)/T.swift", line: 7),
          .init(name: "Suite/other()", status: .passed),
        ])
    }
  }
}

/// Runs commands directly: no signals in unit tests.
struct DirectInterruptions: Interruptions {
  func cancellable<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
    try await operation()
  }
}

/// Runs examples by echoing their name: no compiler in unit tests.
struct EchoExamples: ExampleRunning {
  func run(_ example: LessonExample) async throws -> ExampleRun {
    ExampleRun(status: .ran, output: "ran \(example.name)\n")
  }
}
