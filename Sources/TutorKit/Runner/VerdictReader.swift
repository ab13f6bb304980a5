import Foundation

/// Turns what a test run left (its output, its event stream, how it ended) into one exercise's
/// ``Verdict``. Pure: no files, no processes, so every rule is tested on recorded runs
/// (`Tests/TutorKitTests/Recorded/`).
///
/// The rules, in order: a run that never started is a compile error, a timeout or a
/// cancellation; a started run's status comes from the exercise's own tests (a test that began
/// and never ended crashed); a write-the-test exercise then also needs every planted bug caught.
enum VerdictReader {
  /// Reads one exercise's verdict out of a run (which may have held several exercises).
  /// `variant` reads instead the verdict of another folder of the exercise built beside it
  /// (`Shortcuts/cache-the-hour`, see ``PackageSelection/variants``): its own modules, and only
  /// the compiler errors in its own files.
  static func verdict(
    for exercise: Exercise, code: ExerciseRunner.Code, learnerFolder: String? = nil, variant: String? = nil, outcome: ProcessOutcome,
    events: String, root: String, timeout: Duration
  ) -> Verdict {
    verdict(
      for: exercise, code: code, learnerFolder: learnerFolder, variant: variant, outcome: outcome, run: Run(outcome: outcome, events: events, root: root),
      root: root, timeout: timeout)
  }

  /// What every verdict of one run reads, read once: a run that checks a whole course and its
  /// shortcuts gives nearly two hundred verdicts from one event stream.
  struct Run {
    let diagnostics: [Verdict.Diagnostic]
    let stream: EventStream
    /// The lines of the output that tell of a crash: each verdict looks for its own module's.
    let crashLines: String
    /// The last lines of the whole output, of the program's own output, and its last few: what
    /// a verdict that needs one shows (a course's run has one output for all its verdicts).
    let tail: String?
    let programTail: String?
    let shortProgramTail: String?

    init(outcome: ProcessOutcome, events: String, root: String) {
      self.init(outcome: outcome, stream: EventStream(events), root: root)
    }

    init(outcome: ProcessOutcome, stream: EventStream, root: String) {
      let allOutput = outcome.standardOutput + "\n" + outcome.standardError
      diagnostics = CompilerDiagnostics.parse(allOutput, root: root)
      self.stream = stream
      crashLines = allOutput.split(separator: "\n")
        .filter { CrashReport.tellsOfACrash($0) }
        .joined(separator: "\n")
      tail = VerdictReader.tail(of: allOutput)
      programTail = VerdictReader.tail(of: outcome.standardOutput)
      shortProgramTail = VerdictReader.tail(of: outcome.standardOutput, lines: 8)
    }
  }

