import Foundation
import Testing

/// ditutor on a (pseudo-)terminal, as a learner uses it: libedit, completion, history, Ctrl-C.
@Suite(.serialized) struct TerminalTests {
  let course: String

  init() throws {
    course = try Ditutor.makeCourseCopy()
  }

  func start(onPage page: Int = 1) throws -> PseudoTerminal {
    let terminal = try PseudoTerminal(
      executable: Ditutor.executable, arguments: [], directory: course,
      environment: Ditutor.environment(home: course))
    #expect(terminal.waitFor("ditutor [1 why-di \(page)/"), "the REPL opens on lesson 1, page \(page)")
    return terminal
  }

  @Test func opensOnTheFirstLessonInColour() throws {
    let terminal = try start()
    #expect(terminal.transcript.contains("\u{1B}["))
    #expect(PseudoTerminal.plain(terminal.transcript).contains("Welcome to ditutor"))
    terminal.type("quit\r")
    #expect(terminal.waitForExit() == 0)
  }

  @Test func tabCompletesCommandNames() throws {
    let terminal = try start()
    terminal.clear()
    terminal.type("lesso\t")
    // libedit redraws with cursor moves, so the stream holds the inserted rest of the word.
    #expect(terminal.waitFor("ns "), "\(terminal.transcript.debugDescription)")
    terminal.type("\r")
    #expect(terminal.waitFor("Pages read"), "Enter runs the completed `lessons`")
    terminal.type("quit\r")
    #expect(terminal.waitForExit() == 0)
  }

  @Test func ctrlCClearsTheLineAndKeepsTheREPL() throws {
    let terminal = try start()
    terminal.clear()
    terminal.type("some half-typed thing\u{03}")
    #expect(terminal.waitFor("^C"))
    #expect(terminal.isRunning)
    terminal.clear()
    terminal.type("next\r")
    #expect(terminal.waitFor("Page 2 of"), "the abandoned text is not run; the next command is")
    terminal.type("quit\r")
    #expect(terminal.waitForExit() == 0)
  }

  @Test func ctrlDLeavesCleanly() throws {
    let terminal = try start()
    // Ctrl-D is an end-of-file marker to the terminal's line discipline until libedit turns on raw
    // mode; typed in that instant it can vanish in the switch. A person cannot type that fast.
    Thread.sleep(forTimeInterval: 0.3)
    terminal.type("\u{04}")
    #expect(terminal.waitForExit() == 0)
  }

  @Test func historyAndPlaceSurviveARestart() throws {
    let first = try start()
    first.type("next\r")
    #expect(first.waitFor("ditutor [1 why-di 2/"))
    first.type("quit\r")
    #expect(first.waitForExit() == 0)

    let second = try start(onPage: 2)
    #expect(PseudoTerminal.plain(second.transcript).contains("Welcome back"))
    #expect(second.transcript.contains("ditutor [1 why-di 2/"), "back on the same page")
    second.clear()
    second.type("\u{1B}[A")  // ↑ recalls `next` (not `quit`)
    #expect(second.waitFor("next"))
    second.type("\r")
    #expect(second.waitFor("ditutor [1 why-di 3/"))
    second.type("quit\r")
    #expect(second.waitForExit() == 0)
  }

  @Test func noColourWhenAskedNotTo() throws {
    let terminal = try PseudoTerminal(
      executable: Ditutor.executable, arguments: [], directory: course,
      environment: Ditutor.environment(["NO_COLOR": "1"], home: course))
    #expect(terminal.waitFor("ditutor [1 why-di 1/"))
    let withoutPrompt = terminal.transcript.components(separatedBy: "ditutor [")[0]
    #expect(!withoutPrompt.contains("\u{1B}[0;"), "no SGR colour codes with NO_COLOR")
    terminal.type("quit\r")
    #expect(terminal.waitForExit() == 0)
  }
}

/// A page taller than the terminal goes through the pager, starting at its top.
@Suite struct PagerTests {
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/less")))
  func aLongPageStartsAtItsTopAndQReturnsToThePrompt() throws {
    let course = try Ditutor.makeCourseCopy()
    let terminal = try PseudoTerminal(
      executable: Ditutor.executable, arguments: [], directory: course,
      environment: Ditutor.environment(["DITUTOR_PAGER": "less"], home: course))
    #expect(terminal.waitFor("Page 1 of"))
    // The pager holds the rest of the page: no prompt yet.
    #expect(!terminal.waitFor("ditutor [1 why-di", seconds: 1.5))
    terminal.type("q")
    #expect(terminal.waitFor("ditutor [1 why-di 1/"), "q leaves the pager for the prompt")
    terminal.type("quit\r")
    #expect(terminal.waitForExit() == 0)
  }
}
