import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

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

/// A newcomer's first screen on a small terminal: a long page shows a screenful, says how to see
/// the rest, and `next` turns the page at once.
@Suite struct FirstScreenTests {
  func start(rows: UInt16 = 24, columns: UInt16 = 80) throws -> (PseudoTerminal, String) {
    let course = try Ditutor.makeCourseCopy()
    let terminal = try PseudoTerminal(
      executable: Ditutor.executable, arguments: [], directory: course,
      environment: Ditutor.environment(home: course), columns: columns, rows: rows)
    #expect(terminal.waitFor("ditutor [1 why-di 1/"))
    return (terminal, course)
  }

  @Test func nextOnTheFirstScreenOfAFreshStateShowsPageTwo() throws {
    let (terminal, _) = try start()
    let screen = PseudoTerminal.plain(terminal.transcript)
    #expect(screen.contains("Welcome to ditutor"))
    #expect(screen.contains("more lines · Enter: more · q: skip · or type a command"))
    let rows = screen.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    #expect(rows.count <= 24, "the first screen fits 80×24: \(rows.count) rows")
    #expect(rows.allSatisfy { $0.count <= 80 })
    terminal.clear()
    terminal.type("next\r")
    #expect(terminal.waitFor("Page 2 of"))
    #expect(terminal.waitFor("ditutor [1 why-di 2/"))
    terminal.type("quit\r")
    #expect(terminal.waitForExit() == 0)
  }

  @Test func enterShowsTheRestAndQSkipsItWithoutLeaving() throws {
    let (terminal, course) = try start()
    terminal.clear()
    terminal.type("\r")
    #expect(terminal.waitFor("more lines · Enter"), "a second screenful, with the rest still to come")
    terminal.clear()
    terminal.type("q\r")
    #expect(terminal.waitFor("Skipped the last"))
    #expect(terminal.waitFor("ditutor [1 why-di 1/"))
    #expect(terminal.isRunning, "q skipped the page; it did not quit")
    terminal.type("quit\r")
    #expect(terminal.waitForExit() == 0)
    let progress = try String(contentsOfFile: course + "/.ditutor/progress.json", encoding: .utf8)
    #expect(!progress.contains("pagesSeen"), "a page left half-read is not counted as read")
  }

  @Test func altXQuoteEnterDoesNotCrash() throws {
    let (terminal, _) = try start()
    terminal.clear()
    // ESC x opens libedit's command prompt in emacs mode; a lone quote crashed it.
    terminal.type("\u{1B}x")
    Thread.sleep(forTimeInterval: 0.2)
    terminal.type("'\r")
    #expect(terminal.waitFor("ditutor [1 why-di 1/"))
    terminal.type("next\r")
    #expect(terminal.waitFor("Page 2 of"), "still running and still reading commands")
    terminal.type("quit\r")
    #expect(terminal.waitForExit() == 0)
  }

  @Test func historyOutlivesAKilledSession() throws {
    let (first, course) = try start()
    first.type("lessons\r")
    #expect(first.waitFor("Pages read"))
    kill(first.programIdentifier, SIGKILL)
    _ = first.waitForExit()
    let history = try String(contentsOfFile: course + "/.ditutor/history", encoding: .utf8)
    #expect(history.hasSuffix("lessons\n"), "\(history)")
  }

  @Test func proseStopsAtAReadableMeasureOnAWideTerminal() throws {
    let (terminal, _) = try start(rows: 60, columns: 200)
    let longest = PseudoTerminal.plain(terminal.transcript).split(whereSeparator: \.isNewline)
      .filter { !$0.hasPrefix("    ") && !$0.hasPrefix("ditutor [") }  // code keeps its own lines
      .map(\.count).max() ?? 0
    #expect(longest <= 100, "longest line: \(longest)")
    terminal.type("quit\r")
    #expect(terminal.waitForExit() == 0)
  }
}

/// An instructor's tools on a terminal: the presenter at 80×24, and every lesson's demo script.
@Suite struct InstructorTests {
  @Test func presentPagesForwardAndBackAndQuitsCleanly() throws {
    let course = try Ditutor.makeCourseCopy()
    let terminal = try PseudoTerminal(
      executable: Ditutor.executable, arguments: ["present", "2"], directory: course,
      environment: Ditutor.environment(home: course), columns: 80, rows: 24)
    #expect(terminal.waitFor("Lesson 2 · page 1/"))
    terminal.clear()
    terminal.type(" ")
    #expect(terminal.waitFor("(2/"))
    terminal.clear()
    terminal.type("\u{1B}[D")
    #expect(terminal.waitFor("(1/"))
    terminal.type("q")
    #expect(terminal.waitForExit() == 0)
    #expect(!FileManager.default.fileExists(atPath: course + "/.ditutor/progress.json"), "presenting changes no progress")
  }

  @Test(arguments: (try? FileManager.default.contentsOfDirectory(atPath: Ditutor.packageRoot + "/Lessons/Demos")) ?? [])
  func everyLessonsDemoRunsAsScripted(_ demo: String) throws {
    let result = try Ditutor.run(["--script", "Lessons/Demos/" + demo, "--unattended"], in: Ditutor.packageRoot)
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.contains("all as scripted"))
  }
}