  static func verdict(
    for exercise: Exercise, code: ExerciseRunner.Code, learnerFolder: String? = nil, variant: String? = nil, outcome: ProcessOutcome,
    run: Run, root: String, timeout: Duration
  ) -> Verdict {
    let learnerFolder = variant ?? learnerFolder ?? code.folder
    let seconds = outcome.duration.seconds
    let variants = "\(ExerciseRunner.variantsFolder)/\(exercise.id)/"
    let shortcuts = "\(exercise.folder)/Shortcuts/"
    var seen: Set<String> = []
    let diagnostics = run.diagnostics.compactMap { diagnostic -> Verdict.Diagnostic? in
      var diagnostic = diagnostic
      var linked: String?
      // A planted bug's module, or a variant's tests, compile through links: name the real file.
      if diagnostic.file.hasPrefix(variants) {
        let parts = diagnostic.file.dropFirst(variants.count).split(separator: "/", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        let folder = String(parts[0])
        let name = String(parts[1])
        // `<bug>`, or `<bug>--Solution` for tests other than the learner's (see MutantWorkspace).
        let bugFolder = folder.components(separatedBy: "--")[0]
        if exercise.mutants.contains(where: { $0.name == bugFolder }) {
          // The learner's files have the starter's names; the rest are the bug's (or the rules, when
          // the bug is a module of its own).
          let beside = exercise.subjectModule == nil ? exercise.mutantFolder(bugFolder) : exercise.rulesFolder
          diagnostic.file = exercise.files.contains(name) ? "\(exercise.folder)/\(learnerFolder)/\(name)" : "\(beside)/\(name)"
        } else if exercise.kind == .tests {
          // A variant's tests (`Shortcuts-x`), beside the subject or a bug (`Shortcuts-x--bug`).
          let halves = folder.components(separatedBy: "--")
          linked = halves[0]
          let variantFolder = halves[0].replacingOccurrences(of: "Shortcuts-", with: "Shortcuts/")
          diagnostic.file =
            exercise.files.contains(name) ? "\(exercise.folder)/\(variantFolder)/\(name)"
            // The variant's own copy of a bug (`Shortcuts-x--bug--code`).
            : halves.count > 2 ? "\(exercise.mutantFolder(halves[1]))/\(name)"
            : exercise.subjectModule != nil ? "\(exercise.rulesFolder)/\(name)"
            : halves.count > 1 ? "\(exercise.mutantFolder(halves[1]))/\(name)" : "\(exercise.subjectFolder)/\(name)"
        } else {
          linked = folder
          diagnostic.file = "\(exercise.testsFolder)/\(name)"
        }
      }
      guard diagnostic.file.hasPrefix(exercise.folder + "/") || !diagnostic.file.hasPrefix("Exercises/") && !diagnostic.file.hasPrefix(".build/") else {
        return nil
      }
      // Built beside each other, an exercise's folders answer only for their own errors.
      if let variant {
        guard linked == Exercise.variantLinkFolder(variant) || diagnostic.file.hasPrefix("\(exercise.folder)/\(variant)/") else { return nil }
      } else {
        guard linked == nil else { return nil }
        // A shortcut's or the starter's files, built beside these (verify), answer for their own.
        let besides = diagnostic.file.hasPrefix(shortcuts) || diagnostic.file.hasPrefix("\(exercise.folder)/\(Exercise.starterVariant)/")
        if besides && !diagnostic.file.hasPrefix("\(exercise.folder)/\(learnerFolder)/") { return nil }
      }
      return seen.insert("\(diagnostic.file):\(diagnostic.line):\(diagnostic.column):\(diagnostic.message)").inserted ? diagnostic : nil
    }
    let testModule = variant.map(exercise.variantTestModuleName) ?? exercise.testModuleName
    let codeModule = variant.map(exercise.variantModuleName) ?? exercise.moduleName
    let stream = run.stream
    let ownTests = stream.tests(of: testModule)
    let folder = "\(exercise.folder)/\(exercise.kind == .tests ? "Subject" : learnerFolder)"
    let crash = CrashReport(output: run.crashLines, module: exercise.kind == .tests ? testModule : codeModule, folder: folder)

    guard stream.runStarted else {
      switch outcome.ending {
      case .cancelled:
        return Verdict(exercise: exercise.id, status: .cancelled, durationSeconds: seconds)
      case .timedOut:
        return Verdict(exercise: exercise.id, status: .timedOut, durationSeconds: seconds, output: run.tail)
      default:
        let errors = diagnostics.filter { $0.severity == "error" }
        return Verdict(
          exercise: exercise.id, status: .compileError, durationSeconds: seconds, diagnostics: errors,
          output: errors.isEmpty ? run.tail : nil)
      }
    }

    // A build that went on past this exercise's compile error, and ran the others' tests.
    let errors = diagnostics.filter { $0.severity == "error" }
    if !errors.isEmpty && ownTests.isEmpty {
      return Verdict(exercise: exercise.id, status: .compileError, durationSeconds: seconds, diagnostics: errors)
    }

    let limit = Int(timeout.components.seconds)
    var tests = results(of: ownTests, outcome: outcome, crash: crash, root: root, limit: limit)
    if outcome.ending == .timedOut, !tests.contains(where: { $0.status == .timedOut }),
      let (test, bug) = runningOnAPlantedBug(exercise, variant: variant, in: stream)
    {
      // The learner's tests passed on the subject and ran out of time on a planted bug: one of
      // them waits for something that bug never does.
      tests.append(
        Verdict.TestResult(
          name: [test.suite, test.name].compactMap { $0 }.joined(separator: "/") + " (on the planted bug: \(bug.summary))",
          status: .timedOut,
          message: stopped(after: limit),
          step: Steps.number(of: test.suite)))
    }

    var status: Verdict.Status
    switch outcome.ending {
    case .cancelled: status = .cancelled
    case .timedOut: status = .timedOut
    default:
      if !stream.runEnded && ownTests.contains(where: { $0.started != nil && $0.ended == nil }) {
        status = .crashed
      } else if !stream.runEnded && ownTests.allSatisfy({ $0.started == nil }) {
        // Another exercise in the same run crashed before this one's tests began.
        status = .crashed
      } else if tests.contains(where: { $0.status == .failed || $0.status == .crashed }) {
        status = .failed
      } else if tests.isEmpty {
        status = .failed
        let message = exercise.kind == .tests
          ? "No tests ran: write at least one @Test in your file." : "No tests ran for this exercise."
        tests = [Verdict.TestResult(name: "(no tests)", status: .failed, message: message)]
      } else {
        status = .passed
      }
    }

    // A write-the-test exercise passes when its tests pass on the subject and catch every bug.
    var mutants: [Verdict.Mutant]?
    if exercise.kind == .tests {
      mutants = exercise.plantedBugs(judging: variant).enumerated().map { index, mutant in
        let module = bugTestModule(exercise, variant: variant, bug: mutant.name)
        let own = stream.tests(of: module)
        let catcher = own.first { !$0.issues.isEmpty || ($0.started != nil && $0.ended == nil) }
        // A live bug's folder name would give it away ("never-resets"): it is numbered instead.
        return Verdict.Mutant(
          name: catcher == nil ? "planted bug \(index + 1)" : mutant.name, caught: catcher != nil,
          summary: catcher == nil ? nil : mutant.summary,
          caughtBy: catcher.map { [$0.suite, $0.name].compactMap { $0 }.joined(separator: "/") })
      }
      if status == .passed && mutants!.contains(where: { !$0.caught }) { status = .failed }
      if status == .crashed && !ownTests.contains(where: { $0.started != nil && $0.ended == nil }) && stream.runEnded {
        status = .failed
      }
    }
    let output: String? =
      switch status {
      case .crashed, .timedOut: run.programTail
      // What a failing test printed: learners debug with print (not a planted bug's run).
      case .failed where exercise.kind != .tests: run.shortProgramTail
      default: nil
      }
    return Verdict(
      exercise: exercise.id, status: status, durationSeconds: seconds, tests: tests,
      diagnostics: diagnostics.filter { $0.severity == "error" }, output: output, mutants: mutants,
      steps: Steps.count(in: tests))
  }

  /// The module of the tests run against one planted bug: the learner's, or a variant's.
  private static func bugTestModule(_ exercise: Exercise, variant: String?, bug: String) -> String {
    variant.map { exercise.variantMutantTestModuleName($0, bug) } ?? exercise.mutantTestModuleName(bug)
  }

  /// What a test that ran out of time says.
  private static func stopped(after limit: Int) -> String {
    "Still running after \(limit) s, so it was stopped."
  }

  /// The test of `exercise` that was running on one of its planted bugs when the run stopped.
  private static func runningOnAPlantedBug(
    _ exercise: Exercise, variant: String?, in stream: EventStream
  ) -> (EventStream.Test, Exercise.Variant)? {
    guard exercise.kind == .tests else { return nil }
    for bug in exercise.plantedBugs(judging: variant) {
      let module = bugTestModule(exercise, variant: variant, bug: bug.name)
      if let running = stream.tests(of: module).first(where: { $0.started != nil && $0.ended == nil }) {
        return (running, bug)
      }
    }
    return nil
  }

  private static func results(
    of tests: [EventStream.Test], outcome: ProcessOutcome, crash: CrashReport, root: String, limit: Int
  ) -> [Verdict.TestResult] {
    tests.compactMap { test in
      let name = [test.suite, test.name].compactMap { $0 }.joined(separator: "/")
      let duration = (test.ended ?? test.started ?? 0) - (test.started ?? 0)
      let step = Steps.number(of: test.suite)
      if test.skipped { return Verdict.TestResult(name: name, status: .skipped, step: step) }
      if test.ended != nil {
        guard let first = test.issues.first else {
          return Verdict.TestResult(name: name, status: .passed, seconds: duration, step: step)
        }
        return Verdict.TestResult(
          name: name, status: .failed, message: test.issues.map(\.message).joined(separator: "\n"),
          file: first.file.map { FilePath.relative($0, to: root) }, line: first.line, seconds: duration,
          explanation: first.explanation, step: step)
      }
      guard test.started != nil else { return nil }  // never reached: the run stopped before it
      switch outcome.ending {
      case .timedOut:
        return Verdict.TestResult(name: name, status: .timedOut, message: stopped(after: limit), step: step)
      case .cancelled:
        return Verdict.TestResult(name: name, status: .cancelled, message: "Cancelled while running.", step: step)
      default:
        return Verdict.TestResult(name: name, status: .crashed, message: crash.summary, file: crash.file, line: crash.line, step: step)
      }
    }
  }

  /// The last lines a program printed, without SwiftPM's progress lines; a first line says how
  /// many came before them.
  static func tail(of output: String, lines: Int = 12) -> String? {
    let all = output.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { line in
        !line.isEmpty && !line.hasPrefix("[") && !line.hasPrefix("Building for") && !line.hasPrefix("Build complete")
          && !isStackFrame(line) && !line.hasPrefix("Current stack trace") && !line.contains("Fatal error: ")
          && !line.contains("unexpected signal code") && !line.hasPrefix("error: fatalError")
          && !isTestingProgress(line)
      }
    // A line of thousands of characters would push the verdict off the screen on its own.
    let kept = all.suffix(lines).map { line in
      line.count <= 240 ? String(line) : "\(line.prefix(240)) … (\(line.count - 240) more characters)"
    }
    guard !kept.isEmpty else { return nil }
    let earlier = all.count - kept.count
    let note = earlier > 0 ? ["… \(earlier) earlier line\(earlier == 1 ? "" : "s") left out"] : []
    return (note + kept).joined(separator: "\n")
  }
}

/// `3    libswiftCore.so    0x00007f… _assertionFailure + 303`: a line of a crash's backtrace,
/// which tells a learner nothing the verdict does not.
private func isStackFrame(_ line: Substring) -> Bool {
  let words = line.split(separator: " ", maxSplits: 3)
  return words.count >= 3 && Int(words[0]) != nil && words[2].hasPrefix("0x")
}

/// Swift Testing's own progress lines (`◇ Test run started.`): the learner's prints are the rest.
private func isTestingProgress(_ line: Substring) -> Bool {
  guard let first = line.unicodeScalars.first else { return false }
  return ["◇", "↳", "✔", "✘", "⚠", "􀟈", "􀊯", "􀢄", "􀄵", "􀙟"].contains(String(first))
}

/// What a crashed test run said about why: the `Fatal error` line and the signal.
struct CrashReport {
  var message: String?
  var signal: Int32?
  var file: String?
  var line: Int?

