import ArgumentParser
import CProcessControl
import Foundation
import Sandbox
import TerminalUI
import TutorKit
import WarmBuild

/// The one place where ditutor's parts are created and wired together. Everything below this
/// type receives its collaborators through `init`; only here are the live ones chosen.
struct CompositionRoot {
  let environment: [String: String]
  let fileSystem: any FileSystem = LocalFileSystem()
  let clock = WallClock.system
  /// One runner for everything ditutor starts, so that what a check leaves behind is found.
  let processes: LocalProcessRunner

  init(environment: [String: String]) {
    self.environment = environment
    // Orphans of a check (a test that ran `setsid sleep …`) become ours to stop, not init's.
    let adopts = ditutor_become_subreaper() == 0
    processes = LocalProcessRunner(children: LocalProcessRunner.Children(), stopsEscapees: adopts)
  }
  var probe: TerminalProbe { TerminalProbe(environment: environment) }

  /// The interactive REPL on a terminal, or the script runner when input is piped.
  func runTutorial(rootOption: String?) async throws -> Int32 {
    let root = try locateRoot(rootOption)
    let course = try loadCourse(root)
    let progress = ProgressStore(fileSystem: fileSystem, clock: clock, root: root)
    let runner = exerciseRunner(root: root)
    // A ditutor killed during a check (kill -9, a closed laptop) may have left its build and
    // tests running, holding SwiftPM's lock: stopped now, not at the first check.
    runner.stopLeftoversIfIdle()
    let session: Session
    do {
      session = try Session(
        course: course, progress: progress, checker: runner,
        examples: ExampleRunner(root: root, processes: processes, fileSystem: fileSystem, environment: environment),
        fileSystem: fileSystem, clock: clock, root: root,
        sandbox: { [fileSystem, directory = progress.directory] in DIKitSandbox(fileSystem: fileSystem, exportFolder: directory) },
        reviewer: reviewTool(root: root), buildsReviewerInTheBackground: probe.inputIsTerminal && probe.outputIsTerminal)
    } catch {
      throw fail("\(error)", status: 1)
    }
    let completer = Completer(catalog: CommandCatalog(), course: course)
    let interactive = probe.inputIsTerminal && probe.outputIsTerminal
    let interrupts = Interrupts(idle: interactive ? .ignore : .exit, processes: interactive ? processes : nil)
    if interactive, let editor = LibEditReader(historyPath: FilePath.join(progress.directory, "history"), probe: probe) {
      let display = TerminalDisplay(probe: probe, failuresToStandardError: false, pagesLongAnswers: true)
      var repl = REPL(
        reader: editor, display: display,
        session: session, completer: completer, interruptions: interrupts, mode: .interactive)
      return await repl.run()
    }
    var repl = REPL(
      reader: StandardInputReader(), display: TerminalDisplay(probe: probe, failuresToStandardError: !interactive),
      session: session, completer: completer, interruptions: interrupts, mode: interactive ? .interactive : .script)
    return await repl.run()
  }

  func list(rootOption: String?, json: Bool) throws {
    let root = try locateRoot(rootOption)
    let course = try loadCourse(root)
    let state = (try? ProgressStore(fileSystem: fileSystem, clock: clock, root: root).load().state) ?? LearnerState()
    let listing = CourseListing(course: course, state: state)
    if json {
      print(try listing.json())
    } else {
      let display = TerminalDisplay(probe: probe, failuresToStandardError: true)
      display.show(listing.document)
    }
  }

