import Foundation

/// How a check ended, before anything is recorded or rendered: a verdict, or an error that kept
/// the checker from giving one.
enum CheckOutcome: Sendable {
  /// `rebuiltCheckout`: the build folder was made afresh (a moved or copied checkout).
  case verdict(Verdict, rebuiltCheckout: Bool)
  case error(String)

  /// Whether the check passed: `watch` stops there.
  var passed: Bool {
    if case .verdict(let verdict, _) = self { return verdict.status == .passed }
    return false
  }
}

/// How a check under `watch` ended: it finished, or a file was saved first.
enum WatchedCheck: Sendable {
  case finished(CheckOutcome)
  /// A save cancelled the check. `late` is the verdict it still gave on its way out, if any: it
  /// is recorded, never shown.
  case saved(late: CheckOutcome?)
}

/// Runs one check of an exercise: waits for its warming build, keeps the status line ticking,
/// and asks the checker. Under `watch`, it races the check against the learner's next save.
///
/// Everything it holds is `Sendable` (the checker, the workspace, two intervals), so its checks
/// run off the session actor; it records nothing and renders nothing: ``ExerciseDesk`` does that
/// with the ``CheckOutcome`` it returns.
struct CheckRun: Sendable {
  private let checker: any ExerciseChecker
  private let workspace: ExerciseWorkspace
  /// How often `watch` looks at the exercise's files.
  let watchInterval: Duration
  /// How often a running check's status line is refreshed.
  private let statusInterval: Duration

  init(checker: any ExerciseChecker, workspace: ExerciseWorkspace, watchInterval: Duration, statusInterval: Duration) {
    self.checker = checker
    self.workspace = workspace
    self.watchInterval = watchInterval
    self.statusInterval = statusInterval
  }

  /// Checks the exercise once `warming` (its background build, if any) is done; Ctrl-C stops both.
  func run(
    _ exercise: Exercise, after warming: Task<Void, Never>?, timeout: Duration,
    status: @escaping @Sendable (String?) -> Void
  ) async -> CheckOutcome {
    let line = StatusLine(timeout: timeout, interval: statusInterval, report: status)
    let ticker = Task.detached { await line.tick() }
    defer {
      ticker.cancel()
      status(nil)
    }
    if let warming {
      await withTaskCancellationHandler {
        await warming.value
      } onCancel: {
        warming.cancel()
      }
    }
    do {
      let verdict = try await checker.check(exercise, timeout: timeout) { phase in line.enter(phase) }
      return .verdict(verdict, rebuiltCheckout: line.rebuilt)
    } catch {
      return .error(String(describing: error))
    }
  }

  /// Checks the exercise, unless a file is saved first: then the check is cancelled (with all
  /// it started) and `.saved` says why.
  func untilSaved(
    _ exercise: Exercise, since seen: [String: Data], after warming: Task<Void, Never>?, timeout: Duration,
    status: @escaping @Sendable (String?) -> Void
  ) async -> WatchedCheck {
    enum Racer: Sendable {
      case checked(CheckOutcome)
      case saved
    }
    return await withTaskGroup(of: Racer?.self) { group in
      group.addTask { await .checked(self.run(exercise, after: warming, timeout: timeout, status: status)) }
      group.addTask {
        while (try? await Task.sleep(for: self.watchInterval)) != nil {
          if self.workspace.fingerprint(of: exercise) != seen { return .saved }
        }
        return nil  // cancelled: the check ended first, or Ctrl-C
      }
      var first: Racer?
      var late: CheckOutcome?
      while let next = await group.next() {
        guard let next else { continue }
        if first == nil {
          first = next
          group.cancelAll()
        } else if case .checked(let outcome) = next {
          // The check's own answer, once it has stopped, is not wanted after a save.
          late = outcome
        }
      }
      switch first {
      case .checked(let outcome): return .finished(outcome)
      case .saved, nil: return .saved(late: late)
      }
    }
  }

  /// Whether the exercise was built before: the first check compiles it from scratch.
  func hasBuilt(_ exercise: Exercise) -> Bool { checker.hasBuilt(exercise) }

  /// The learner's files as they are now (see ``ExerciseWorkspace/fingerprint(of:)``).
  func fingerprint(of exercise: Exercise) -> [String: Data] {
    workspace.fingerprint(of: exercise)
  }
}
