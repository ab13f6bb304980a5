import Foundation

/// `verify`'s way through a write-the-test exercise whose subject is a module of its own: every
/// set of tests (the reference, the starter's, each shortcut's) compiled once, against the
/// subject, and run against each planted bug from a library.
///
/// In SwiftPM's plan a file belongs to one target, so each planted bug a set of tests meets is a
/// test module of its own that compiles those tests again: for the course's write-the-test
/// exercises, more than half of the test modules a clean `verify` compiled. But a bug changes
/// what the subject's functions do, not what the subject declares, and the subject is built with
/// library evolution, so the tests' compiled code depends on its public interface alone. So
/// ditutor builds the subject and each bug as a shared library under the subject's module name
/// (one compiler run each, the same command for all), and a bug whose textual interface is the
/// subject's, byte for byte, needs no module in the package (``PackageSelection/libraryBugs``).
/// After SwiftPM's build, each set of tests is linked once more, alone, to the subject's library,
/// and that program runs once per bug with the bug's library first on `LD_LIBRARY_PATH`: a
/// process per bug, so a bug that keeps process-wide state (a `static` cache) carries nothing
/// from one suite into another. A bug that declares something else (a property made implicitly
/// unwrapped) keeps its modules, as before.
///
/// A learner's check does the same from SwiftPM's recorded plan (`WarmBuilder+PlantedBugs`):
/// there the tests change on every check and the jobs are SwiftPM's own; here the tests are the
/// course's and every set differs, so a plain compiler command per library is simpler and builds
/// as fast.
struct PlantedBugLibraries: Sendable {
  let root: String
  /// The build folder, absolute. The libraries and programs live in `ditutor-bug-libraries/`.
  let scratch: String
  let processes: any ProcessRunner
  let fileSystem: any FileSystem
  let environment: [String: String]
  /// The `swift` the build runs; `swiftc` is beside it.
  let swift: String
  let trace: (@Sendable (String) -> Void)?

  /// One exercise's libraries: the subject's folder, and the folders of the bugs that declare
  /// exactly what the subject declares, by name.
  struct Libraries: Sendable, Equatable {
    var subject: String
    var bugs: [String: String]
  }

  private var swiftc: String { FilePath.join(FilePath.parent(swift), "swiftc") }
  /// The toolchain's lld, when it has one: it links in half the time of the system linker.
  private var lld: [String] { fileSystem.fileExists(at: FilePath.join(FilePath.parent(swiftc), "ld.lld")) ? ["-use-ld=lld"] : [] }
  private var folder: String { FilePath.join(scratch, "ditutor-bug-libraries") }

  static func libraryName(_ module: String) -> String { "lib\(module).so" }

  /// Builds the libraries of the exercises whose subject is a module of its own (those already
  /// built from the same files are kept), and says, by exercise id, which bugs share.
  func build(_ exercises: [Exercise]) async throws -> [String: Libraries] {
    var builds: [(exercise: String, name: String?, module: String, files: [String], folder: String)] = []
    for exercise in exercises where exercise.kind == .tests {
      guard let module = exercise.subjectModule else { continue }
      let base = FilePath.join(folder, exercise.id)
      builds.append((exercise.id, nil, module, swiftFiles(exercise.subjectFolder), FilePath.join(base, "subject")))
      for bug in exercise.mutants {
        builds.append((exercise.id, bug.name, module, swiftFiles(exercise.mutantFolder(bug.name)), FilePath.join(base, "bugs", bug.name)))
      }
    }
    guard !builds.isEmpty else { return [:] }
    let started = ContinuousClock.now
    var built: Set<String> = []
    try await withThrowingTaskGroup(of: (String, Bool).self) { group in
      var pending = builds[...]
      func addNext() {
        guard let next = pending.popFirst() else { return }
        group.addTask { (next.folder, try await library(next.module, files: next.files, in: next.folder)) }
      }
      for _ in 0..<max(ProcessInfo.processInfo.activeProcessorCount, 1) { addNext() }
      while let (folder, ok) = try await group.next() {
        if ok { built.insert(folder) }
        addNext()
      }
    }
    var libraries: [String: Libraries] = [:]
    for exercise in exercises {
      guard let module = exercise.subjectModule, let subject = builds.first(where: { $0.exercise == exercise.id && $0.name == nil }),
        built.contains(subject.folder), let declared = interface(module, in: subject.folder)
      else { continue }
      var bugs: [String: String] = [:]
      for bug in builds where bug.exercise == exercise.id && bug.name != nil && built.contains(bug.folder) {
        if interface(module, in: bug.folder) == declared { bugs[bug.name!] = bug.folder }
      }
      libraries[exercise.id] = Libraries(subject: subject.folder, bugs: bugs)
    }
    let sharing = libraries.values.reduce(0) { $0 + $1.bugs.count }
    trace?(
      "\(sharing) of \(builds.filter { $0.name != nil }.count) planted bugs run from libraries, in \(String(format: "%.2f s", (ContinuousClock.now - started).seconds))"
    )
    return libraries
  }