  /// `ditutor check`: one verdict, in the format asked for; the exit status says whether it passed.
  func check(
    rootOption: String?, exercise named: String?, format: CheckOnce.Format, timeout: Int, shippedTestsOnly: Bool
  ) async throws -> Int32 {
    let root = try locateRoot(rootOption)
    let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
    guard let query = named ?? CheckOnce.exercise(containing: here, root: root) else {
      throw fail(CheckOnce.exerciseNeeded.message, status: CheckOnce.exerciseNeeded.status)
    }
    let check = CheckOnce(
      root: root, fileSystem: fileSystem, checker: exerciseRunner(root: root, shippedTestsOnly: shippedTestsOnly),
      review: ReviewExercise(root: root, fileSystem: fileSystem, reviewer: reviewTool(root: root)))
    let result: (report: CommandReport, status: Int32)
    do {
      result = try await Interrupts(idle: .exit).cancellable {
        try await check.run(query, format: format, timeout: .seconds(timeout)) { phase in
          if phase == .waitingForAnotherCheck {
            FileHandle.standardError.write(Data("Waiting for the check in another window to finish …\n".utf8))
          }
        }
      }
    } catch let failure as CommandFailure {
      throw fail(failure.message, status: failure.status)
    } catch {
      throw fail("\(error)", status: 1)
    }
    show(result.report)
    return result.status
  }

  /// `ditutor review`: a reviewer's notes on one exercise as the learner has it, or the rules.
  func review(rootOption: String?, exercise named: String?, listRules: Bool, format: ReviewExercise.Format) async throws -> Int32 {
    let root = try locateRoot(rootOption)
    if listRules {
      do {
        let rules = try ReviewRules.load(root: root, fileSystem: fileSystem)
        switch format {
        case .text: show(.document(rules.document(course: try? loadCourse(root))))
        case .json: show(.text(try fileSystem.readText(at: FilePath.join(root, ReviewRules.path))))
        }
      } catch let failure as CommandFailure {
        throw fail(failure.message, status: failure.status)
      }
      return 0
    }
    let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
    guard let query = named ?? CheckOnce.exercise(containing: here, root: root) else {
      throw fail(
        "Which exercise? Name it (ditutor review 3, or its id), or run ditutor review from inside its folder. ditutor review --rules lists what it looks for.",
        status: 2)
    }
    let course = try loadCourse(root)
    guard let exercise = course.exercise(matching: query) else {
      throw fail("There is no exercise '\(query)'. Exercises: \(course.exercises.map(\.id).joined(separator: ", ")).", status: 2)
    }
    let review = ReviewExercise(root: root, fileSystem: fileSystem, reviewer: reviewTool(root: root))
    do {
      let remarks = try await Interrupts(idle: .exit).cancellable {
        try await review.notes(on: exercise) { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }
      }
      show(try review.report(remarks, on: exercise, course: course, format: format))
    } catch let failure as CommandFailure {
      throw fail(failure.message, status: failure.status)
    }
    return 0
  }

  /// The analyzer behind `review`, and behind the notes a passing check adds once it is built.
  private func reviewTool(root: String) -> ReviewTool {
    ReviewTool(
      root: root, processes: processes, fileSystem: fileSystem, environment: environment,
      prebuilt: environment["DITUTOR_REVIEWER"].flatMap { $0.isEmpty ? nil : $0 })
  }

  /// `ditutor verify`: solutions pass, starters fail, for every exercise in the course.
  func verify(rootOption: String?, only ids: [String], format: VerifyCourse.Format, timeout: Int, fresh: Bool) async throws -> Int32 {
    let root = try locateRoot(rootOption)
    // The tools a result depends on, by path and stamp: the toolchain, and this very build of
    // ditutor (a new one may read verdicts differently).
    let tools = [Bundle.main.executablePath, processes.locate("swift")].compactMap { $0 }.map { path in
      "\(path) " + (fileSystem.stamp(at: path)?.keyLine ?? "missing")
    }
    let verify = VerifyCourse(
      course: try loadCourse(root),
      verifier: CourseVerifier(
        runner: exerciseRunner(root: root, scratchFolder: ".build/verify", wholeModule: true, bugsFromLibraries: true),
        starterRunner: exerciseRunner(root: root, scratchFolder: ".build/verify-starters", wholeModule: true, bugsFromLibraries: true)),
      kept: KeptVerifications(root: root, fileSystem: fileSystem, tools: tools, fresh: fresh))
    let result: (report: CommandReport, status: Int32)
    do {
      let exercises = try verify.exercises(ids)
      // On standard error, whatever the format: a clean verify takes minutes, and a CI log
      // shows where it is.
      FileHandle.standardError.write(Data("Verifying \(exercises.count) exercise\(exercises.count == 1 ? "" : "s").\n".utf8))
      result = try await Interrupts(idle: .exit).cancellable {
        try await verify.run(exercises, format: format, timeout: .seconds(timeout)) { stage in
          FileHandle.standardError.write(Data((stage.line + "\n").utf8))
        }
      }
    } catch let failure as CommandFailure {
      throw fail(failure.message, status: failure.status)
    } catch {
      throw fail("\(error)", status: 1)
    }
    show(result.report)
    return result.status
  }

