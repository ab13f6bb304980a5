import Foundation
import TutorKit

/// A write-the-test exercise's check, with the learner's tests compiled once.
///
/// SwiftPM builds the learner's tests into one module per planted bug (a file belongs to one
/// target only), so a one-line edit of the tests compiles them twelve times for eleven bugs.
/// But a planted bug changes what the subject's functions do, not what they are: compiled on its
/// own under the subject's module name, it declares exactly what the subject declares (the
/// compiler's module interfaces of the two are the same bytes). Then the learner's tests,
/// compiled once with the subject as SwiftPM compiles them, can run against it: each bug's code
/// is a shared library, and one test program, linked to the subject's library, runs once per bug
/// with that bug's library first on `LD_LIBRARY_PATH`.
///
/// The libraries are built once (from the instructor's files, which a learner does not edit)
/// with the compiler jobs SwiftPM's plan recorded for the tests' module. A bug whose interface
/// differs (a stored property's type changed) keeps its own module and runs in SwiftPM's test
/// program, with the learner's tests against the subject.
///
/// A subject that is a module of its own (`subject:` in the exercise's front matter) is built
/// with library evolution: the tests' compiled code reaches its types through their public API
/// alone, never their layout, so a bug that adds a private stored property still shares. Its
/// libraries are built with the jobs of the subject's module, and compared by their textual
/// interfaces (`.swiftinterface`), which say exactly what such a client may depend on.
extension WarmBuilder {
  /// Names of the steps ditutor adds to SwiftPM's plan: the links below.
  static let ownStepPrefix = "ditutor: "
  /// The step that links the tests as a shared library, for the test launcher.
  static let testsLibraryStep = ownStepPrefix + "link the tests as a library, for the test launcher"

  struct Sharing {
    /// The steps of the plan this build does without.
    var skipping: Set<Int>
    /// The test program with the learner's tests and the bugs that keep their own module.
    var program: String
    var bugRuns: [BugRun]
  }

  /// Where the libraries of a write-the-test exercise's test module live.
  func plantedFolder(_ testModule: String) -> String {
    FilePath.join(scratch, "ditutor-planted", testModule)
  }

  /// Where the two programs of a build that shares tests live: one folder for each set of
  /// exercises, so the builds of two configurations do not relink each other's.
  private func programsFolder(_ planted: [PlantedBugs]) -> String {
    let modules = planted.map(\.testModule).sorted()
    let name = modules.count == 1 ? modules[0] : "\(modules.count)-" + WarmBuildRecord.fileName(for: ["": modules.joined(separator: ",")])
    return FilePath.join(scratch, "ditutor-planted", "programs", String(name.prefix(while: { $0 != "." })))
  }