  /// - Parameters:
  ///   - module: the exercise's module; a fatal error raised in it points at the learner's file.
  ///   - folder: where that module's files are (`Exercises/x/Sources`).
  /// Whether a line of a test run's output is one this report reads.
  static func tellsOfACrash(_ line: Substring) -> Bool {
    line.contains("Fatal error: ") || line.contains("unexpected signal code ")
  }

  init(output: String, module: String, folder: String) {
    for rawLine in output.split(separator: "\n") where Self.tellsOfACrash(rawLine) {
      let line = String(rawLine)
      if let range = line.range(of: "Fatal error: ") {
        message = String(line[range.upperBound...]).trimmingCharacters(in: .whitespaces)
        if message?.isEmpty == true { message = "Fatal error" }
        // `GreetingClock/Greeter.swift:12: Fatal error: …` names the learner's file.
        let location = line[..<range.lowerBound].trimmingCharacters(in: CharacterSet(charactersIn: ": "))
        let parts = location.split(separator: ":")
        if parts.count == 2, let number = Int(parts[1]), parts[0].hasPrefix(module + "/") {
          file = folder + "/" + parts[0].dropFirst(module.count + 1)
          self.line = number
        }
      }
      if let range = line.range(of: "unexpected signal code ") {
        signal = Int32(line[range.upperBound...].prefix { $0.isNumber })
      }
    }
  }

  var summary: String {
    var parts: [String] = []
    if let message { parts.append("Fatal error: \(message)") }
    if let signal { parts.append("The test process stopped with signal \(signal) (\(Self.meaning(of: signal))).") }
    return parts.isEmpty ? "The test process stopped unexpectedly." : parts.joined(separator: ". ")
  }

  static func meaning(of signal: Int32) -> String {
    switch signal {
    case 4, 5: "a Swift runtime trap: fatalError, a force-unwrapped nil, an index out of range or an overflow"
    case 6: "abort"
    case 9: "killed"
    case 11: "invalid memory access, often endless recursion"
    default: "signal \(signal)"
    }
  }
}

