/// A scripted demonstration: the REPL commands an instructor would type in front of a class,
/// with notes only the presenter sees, replayed one step at a time so nothing can go wrong live.
/// Every lesson ships one in `Lessons/Demos/<lesson file name>.demo`, and the test suite replays
/// them all unattended.
///
/// ```text
/// # Lesson 2 in five minutes.        ← a note: shown to the presenter, never typed
/// open constructor-injection
/// run before
/// > The live mailer sent a real email. ← a caption: shown on screen, for the class
/// run after
/// ! check incident-log                ← a step expected to fail (the starter does not pass yet)
/// pause                               ← wait for a key before going on
/// ```
public struct DemoScript: Sendable, Equatable {
  public enum Step: Sendable, Equatable {
    case note(String)
    case caption(String)
    /// A command, and whether it is meant to fail.
    case command(String, expectsFailure: Bool)
    case pause
  }

  public var steps: [Step]

  public init(steps: [Step]) {
    self.steps = steps
  }

  public static let folder = "Lessons/Demos"
  public static let fileExtension = "demo"

  /// Reads a script; blank lines are skipped.
  public init(parsing text: String) {
    steps = text.split(separator: "\n", omittingEmptySubsequences: false).compactMap { raw in
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.isEmpty { return nil }
      if line.hasPrefix("#") { return .note(line.dropFirst().trimmingCharacters(in: .whitespaces)) }
      if line.hasPrefix(">") { return .caption(line.dropFirst().trimmingCharacters(in: .whitespaces)) }
      if line == "pause" { return .pause }
      if line.hasPrefix("!") { return .command(line.dropFirst().trimmingCharacters(in: .whitespaces), expectsFailure: true) }
      return .command(line, expectsFailure: false)
    }
  }

  public var commands: [String] {
    steps.compactMap { if case .command(let text, _) = $0 { text } else { nil } }
  }
}

/// Plays a ``DemoScript`` through a ``Session``: notes and captions to the display, each command
/// shown as typed and then answered, and a wait for the presenter's key between steps (none when
/// unattended). A command that fails when it should not (or passes when it should fail) is a
/// broken demo: the player says which, and the run counts it.
public struct DemoPlayer {
  /// Where the presenter's keys come from between steps.
  public protocol Presenter {
    /// Waits for the presenter; false means stop the demo.
    mutating func waitToContinue() -> Bool
  }

  private let session: Session
  private let display: any Display

  public init(session: Session, display: any Display) {
    self.session = session
    self.display = display
  }

  public struct Outcome: Sendable, Equatable {
    public var stepsRun: Int
    /// The commands that did not do what the script said they would.
    public var broken: [String]
    public var stopped: Bool
  }

  public func play<P: Presenter>(_ script: DemoScript, presenter: inout P?, prompt: Bool = true) async -> Outcome {
    let display = self.display
    var outcome = Outcome(stepsRun: 0, broken: [], stopped: false)
    for step in script.steps {
      switch step {
      case .note(let text):
        if presenter != nil { display.show(Document([.paragraph([.faint([.text("▸ note: " + text)])])])) }
      case .caption(let text):
        display.show(Document([.notice(.info, [.strong([.text(text)])])]))
      case .pause:
        if presenter?.waitToContinue() == false {
          outcome.stopped = true
          return outcome
        }
      case .command(let text, let expectsFailure):
        let shownPrompt = prompt ? await session.prompt : "$ "
        display.show(Document([.paragraph([.text(shownPrompt), .strong([.text(text)])])]))
        let response = await session.handle(text, emit: { display.show($0) })
        if response.outcome == .failed { display.showFailure(response.document) } else { display.show(response.document) }
        outcome.stepsRun += 1
        if (response.outcome == .failed) != expectsFailure {
          outcome.broken.append(text)
          display.showFailure(
            Document([
              .notice(.error, [
                .text("Demo step "), .code(text), .text(expectsFailure ? " was meant to fail but succeeded." : " failed."),
              ])
            ]))
        }
        if presenter?.waitToContinue() == false {
          outcome.stopped = true
          return outcome
        }
      }
    }
    return outcome
  }
}