  /// Makes what runs the planted bugs of `planted` (the write-the-test exercises of the build)
  /// against their tests compiled once, and says which of the plan's steps that leaves out; nil
  /// when it cannot (the plan is not what it expects, a library does not build, no bug shares
  /// its subject's interface): then SwiftPM's steps all run.
  func share(_ planted: [PlantedBugs], in record: inout WarmBuildRecord) async throws -> Sharing? {
    let planted = planted.filter { !$0.bugs.isEmpty && !$0.subject.isEmpty }
    guard !planted.isEmpty,
      let linkIndex = record.steps.lastIndex(where: { $0.outputs.contains(record.testProgram) }),
      record.steps[linkIndex].jobs.count == 2,
      case let autolink = record.steps[linkIndex].jobs[0], FilePath.lastComponent(autolink[0]) == "swift-autolink-extract",
      case let swiftPMLink = record.steps[linkIndex].jobs[1]
    else { return nil }
    // These links are ditutor's own: with the toolchain's lld, when it has one, each takes half
    // the time of the system linker SwiftPM chose.
    let fasterLinker = fileSystem.fileExists(at: FilePath.join(FilePath.parent(swiftPMLink[0]), "ld.lld")) ? ["-fuse-ld=lld"] : []
    let link = swiftPMLink + fasterLinker

    // Each exercise's libraries, from the jobs that compile its tests' module.
    var jobs: [String: LibraryJobs] = [:]
    var libraries: [(folder: String, files: [String], jobs: LibraryJobs)] = []
    for exercise in planted {
      let module = exercise.codeModule
      guard let compileStep = record.steps.first(where: { $0.name.hasPrefix("C.\(module)-") }),
        let compile = compileStep.jobs.first(where: { $0.contains("-c") && $0.contains("-primary-file") }),
        let emitModule = compileStep.jobs.first(where: { $0.contains("-emit-module") })
      // A module the record compiles through the driver (its command line too long to run as
      // jobs): its bugs keep their modules.
      else { continue }
      let made = LibraryJobs(module: module, compile: compile, emitModule: emitModule, autolink: autolink, link: link)
      jobs[exercise.testModule] = made
      let folder = plantedFolder(exercise.testModule)
      libraries += [(FilePath.join(folder, "subject"), exercise.subject, made)]
        + exercise.bugs.map { (FilePath.join(folder, $0.testModule), $0.files, made) }
    }
    var built = true
    try await withThrowingTaskGroup(of: Bool.self) { group in
      var pending = libraries[...]
      func addNext() {
        guard let (folder, files, jobs) = pending.popFirst() else { return }
        group.addTask { try await library(folder, files: files, jobs: jobs) }
      }
      for _ in 0..<parallelJobs { addNext() }
      while let ok = try await group.next() {
        built = built && ok
        addNext()
      }
    }
    guard built else { return nil }
    // The bugs that declare what their subject declares, by exercise.
    var shared: [(exercise: PlantedBugs, bugs: [String])] = []
    for exercise in planted where jobs[exercise.testModule] != nil {
      let folder = plantedFolder(exercise.testModule)
      let file = jobs[exercise.testModule]!.interfaceFile
      let interface = { (name: String) in try? fileSystem.readFile(at: FilePath.join(folder, name, file)) }
      guard let subject = interface("subject") else { continue }
      let bugs = exercise.bugs.map(\.testModule).filter { interface($0) == subject }
      if !bugs.isEmpty { shared.append((exercise, bugs)) }
    }
    guard !shared.isEmpty else { return nil }
    // A shared bug's test module, and its own code module when it has one.
    var sharedBugModules: Set<Substring> = []
    for (exercise, bugs) in shared {
      for bug in exercise.bugs where bugs.contains(bug.testModule) {
        sharedBugModules.formUnion(bug.modules.map { Substring($0) })
      }
    }

    let programs = programsFolder(planted)
    let fullProgram = FilePath.join(programs, "full.xctest")
    let testsProgram = FilePath.join(programs, "tests.xctest")
    let linkStep = record.steps[linkIndex]
    let autolinked = FilePath.join(programs, "full.autolink")
    let testsAutolinked = FilePath.join(programs, "tests.autolink")
    // The link lines name every object of the course (a grading lane's) and the filters below
    // ask of each argument again and again: `FilePath.builtObject` reads a path in place, where
    // splitting each one for every question took a third of a second of each learner's grading.
    func isObject(_ argument: String, ofAny modules: Set<Substring>) -> Bool {
      FilePath.builtObject(argument).map { modules.contains($0.module) } ?? false
    }
    func redirected(_ job: [String], output: String, autolinked: String) -> [String] {
      var job = job
      if let at = job.firstIndex(of: "-o"), at + 1 < job.count { job[at + 1] = output }
      return job.map { $0.hasPrefix("@") && $0.hasSuffix(".autolink") ? "@" + autolinked : $0 }
    }
    // The learner's tests alone, with each subject's code from its library.
    let subjectObjects = Set(
      shared.filter { $0.exercise.subjectModule == nil }.flatMap { exercise, _ in
        exercise.subject.map { "\(exercise.testModule)/\(FilePath.lastComponent($0)).o" }
      })
    // Every bug's modules, and the subjects that are modules of their own: their code comes from
    // the libraries.
    var notTests: Set<Substring> = []
    for exercise in planted {
      for bug in exercise.bugs { notTests.formUnion(bug.modules.map { Substring($0) }) }
      if let subject = exercise.subjectModule, shared.contains(where: { $0.exercise == exercise }) { notTests.insert(Substring(subject)) }
    }
    let testsOnly = { (argument: String) in
      guard let object = FilePath.builtObject(argument) else { return true }
      return !notTests.contains(object.module) && !subjectObjects.contains("\(object.module)/\(object.file)")
    }
    let subjectLibraries = shared.map { exercise, _ in
      (folder: FilePath.join(plantedFolder(exercise.testModule), "subject"), jobs: jobs[exercise.testModule]!)
    }
    // The full program differs from the tests' only by the subjects' code, which the tests'
    // program takes from the subjects' libraries (its run path finds them): then it is that
    // program, and one link fewer (a bug that keeps its modules needs the full one).
    let fullLink = link.filter { !isObject($0, ofAny: sharedBugModules) }
    let testsLink = Set(link.filter(testsOnly))
    let subjectModules = Set(shared.compactMap { $0.exercise.subjectModule.map { Substring($0) } })
    let testsProgramIsFull =
      !link.contains { $0.hasPrefix("@") && !$0.hasSuffix(".autolink") }
      && fullLink.allSatisfy { argument in
        guard !testsLink.contains(argument), let object = FilePath.builtObject(argument) else { return true }
        return subjectModules.contains(object.module) || subjectObjects.contains("\(object.module)/\(object.file)")
      }
    let full = [
      // SwiftPM's link without the shared bugs' modules.
      WarmBuildRecord.Step(
        name: Self.ownStepPrefix + "link without the planted bugs that share their tests",
        inputs: linkStep.inputs.filter { !isObject($0, ofAny: sharedBugModules) },
        outputs: [autolinked, fullProgram],
        jobs: [
          redirected(autolink.filter { !isObject($0, ofAny: sharedBugModules) }, output: autolinked, autolinked: autolinked),
          redirected(fullLink, output: fullProgram, autolinked: autolinked),
        ],
        concurrent: false)
    ]
    // The tests again, as a shared library: what the test launcher runs against each bug, when
    // it builds (see `TestLauncher.swift`); it links beside the others.
    let launcher =
      FilePath.lastComponent(link[0]) == "clang"
      ? try await TestLauncher.build(
        clang: link[0], in: FilePath.join(scratch, "ditutor-planted", "launcher"), fileSystem: fileSystem, processes: processes,
        environment: environment)
      : nil
    let testsLibrary = FilePath.join(programs, "tests.so")
    let libraryAutolinked = FilePath.join(programs, "tests-library.autolink")
    let subjectLinks = subjectLibraries.flatMap {
      ["-L", $0.folder, "-l" + $0.jobs.linkName, "-Xlinker", "-rpath", "-Xlinker", $0.folder]
    }
    let libraryStep = WarmBuildRecord.Step(
      name: Self.testsLibraryStep,
      inputs: linkStep.inputs.filter(testsOnly) + subjectLibraries.map { FilePath.join($0.folder, $0.jobs.libraryName) },
      outputs: [libraryAutolinked, testsLibrary],
      jobs: [
        redirected(autolink.filter(testsOnly), output: libraryAutolinked, autolinked: libraryAutolinked),
        redirected(link.filter(testsOnly).map { $0 == "-pie" ? "-shared" : $0 }, output: testsLibrary, autolinked: libraryAutolinked)
          + subjectLinks,
      ],
      concurrent: false)
    let own = (testsProgramIsFull ? [] : full) + (launcher == nil ? [] : [libraryStep]) + [
      // Its own list of libraries to link, so the two links run side by side.
      WarmBuildRecord.Step(
        name: Self.ownStepPrefix + "link the tests to their subjects' libraries",
        inputs: linkStep.inputs.filter(testsOnly) + subjectLibraries.map { FilePath.join($0.folder, $0.jobs.libraryName) },
        outputs: [testsAutolinked, testsProgram],
        jobs: [
          redirected(autolink.filter(testsOnly), output: testsAutolinked, autolinked: testsAutolinked),
          redirected(link.filter(testsOnly), output: testsProgram, autolinked: testsAutolinked)
            + subjectLinks
            // Every symbol the program names is bound when it starts: a library that lacks one
            // the tests need fails there, not in the middle of a test. (LD_BIND_NOW would bind
            // every library's own symbols too: a fifth of each run's time.)
            + ["-Xlinker", "-z", "-Xlinker", "now"],
        ],
        concurrent: false),
    ]
    // A step made as before keeps what it knows of its last run; the rest are new.
    record.steps.removeAll { step in step.name.hasPrefix(Self.ownStepPrefix) && !own.contains { $0.name == step.name } }
    for step in own {
      let before = record.steps.firstIndex { $0.name == step.name }
      if let before, record.steps[before].jobs == step.jobs, record.steps[before].inputs == step.inputs,
        record.steps[before].outputs == step.outputs
      {
        continue
      }
      if let before { record.steps.remove(at: before) }
      record.steps.append(step)
    }
    // A shared bug's steps: its module's compile (`C.<module>-…`) and the object that wraps its
    // module (`…/<module>.build/<module>.swiftmodule.o`), each step read once.
    var skipping: Set<Int> = [linkIndex]
    for (index, step) in record.steps.enumerated() {
      if let module = Self.compiledModule(step.name), sharedBugModules.contains(module) {
        skipping.insert(index)
      } else if step.outputs.contains(where: { output in
        FilePath.builtObject(output).map { $0.file == "\($0.module).swiftmodule.o" && sharedBugModules.contains($0.module) } ?? false
      }) {
        skipping.insert(index)
      }
    }
    return Sharing(
      skipping: skipping, program: testsProgramIsFull ? testsProgram : fullProgram,
      bugRuns: shared.flatMap { exercise, bugs in
        let folder = plantedFolder(exercise.testModule)
        let libraryName = jobs[exercise.testModule]!.libraryName
        // The other subjects the tests were linked to, in the launcher's child as in a program.
        let otherSubjects = subjectLibraries.filter { $0.folder != FilePath.join(folder, "subject") }.map {
          FilePath.join($0.folder, $0.jobs.libraryName)
        }
        return bugs.map { bug in
          BugRun(
            module: bug, testModule: exercise.testModule, program: testsProgram, libraryPath: FilePath.join(folder, bug),
            launch: launcher.map { launcher in
              BugRun.Launch(
                launcher: launcher.path, tests: testsLibrary, libraries: [FilePath.join(folder, bug, libraryName)] + otherSubjects)
            })
        }
      })
  }