  /// The runs of the tests compiled once against the planted bugs' libraries, after SwiftPM's
  /// build of `selection`: for each exercise with libraries, its own tests and each variant's,
  /// against the bugs they meet. A set of tests whose program cannot be linked gets no runs (its
  /// bugs then count as not run, which no verdict reads as a pass).
  func runs(of selection: PackageSelection, libraries: [String: Libraries], skipping: Set<String>) async throws -> [BugRun] {
    var wanted: [(testModule: String, subject: String, module: String, bugs: [(module: String, folder: String)])] = []
    for exercise in selection.exercises {
      guard let found = libraries[exercise.id], let module = exercise.subjectModule else { continue }
      func bugs(_ met: [Exercise.Variant], named: (String) -> String) -> [(module: String, folder: String)] {
        met.compactMap { bug in found.bugs[bug.name].map { (named(bug.name), $0) } }.filter { !skipping.contains($0.module) }
      }
      wanted.append((exercise.testModuleName, found.subject, module, bugs(exercise.mutants) { exercise.mutantTestModuleName($0) }))
      for variant in selection.variants[exercise.id] ?? [] {
        wanted.append(
          (
            exercise.variantTestModuleName(variant), found.subject, module,
            bugs(exercise.plantedBugs(judging: variant)) { exercise.variantMutantTestModuleName(variant, $0) }
          ))
      }
    }
    wanted.removeAll { $0.bugs.isEmpty }
    guard !wanted.isEmpty, let main = try await entryPoint() else { return [] }
    // Each set of tests' objects, by the module whose build folder holds them: read once (the
    // link names every object of the course, and there are hundreds of sets of tests).
    let linked = Dictionary(grouping: linkedObjects()) { FilePath.builtObject($0).map { String($0.module) } ?? "" }
    var runs: [BugRun] = []
    try await withThrowingTaskGroup(of: [BugRun].self) { group in
      var pending = wanted[...]
      func addNext() {
        guard let next = pending.popFirst() else { return }
        group.addTask {
          guard
            let program = try await program(next.testModule, subject: next.module, library: next.subject, main: main, objects: linked)
          else {
            trace?("the tests of \(next.testModule) could not be linked to their subject's library")
            return []
          }
          return next.bugs.map { BugRun(module: $0.module, testModule: next.testModule, program: program, libraryPath: $0.folder) }
        }
      }
      for _ in 0..<max(ProcessInfo.processInfo.activeProcessorCount, 1) { addNext() }
      while let made = try await group.next() {
        runs += made
        addNext()
      }
    }
    return runs
  }

  private func swiftFiles(_ folder: String) -> [String] {
    Self.swiftFiles(in: folder, root: root, fileSystem: fileSystem)
  }

  /// The Swift files of a subject's or a planted bug's folder (relative to `root`), sorted, as
  /// absolute paths: what a library of it is built from, here and for a recorded build.
  static func swiftFiles(in folder: String, root: String, fileSystem: any FileStore) -> [String] {
    let path = FilePath.join(root, folder)
    return ((try? fileSystem.contentsOfDirectory(at: path)) ?? []).filter { $0.hasSuffix(".swift") }.sorted()
      .map { FilePath.join(path, $0) }
  }

  private func interface(_ module: String, in folder: String) -> Data? {
    try? fileSystem.readFile(at: FilePath.join(folder, "\(module).swiftinterface"))
  }