  /// Prints a use case's report: a document for people, drawn to the terminal, or text as is.
  private func show(_ report: CommandReport) {
    switch report {
    case .text(let text): print(text, terminator: "")
    case .document(let document): TerminalDisplay(probe: probe, failuresToStandardError: false).show(document)
    }
  }

  /// `ditutor present <lesson>`: slides on a projector, or a demo script replayed.
  func present(rootOption: String?, lesson query: String, script: String?, noColor: Bool, unattended: Bool) async throws -> Int32 {
    if let script {
      return try await playDemo(rootOption: rootOption, lesson: query, script: script, noColor: noColor, unattended: unattended)
    }
    let root = try locateRoot(rootOption)
    let course = try loadCourse(root)
    guard let lesson = course.lesson(matching: query) else {
      throw fail("There is no lesson '\(query)'. Lessons: \(course.lessons.map { "\($0.order) (\($0.id))" }.joined(separator: ", ")).", status: 2)
    }
    let colors = !noColor && TerminalTraits.colorsAllowed(isTerminal: probe.outputIsTerminal, environment: environment)
    let presenter = Presenter(
      lesson: lesson, probe: probe, colors: colors,
      examples: ExampleRunner(root: root, processes: processes, fileSystem: fileSystem, environment: environment))
    return await presenter.run()
  }