  /// The module a step of SwiftPM's plan compiles, from its name (`C.<module>-<triple>-…`).
  static func compiledModule(_ stepName: String) -> Substring? {
    guard stepName.hasPrefix("C."), let dash = stepName.firstIndex(of: "-") else { return nil }
    return stepName[stepName.index(stepName.startIndex, offsetBy: 2)..<dash]
  }

  /// The jobs that build code as a shared library under the tests' module name, made from the
  /// jobs SwiftPM's plan recorded for the tests' module and its link.
  struct LibraryJobs: Sendable {
    let module: String
    let compile: [String]
    let emitModule: [String]
    let autolink: [String]
    let link: [String]
    /// The program's link as a library's, without its objects: its flags and the runtime's
    /// start-up object. Worked out once: the link names every object of the course (thousands
    /// of arguments) and a grading lane builds over a hundred libraries from the same jobs.
    private let libraryLink: [String]

    init(module: String, compile: [String], emitModule: [String], autolink: [String], link: [String]) {
      self.module = module
      self.compile = compile
      self.emitModule = emitModule
      self.autolink = autolink
      self.link = link
      libraryLink = Self.without(link, options: ["-o"], flags: ["-pie"]).filter { argument in
        !argument.hasPrefix("@") && !(argument.hasSuffix(".o") && argument != "swiftrt.o" && !argument.hasSuffix("/swiftrt.o"))
      }
    }