  /// What every library is built with: SwiftPM's own settings for the package's targets (Swift 6,
  /// testable, no optimisation) and the subject target's (library evolution, no warnings, no
  /// second type-check of the interface: see `Package.swift`), without debug information, in one
  /// compiler job that also writes the module (file by file, the driver type-checks the files
  /// twice, once more to emit the module) and linked by lld: 0.6 s a library against 1.4 s.
  private func libraryJob(_ module: String, files: [String], in folder: String) -> [String] {
    [
      swiftc, "-module-name", module, "-parse-as-library", "-emit-library", "-o", FilePath.join(folder, Self.libraryName(module)),
      "-emit-module-path", FilePath.join(folder, "\(module).swiftmodule"),
      "-emit-module-interface-path", FilePath.join(folder, "\(module).swiftinterface"),
      "-enable-library-evolution", "-no-verify-emitted-module-interface", "-suppress-warnings", "-enable-testing",
      "-wmo", "-no-emit-module-separately-wmo",
      "-swift-version", "6", "-Onone", "-gnone", "-module-cache-path", FilePath.join(self.folder, "module-cache"),
    ] + lld + files
  }

  private func library(_ module: String, files: [String], in folder: String) async throws -> Bool {
    guard !files.isEmpty else { return false }
    let job = libraryJob(module, files: files, in: folder)
    return try await BuiltFrom(jobs: [job], reading: files + [swiftc], fileSystem: fileSystem).make(
      FilePath.join(folder, Self.libraryName(module)), in: folder, jobs: [job], fileSystem: fileSystem, processes: processes,
      environment: environment, workingDirectory: scratch)
  }

  /// The object with the programs' `main`: Swift Testing's entry point, as SwiftPM's test
  /// program calls it (that program also carries XCTest's, which these do without).
  private func entryPoint() async throws -> String? {
    let base = FilePath.join(folder, "entry-point")
    let source = FilePath.join(base, "main.swift")
    let text = """
      // ditutor: the entry point of a program of one set of tests, run against planted bugs.
      import Testing

      @main enum Main {
        static func main() async {
          await Testing.__swiftPMEntryPoint() as Never
        }
      }

      """
    if (try? fileSystem.readText(at: source)) != text {
      if !fileSystem.directoryExists(at: base) { try fileSystem.createDirectory(at: base) }
      try fileSystem.writeReplacing(Data(text.utf8), to: source)
    }
    let object = FilePath.join(base, "main.o")
    let job = [
      swiftc, "-parse-as-library", "-module-name", "DitutorBugRunner", "-c", source, "-o", object, "-gnone", "-Onone", "-swift-version", "6",
      "-module-cache-path", FilePath.join(folder, "module-cache"),
    ]
    let made = try await BuiltFrom(jobs: [job], reading: [source, swiftc], fileSystem: fileSystem).make(
      object, in: base, jobs: [job], fileSystem: fileSystem, processes: processes, environment: environment, workingDirectory: scratch)
    return made ? object : nil
  }

  /// The objects SwiftPM linked into its test program, from the list its link read (a file
  /// removed from a module leaves its object behind in the build folder; the list does not).
  private func linkedObjects() -> [String] {
    let debug = FilePath.join(scratch, "debug")
    let products = ((try? fileSystem.contentsOfDirectory(at: debug)) ?? []).filter { $0.hasSuffix("PackageTests.product") }
    return products.flatMap { product in
      ((try? fileSystem.readText(at: FilePath.join(debug, product, "Objects.LinkFileList"))) ?? "")
        .split(separator: "\n").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"' ")) }
    }
  }

  /// One set of tests, as SwiftPM compiled them, linked alone to the subject's library: the
  /// test module's objects and the entry point.
  private func program(_ testModule: String, subject module: String, library: String, main: String, objects linked: [String: [String]])
    async throws -> String?
  {
    let objects = linked[testModule] ?? []
    guard !objects.isEmpty else { return nil }
    let base = FilePath.join(folder, "programs", testModule)
    let output = FilePath.join(base, "\(testModule).xctest")
    // Every symbol the program names is bound when it starts, so a library that lacks one the
    // tests need fails there, not in the middle of a test.
    let job =
      [swiftc, "-emit-executable", "-o", output] + objects + [main]
      + ["-L", library, "-l\(module)", "-Xlinker", "-rpath", "-Xlinker", library, "-Xlinker", "-z", "-Xlinker", "now"] + lld
    let made = try await BuiltFrom(jobs: [job], reading: objects + [main, FilePath.join(library, Self.libraryName(module)), swiftc], fileSystem: fileSystem)
      .make(output, in: base, jobs: [job], fileSystem: fileSystem, processes: processes, environment: environment, workingDirectory: scratch)
    return made ? output : nil
  }
}
