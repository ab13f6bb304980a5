import Foundation
import Testing

@testable import TutorKit

/// The contract between `Package.swift` and the runner, checked against the real manifest: for
/// each kind of selection, SwiftPM evaluates the manifest (`swift package dump-package`) with the
/// variables `PackageSelection` writes, and the targets it makes must be the modules the runner
/// will read results from. A change to the manifest's naming or its variables that the runner
/// does not follow (or the other way round) fails here, not in a learner's check.
@Suite("Package selection", .serialized)
struct PackageSelectionTests {
  /// A copy of the runner's fixture course with the real manifest: its exercises cover every
  /// kind (code, seam, write-the-test with planted bugs).
  static let course: String = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    let copy = FileManager.default.temporaryDirectory.appendingPathComponent("ditutor-selection-\(UUID().uuidString)").path
    try! FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
    for folder in ["Lessons", "Exercises"] {
      try! FileManager.default.copyItem(atPath: "\(root)/Tests/Fixtures/RunnerCourse/\(folder)", toPath: "\(copy)/\(folder)")
    }
    try! FileManager.default.copyItem(atPath: "\(root)/Package.swift", toPath: "\(copy)/Package.swift")
    return copy
  }()

  func exercises() throws -> [Exercise] {
    try CourseLoader(fileSystem: LocalFileSystem()).load(root: Self.course, depth: .exercisesOnly).exercises
  }

  /// The names of the targets the manifest makes with `selection`'s variables (nil: none set,
  /// as plain `swift test` runs), evaluated afresh, not from SwiftPM's manifest cache.
  func manifestTargets(_ selection: PackageSelection?) throws -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "swift", "package", "--package-path", Self.course, "--scratch-path", Self.course + "/.build-selection",
      "--manifest-cache", "none", "dump-package",
    ]
    var environment = ProcessInfo.processInfo.environment
    for name in PackageSelection.variableNames { environment[name] = nil }
    process.environment = selection?.applied(to: environment) ?? environment
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let problems = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "swift package dump-package failed: \(problems)")
    let package = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "no JSON from dump-package")
    let targets = try #require(package["targets"] as? [[String: Any]], "no targets in \(package.keys)")
    return targets.compactMap { $0["name"] as? String }
  }

  @Test func everyExerciseOfTheLearnersCodeMakesTheModulesTheRunnerReads() throws {
    let all = try exercises()
    #expect(Set(all.map(\.kind)) == [.code, .seam, .tests], "the fixture covers every kind")
    let selection = PackageSelection(exercises: all, code: .sources)
    #expect(try manifestTargets(selection).sorted() == selection.modules.sorted())
  }

  @Test func aShortcutFolderAndLeftOutTestsChangeFilesNotModules() throws {
    let all = try exercises()
    let passes = try #require(all.first { $0.id == "passes" })
    let writesTests = try #require(all.first { $0.kind == .tests })
    #expect(!writesTests.mutants.isEmpty, "a write-the-test exercise with planted bugs")
    let selection = PackageSelection(
      exercises: [passes, writesTests], code: .solution, folders: [passes.id: "Starter"],
      leftOut: ["\(passes.testsFolder)/Extra.swift"])
    #expect(try manifestTargets(selection).sorted() == selection.modules.sorted())
  }

  @Test func oneExerciseAloneMakesOnlyItsOwnModules() throws {
    let all = try exercises()
    for exercise in all where ["passes", "writes-tests", "writes-tests-module"].contains(exercise.id) {
      let selection = PackageSelection(exercises: [exercise], code: .starter)
      #expect(try manifestTargets(selection).sorted() == selection.modules.sorted(), "\(exercise.id)")
    }
  }

  @Test func variantsOfAnExerciseMakeModulesOfTheirOwnBesideIt() throws {
    let all = try exercises()
    let passes = try #require(all.first { $0.id == "passes" })
    let writesTests = try #require(all.first { $0.kind == .tests })
    let selection = PackageSelection(
      exercises: [passes, writesTests], code: .solution, variants: [passes.id: ["Starter", "Sources"], writesTests.id: ["Starter"]])
    #expect(selection.variants == [passes.id: ["Starter", "Sources"], writesTests.id: ["Starter"]])
    #expect(selection.modules.contains(passes.variantTestModuleName("Starter")))
    // A write-the-test exercise's variant is tests: judged on the subject and on every bug.
    let bug = try #require(writesTests.mutants.first)
    #expect(selection.modules.contains(writesTests.variantMutantTestModuleName("Starter", bug.name)))
    #expect(try manifestTargets(selection).sorted() == selection.modules.sorted())
  }

  /// With a subject of its own, each variant meets its own copy of every bug: `verify` runs all
  /// variants in one process, and a bug's process-wide state must not pass from one suite to
  /// another (a shortcut that misses a static cache was caught through the solution's calls).
  @Test func aVariantOfASubjectModuleHasItsOwnCopyOfEachBug() throws {
    let writesModule = try #require(try exercises().first { $0.subjectModule != nil })
    let bug = try #require(writesModule.mutants.first)
    let selection = PackageSelection(exercises: [writesModule], code: .solution, variants: [writesModule.id: ["Starter"]])
    #expect(selection.modules.contains(writesModule.mutantModuleName(bug.name)))
    #expect(selection.modules.contains(writesModule.variantMutantModuleName("Starter", bug.name)))
    #expect(writesModule.variantMutantModuleName("Starter", bug.name) != writesModule.mutantModuleName(bug.name))
    #expect(try manifestTargets(selection).sorted() == selection.modules.sorted())
  }

  /// A bug that ditutor builds as a library of its own (`verify`) has no module in the package,
  /// for the exercise's tests or any variant's; the other bugs keep theirs. Only a subject that is
  /// a module of its own can share: the one-module form's libraries are not named.
  @Test func aBugBuiltAsALibraryHasNoModuleOfItsOwn() throws {
    let all = try exercises()
    let writesModule = try #require(all.first { $0.subjectModule != nil })
    let writesTests = try #require(all.first { $0.kind == .tests && $0.subjectModule == nil })
    try #require(writesModule.mutants.count >= 2, "one bug shares, another keeps its modules")
    let (shared, kept) = (writesModule.mutants[0].name, writesModule.mutants[1].name)
    let selection = PackageSelection(
      exercises: [writesModule, writesTests], code: .solution, variants: [writesModule.id: ["Starter", "Sources"]],
      libraryBugs: [writesModule.id: [shared], writesTests.id: [writesTests.mutants[0].name]])
    #expect(selection.libraryBugs == [writesModule.id: [shared]])
    #expect(selection.applied(to: [:])["DITUTOR_BUG_LIBRARIES"] == "\(writesModule.id)/\(shared)")
    let modules = Set(selection.modules)
    for gone in [
      writesModule.mutantModuleName(shared), writesModule.mutantTestModuleName(shared),
      writesModule.variantMutantModuleName("Sources", shared), writesModule.variantMutantTestModuleName("Sources", shared),
    ] {
      #expect(!modules.contains(gone), "\(gone)")
    }
    #expect(modules.isSuperset(of: [writesModule.mutantTestModuleName(kept), writesModule.variantMutantTestModuleName("Sources", kept)]))
    #expect(modules.contains(writesTests.mutantTestModuleName(writesTests.mutants[0].name)))
    #expect(try manifestTargets(selection).sorted() == selection.modules.sorted())
  }

  @Test func aWeakSuiteIsBuiltOnlyAgainstTheBugsItSaysItMisses() throws {
    var writesTests = try #require(try exercises().first { $0.kind == .tests })
    try #require(writesTests.mutants.count > 2)
    let missed = writesTests.mutants[1]
    writesTests.shortcuts = [
      .init(name: "weak", summary: "Misses one bug.", misses: [missed.name]),
      .init(name: "fails-on-the-subject", summary: "Fails on the correct code.", misses: []),
      .init(name: "says-nothing", summary: "Names no bug."),
    ]
    let variants = ["Shortcuts/weak", "Shortcuts/fails-on-the-subject", "Shortcuts/says-nothing"]
    #expect(writesTests.plantedBugs(judging: "Shortcuts/weak") == [missed])
    #expect(writesTests.plantedBugs(judging: "Shortcuts/fails-on-the-subject").isEmpty)
    #expect(writesTests.plantedBugs(judging: "Shortcuts/says-nothing") == writesTests.mutants)
    #expect(writesTests.plantedBugs(judging: nil) == writesTests.mutants, "the learner's own tests meet every bug")
    let selection = PackageSelection(exercises: [writesTests], code: .solution, variants: [writesTests.id: variants])
    let weakModules = selection.modules.filter { $0.hasPrefix(writesTests.variantModuleName("Shortcuts/weak")) }
    #expect(
      weakModules.sorted()
        == [writesTests.variantTestModuleName("Shortcuts/weak"), writesTests.variantMutantTestModuleName("Shortcuts/weak", missed.name)].sorted())
    #expect(try manifestTargets(selection).sorted() == selection.modules.sorted(), "the manifest reads the bugs from the variable")
  }

  @Test func aMissesLineNamesTheBugsAWeakSuiteLetsThrough() {
    #expect(CourseLoader.missedBugs(in: "Misses: `keeps-the-first-day`, `sorts-by-film`.") == ["keeps-the-first-day", "sorts-by-film"])
    #expect(CourseLoader.missedBugs(in: "Misses: none.") == [])
    #expect(CourseLoader.missedBugs(in: "Misses: none. (It fails on the correct code.)") == [])
    #expect(CourseLoader.missedBugs(in: "Checks only the message.") == nil)
  }

  @Test func theVariablesOfAnEarlierSelectionAreReplaced() throws {
    let all = try exercises()
    let earlier = PackageSelection(exercises: all, code: .solution, folders: ["passes": "Starter"], leftOut: ["x"])
      .applied(to: ["HOME": "/home/ada"])
    let later = PackageSelection(exercises: [all[0]], code: .sources).applied(to: earlier)
    #expect(later["HOME"] == "/home/ada")
    #expect(later["DITUTOR_EXERCISES"] == all[0].id)
    #expect(later["DITUTOR_CODE"] == "sources")
    #expect(later["DITUTOR_LEAVE_OUT"] == nil)
  }

  @Test func plainSwiftTestLeavesOutAnUntouchedSeamExercisesTestsUntilItIsStarted() throws {
    // Its tests call an API the starter does not have yet: in the whole package (no variables,
    // as plain `swift test` and autograders run it) they would stop every exercise from building.
    let sources = "\(Self.course)/Exercises/needs-a-seam/Sources"
    let starter = "\(Self.course)/Exercises/needs-a-seam/Starter"
    let file = try #require(try FileManager.default.contentsOfDirectory(atPath: starter).first { $0.hasSuffix(".swift") })
    let untouched = try manifestTargets(nil)
    #expect(untouched.contains("NeedsASeam") && !untouched.contains("NeedsASeamTests"))
    #expect(untouched.contains("PassesTests") && untouched.contains("ditutor"), "the whole package")

    let original = try String(contentsOfFile: "\(sources)/\(file)", encoding: .utf8)
    try (original + "\n// started\n").write(toFile: "\(sources)/\(file)", atomically: true, encoding: .utf8)
    defer { try? original.write(toFile: "\(sources)/\(file)", atomically: true, encoding: .utf8) }
    // Evaluated afresh: SwiftPM's manifest cache does not see the files the manifest reads (the
    // README's plain `swift test` section says what to do about that).
    #expect(try manifestTargets(nil).contains("NeedsASeamTests"))
  }
}