    var linkName: String { module + "Code" }
    var libraryName: String { "lib\(linkName).so" }
    /// Whether the module is built with library evolution: then its clients depend on its
    /// textual interface alone.
    var isResilient: Bool { compile.contains("-enable-library-evolution") }
    /// The file in a library's folder that says what the tests' compiled code may depend on.
    var interfaceFile: String { isResilient ? "\(module).swiftinterface" : "\(module).swiftmodule" }

    /// Drops each of `options` with the value after it, and every Swift source named alone.
    private static func without(_ job: [String], options: Set<String>, flags: Set<String> = []) -> [String] {
      var kept: [String] = []
      var skipNext = false
      for argument in job {
        if skipNext {
          skipNext = false
        } else if options.contains(argument) {
          skipNext = true
        } else if !flags.contains(argument) && !argument.hasSuffix(".swift") {
          kept.append(argument)
        }
      }
      return kept
    }

    func jobs(files: [String], in folder: String) -> [[String]] {
      let objects = files.map { FilePath.join(folder, FilePath.lastComponent($0) + ".o") }
      let compiled =
        Self.without(
          compile,
          options: [
            "-primary-file", "-o", "-emit-dependencies-path", "-serialize-diagnostics-path", "-index-store-path",
            // The map of the tests' module's outputs (a module of three files or more): this
            // code's outputs are the objects named below, in the library's folder.
            "-supplementary-output-file-map",
          ],
          flags: ["-index-system-modules"])
        + files.flatMap { ["-primary-file", $0] } + objects.flatMap { ["-o", $0] }
      let interface =
        Self.without(
          emitModule,
          options: [
            "-o", "-emit-module-doc-path", "-emit-module-source-info-path", "-serialize-diagnostics-path",
            "-emit-dependencies-path", "-emit-abi-descriptor-path", "-supplementary-output-file-map",
            "-emit-module-interface-path", "-emit-private-module-interface-path", "-emit-package-module-interface-path",
          ])
        + files + ["-o", FilePath.join(folder, "\(module).swiftmodule")]
        + (isResilient ? ["-emit-module-interface-path", FilePath.join(folder, "\(module).swiftinterface")] : [])
      let autolinked = FilePath.join(folder, "library.autolink")
      let extracted = [autolink[0]] + objects + ["-o", autolinked]
      // The program's link, as a library: its flags and the runtime's start-up object, this code.
      // Named as the tests ask for it, so that in the test launcher, a bug's library loaded
      // first is the one the tests bind to.
      let linked =
        libraryLink + ["-shared"] + objects + ["@" + autolinked, "-o", FilePath.join(folder, libraryName)]
        + ["-Xlinker", "-soname=\(libraryName)"]
      return [compiled, interface, extracted, linked]
    }
  }

  /// Builds `files` into the library in `folder`, unless it is built from them as they are;
  /// false when it does not build.
  private func library(_ folder: String, files: [String], jobs: LibraryJobs) async throws -> Bool {
    let planned = jobs.jobs(files: files, in: folder)
    // What the library is built from: its jobs, its files' and tools' stamps.
    return try await BuiltFrom(jobs: planned, reading: files + Set(planned.map(\.[0])).sorted(), fileSystem: fileSystem).make(
      FilePath.join(folder, jobs.libraryName), in: folder, jobs: planned, fileSystem: fileSystem, processes: processes,
      environment: environment, workingDirectory: scratch)
  }
}