  /// Replays a demo script through a session on the demo stage (a copy of the course as shipped,
  /// under .build/demo/: see DemoStage), whose progress lives in a throwaway folder.
  func playDemo(rootOption: String?, lesson: String?, script path: String, noColor: Bool, unattended: Bool) async throws -> Int32 {
    let root = try locateRoot(rootOption)
    let course = try loadCourse(root)
    let current = FileManager.default.currentDirectoryPath
    let scriptPath = path.hasPrefix("/") ? path : FilePath.join(current, path)
    guard let text = try? fileSystem.readText(at: scriptPath) else {
      throw fail("Cannot read the demo script \(path).", status: 2)
    }
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("ditutor-demo-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let session: Session
    do {
      session = try DemoStage(course: course, root: root, fileSystem: fileSystem).session(
        progress: ProgressStore(fileSystem: fileSystem, clock: clock, directory: scratch),
        checker: { stage in exerciseRunner(root: stage) },
        examples: ExampleRunner(root: root, processes: processes, fileSystem: fileSystem, environment: environment),
        clock: clock, sandbox: { [fileSystem] in DIKitSandbox(fileSystem: fileSystem, exportFolder: scratch) })
    } catch {
      throw fail("Could not set up the demo in \(DemoStage.folder)/: \(error)", status: 1)
    }
    if let lesson { _ = await session.handle("open \(lesson)") }
    var environment = self.environment
    if noColor { environment["NO_COLOR"] = "1" }
    let display = TerminalDisplay(probe: TerminalProbe(environment: environment), failuresToStandardError: unattended)
    let player = DemoPlayer(session: session, display: display)
    let outcome: DemoPlayer.Outcome
    if !unattended, let keyboard = RawKeyboard(alternateScreen: false) {
      defer { keyboard.restore() }
      var presenter: KeyPresenter? = KeyPresenter(keyboard: keyboard)
      outcome = await player.play(DemoScript(parsing: text), presenter: &presenter)
    } else {
      var none: KeyPresenter? = nil
      outcome = await player.play(DemoScript(parsing: text), presenter: &none)
    }
    await session.shutdown()
    if !outcome.broken.isEmpty {
      FileHandle.standardError.write(Data("\(outcome.broken.count) demo step\(outcome.broken.count == 1 ? "" : "s") did not go as scripted: \(outcome.broken.joined(separator: ", "))\n".utf8))
      return 1
    }
    if unattended { print("demo: \(outcome.stepsRun) steps, all as scripted") }
    return 0
  }

  /// `ditutor grade`: a gradebook over learners' checkouts, graded against the shipped tests.
  func grade(
    rootOption: String?, checkouts: [String], format: GradeReport.Format, output: String?, options: Gradebook.Options
  ) async throws -> Int32 {
    let root = try locateRoot(rootOption)
    let course = try loadCourse(root, depth: .exercisesOnly)
    let current = FileManager.default.currentDirectoryPath
    func absolute(_ path: String) -> String {
      URL(fileURLWithPath: path.hasPrefix("/") ? path : FilePath.join(current, path)).standardizedFileURL.path
    }
    let paths = checkouts.map(absolute)
    let outputFolder = output.map(absolute)
    let processes = self.processes
    let fileSystem = self.fileSystem
    let environment = self.environment
    // `--separately` is the reference the shared grading is compared with: swift test alone.
    let recordedBuilds =
      Self.fastChecks(environment) && !options.separately ? WarmBuilder.maker(processes: processes, fileSystem: fileSystem) : nil
    let trace = Self.checkTrace(environment)
    let reviewer = reviewTool(root: root)
    if options.review {
      // Said before grading starts, not as a column of dashes after it.
      do {
        try await reviewer.prepare()
      } catch {
        throw fail("grade --review: the reviewer did not build: \(error)", status: 1)
      }
      guard reviewer.isReady() else {
        throw fail(
          "grade --review needs the reviewer: this course has no Review/ folder, or DITUTOR_REVIEWER names no program.", status: 1)
      }
    }
    let gradebook = Gradebook(course: course, root: root, fileSystem: fileSystem, reviewer: reviewer) { workspace in
      // A lane's course is built for learner after learner: recorded once, then without SwiftPM.
      ExerciseRunner(
        root: workspace, processes: processes, fileSystem: fileSystem, environment: environment,
        wholeModuleCode: !options.separately, recordedBuilds: recordedBuilds, trace: trace)
    }
    let line = probe.errorIsTerminal ? ProgressLine(width: probe.width) : nil
    let ids = course.exercises.map(\.id)
    let probe = self.probe
    do {
      // The book is written before the cancellable ends: SIGTERM waits for it (see Interrupts),
      // so a stopped grading still says what it graded, and that the book is incomplete.
      return try await Interrupts(idle: .exit).cancellable {
        let entries = try await gradebook.grade(paths, options: options) { state in line?.show(state) }
        line?.finish()
        let result = GradeReport.report(entries, exercises: ids, format: format)
        Self.write(result.report, incomplete: result.incomplete, probe: probe)
        if let folder = outputFolder {
          let written = try Self.write(GradeReport.files(entries, exercises: ids), to: folder, fileSystem: fileSystem)
          // Wrapped to the terminal's width, as every message is.
          let renderer = Renderer(traits: probe.traits(forStandardError: true))
          let wrote = Document([.notice(.success, [.text("Wrote \(written.joined(separator: ", ")) to \(folder)")])])
          FileHandle.standardError.write(Data(renderer.render(wrote).utf8))
        }
        return result.status
      }
    } catch {
      throw fail("\(error)", status: 1)
    }
  }

  /// Every format of a book into `folder`, each file written whole or not at all.
  private static func write(_ files: [(name: String, report: CommandReport)], to folder: String, fileSystem: any FileSystem) throws -> [String] {
    if !fileSystem.directoryExists(at: folder) { try fileSystem.createDirectory(at: folder) }
    for (name, report) in files {
      let text =
        switch report {
        case .document(let document): Renderer(traits: .file).render(document)
        case .text(let text): text
        }
      try fileSystem.writeAtomically(Data(text.utf8), to: FilePath.join(folder, name))
    }
    return files.map(\.name)
  }

  /// A gradebook on standard output; an incomplete one says so on standard error too (unless
  /// the table on the screen already does), whatever the format.
  private static func write(_ report: CommandReport, incomplete: String?, probe: TerminalProbe) {
    switch report {
    case .document(let document) where probe.outputIsTerminal:
      TerminalDisplay(probe: probe, failuresToStandardError: false).show(document)
      return
    case .document(let document):
      // A file or a pipe has no width to fit: the table stays a table, a row per learner.
      FileHandle.standardOutput.write(Data(Renderer(traits: .file).render(document).utf8))
    case .text(let text):
      FileHandle.standardOutput.write(Data(text.utf8))
    }
    if let incomplete {
      let renderer = Renderer(traits: probe.traits(forStandardError: true))
      FileHandle.standardError.write(Data(renderer.render(Document([.notice(.error, [.text(incomplete)])])).utf8))
    }
  }

  /// `ditutor fingerprints`: whether Exercises/shipped-tests.json is current, or write it.
  func fingerprints(rootOption: String?, write: Bool) throws -> Int32 {
    let root = try locateRoot(rootOption)
    let course = try loadCourse(root, depth: .exercisesOnly)
    let answer = try ShippedTestFingerprints(course: course, root: root, fileSystem: fileSystem).run(write: write)
    if answer.isProblem {
      FileHandle.standardError.write(Data((answer.message + "\n").utf8))
    } else {
      print(answer.message)
    }
    return answer.status
  }

  private func exerciseRunner(
    root: String, scratchFolder: String = ".build/exercises", shippedTestsOnly: Bool = false, wholeModule: Bool = false,
    bugsFromLibraries: Bool = false
  ) -> ExerciseRunner {
    ExerciseRunner(
      root: root, processes: processes, fileSystem: fileSystem, environment: environment,
      scratchFolder: scratchFolder, shippedTestsOnly: shippedTestsOnly, wholeModule: wholeModule,
      bugsFromLibraries: bugsFromLibraries,
      recordedBuilds: Self.fastChecks(environment) ? WarmBuilder.maker(processes: processes, fileSystem: fileSystem) : nil,
      trace: Self.checkTrace(environment))
  }

  /// `DITUTOR_TRACE=1`: a line on standard error for each check, saying how it was built.
  static func checkTrace(_ environment: [String: String]) -> (@Sendable (String) -> Void)? {
    guard environment["DITUTOR_TRACE"] == "1" else { return nil }
    return { line in FileHandle.standardError.write(Data("ditutor: \(line)\n".utf8)) }
  }

  /// `DITUTOR_FAST_CHECK=0` makes every check a plain `swift test`: for comparing the two, or
  /// for a toolchain whose build the fast path does not follow.
  static func fastChecks(_ environment: [String: String]) -> Bool {
    environment["DITUTOR_FAST_CHECK"] != "0"
  }

  // MARK: Shared steps

  private func locateRoot(_ option: String?) throws -> String {
    let current = FileManager.default.currentDirectoryPath
    if let option {
      let path = option.hasPrefix("/") ? option : FilePath.join(current, option)
      let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
      guard CourseRoot.isCourse(standardized, fileSystem: fileSystem) else {
        throw fail("--root \(option): no course there (a ditutor course has Lessons/ and Exercises/ folders).", status: 2)
      }
      return standardized
    }
    guard let root = CourseRoot.locate(from: current, fileSystem: fileSystem) else {
      throw fail(
        "No ditutor course here. Run ditutor inside the ditutor package (a folder with Lessons/ and Exercises/), or name one with --root <dir>.",
        status: 2)
    }
    return root
  }

  private func loadCourse(_ root: String, depth: CourseLoader.Depth = .full) throws -> Course {
    do {
      return try CourseLoader(fileSystem: fileSystem).load(root: root, depth: depth)
    } catch {
      throw fail(error.description, status: 1)
    }
  }

  /// Prints a message the learner can act on and returns the exit code to throw.
  private func fail(_ message: String, status: Int32) -> ExitCode {
    let renderer = Renderer(traits: probe.traits(forStandardError: true))
    FileHandle.standardError.write(Data(renderer.render(Document([.notice(.error, [.text(message)])])).utf8))
    return ExitCode(status)
  }
}
