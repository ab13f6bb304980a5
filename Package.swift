// swift-tools-version: 6.2
import Foundation
import PackageDescription

// MARK: - Exercises
//
// Every folder in Exercises/ with Tests/ (or, for a write-the-test exercise, Subject/) becomes a
// target and a test target (`greeting-clock` → `GreetingClock` and `GreetingClockTests`).
// Nothing to edit when an exercise is added. Two environment variables choose what the package
// holds:
//
//   DITUTOR_EXERCISES  unset: the whole package, ditutor itself and every exercise (the default,
//                      so `swift test --filter GreetingClockTests` works on a learner's code);
//                      `greeting-clock` or `a,b`: only those exercises, nothing else (what
//                      `check` builds, so a half-edited exercise 5 cannot break exercise 1,
//                      and a check does not grow with the course); `all`: every exercise only.
//   DITUTOR_CODE       unset or `sources`: the learner's files; `starter` or `solution`: the
//                      shipped starter or the reference (what `verify` and the test suite use).
//                      Then, comma-separated, `<exercise>=<folder>` picks another folder of one
//                      exercise: `solution,greeting-clock=Shortcuts/cache-the-hour` is how
//                      `verify` proves a tempting wrong answer fails.
//   DITUTOR_VARIANTS   `<exercise>:<folder>` entries, comma-separated: more folders of a selected
//                      exercise, each built beside its own code into modules of its own: the code
//                      `GreetingClockShortcutsCacheTheHour` and its tests, compiled from links ditutor
//                      prepares in .build/ditutor-variants/<exercise>/Shortcuts-cache-the-hour/, that
//                      import the variant under the exercise's name (`-module-alias`). For a
//                      write-the-test exercise, a variant is tests: a module of them with the
//                      subject, and one with each planted bug (links in `<variant>--<bug>/`), or
//                      only those `@<bug>+<bug>` names (the bugs a weak suite misses). How
//                      `verify` checks every shortcut in one build instead of one build per shortcut.
//   DITUTOR_BUG_LIBRARIES  `<exercise>/<bug>` entries, comma-separated: planted bugs of a subject
//                      that is a module of its own which ditutor builds as libraries itself and runs
//                      each set of tests against, compiled once (`verify`): the manifest makes no
//                      module for them.
//
// A write-the-test exercise (Subject/ and Mutants/) compiles the learner's tests together with
// the code they test, in one module: `PaymentRetryTests` with Subject/. When a check selects it,
// each planted bug gets a test module of its own, `PaymentRetryMutantChargesTwiceTests`, built
// from a folder ditutor prepares under .build/ditutor-variants/ (links to the learner's tests and
// to the bug's files: SwiftPM lets a file belong to one target only).

let environment = Context.environment
let root = Context.packageDirectory

struct ExerciseFolder {
  let id: String
  var module: String { Self.module(id) }

  static func module(_ id: String) -> String {
    id.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
      .map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }

  func has(_ folder: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: "\(root)/Exercises/\(id)/\(folder)", isDirectory: &isDirectory)
      && isDirectory.boolValue
  }

  /// Every file and folder in the exercise but `kept` (paths relative to the exercise), for a
  /// target whose path is the whole exercise: the rest is excluded rather than left "unhandled".
  func everything(but kept: [String]) -> [String] {
    func walk(_ relative: String) -> [String] {
      let folder = "\(root)/Exercises/\(id)" + (relative.isEmpty ? "" : "/\(relative)")
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      return names.sorted().flatMap { name -> [String] in
        let path = relative.isEmpty ? name : "\(relative)/\(name)"
        if kept.contains(path) { return [] }
        return kept.contains { $0.hasPrefix(path + "/") } ? walk(path) : [path]
      }
    }
    return walk("")
  }

  /// A seam exercise whose learner's files are still the starter's: its tests, written against
  /// an API the starter does not have yet, cannot compile.
  var isUntouchedSeam: Bool {
    let base = "\(root)/Exercises/\(id)"
    guard frontMatter("kind") == "seam" else { return false }
    let starter = (try? FileManager.default.contentsOfDirectory(atPath: base + "/Starter")) ?? []
    return starter.allSatisfy { FileManager.default.contentsEqual(atPath: "\(base)/Starter/\($0)", andPath: "\(base)/Sources/\($0)") }
  }

  /// The front matter's `name: value` lines (the README's first lines, between `---`).
  func frontMatter(_ name: String) -> String? {
    guard let readme = try? String(contentsOfFile: "\(root)/Exercises/\(id)/README.md", encoding: .utf8) else { return nil }
    return readme.split(separator: "\n").prefix(12).lazy.compactMap { line -> String? in
      let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      return parts.count == 2 && parts[0] == name ? parts[1] : nil
    }.first
  }

  func subfolders(_ folder: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "\(root)/Exercises/\(id)/\(folder)")) ?? []
    return names.sorted().filter { has("\(folder)/\($0)") }
  }
}

func exerciseFolders() -> [ExerciseFolder] {
  let names = (try? FileManager.default.contentsOfDirectory(atPath: root + "/Exercises")) ?? []
  return names.sorted().map(ExerciseFolder.init).filter { $0.has("Tests") || $0.has("Subject") }
}

let selection = environment["DITUTOR_EXERCISES"].map { $0.split(separator: ",").map(String.init) }
let codeWords = (environment["DITUTOR_CODE"] ?? "").split(separator: ",").map(String.init)
let defaultCodeFolder: String =
  switch codeWords.first {
  case "solution": "Solution"
  case "starter": "Starter"
  default: "Sources"
  }
let codeFolders: [String: String] = Dictionary(
  codeWords.dropFirst().compactMap { word -> (String, String)? in
    let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
    return parts.count == 2 ? (parts[0], parts[1]) : nil
  },
  uniquingKeysWith: { $1 })
// `<exercise>:<folder>`; for a write-the-test exercise's variant run against some of its planted
// bugs only (the ones its README says it misses), `<exercise>:<folder>@<bug>+<bug>` (`@` alone:
// none, the subject only).
let variantEntries: [(id: String, folder: String, bugs: [String]?)] =
  (environment["DITUTOR_VARIANTS"] ?? "").split(separator: ",").compactMap { entry in
    let parts = entry.split(separator: ":", maxSplits: 1).map(String.init)
    guard parts.count == 2 else { return nil }
    let halves = parts[1].split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    return (parts[0], halves[0], halves.count == 2 ? halves[1].split(separator: "+").map(String.init) : nil)
  }
let variantFolders: [String: [String]] = Dictionary(grouping: variantEntries, by: \.id).mapValues { $0.map(\.folder) }
let variantBugs: [String: [String]] = Dictionary(
  variantEntries.compactMap { entry in entry.bugs.map { ("\(entry.id):\(entry.folder)", $0) } }, uniquingKeysWith: { $1 })
// `code`: each exercise's code compiles whole, in one compiler job (a grading lane: see
// ExerciseRunner's `wholeModuleCode`); the tests stay file by file.
let wholeModuleCode: [SwiftSetting] =
  environment["DITUTOR_WHOLE_MODULE"] == "code"
  ? [.unsafeFlags(["-wmo", "-num-threads", "1", "-no-emit-module-separately-wmo"])] : []
// Test files left out of a check that grades against the shipped tests (the learner's own).
let leftOut = (environment["DITUTOR_LEAVE_OUT"] ?? "").split(separator: ",").map(String.init)
// Planted bugs that are libraries of ditutor's own (see `subjectModuleTargets`), by exercise.
let libraryBugs: [String: Set<String>] = Dictionary(
  grouping: (environment["DITUTOR_BUG_LIBRARIES"] ?? "").split(separator: ",").compactMap { entry -> (String, String)? in
    let parts = entry.split(separator: "/", maxSplits: 1).map(String.init)
    return parts.count == 2 ? (parts[0], parts[1]) : nil
  },
  by: \.0
).mapValues { Set($0.map(\.1)) }
let exercises = exerciseFolders().filter { folder in
  guard let selection, selection != ["all"] else { return true }
  return selection.contains(folder.id)
}
let exerciseTargets: [Target] = exercises.flatMap { exercise -> [Target] in
  let code = codeFolders[exercise.id] ?? defaultCodeFolder
  let folder = "Exercises/\(exercise.id)"
  guard exercise.has("Subject") else {
    // In the whole package (plain `swift test`), an untouched seam starter would stop every
    // exercise's tests from building: its tests join once the learner has started on it.
    if selection == nil && code == "Sources" && exercise.isUntouchedSeam {
      return [.target(name: exercise.module, path: "\(folder)/\(code)")]
    }
    // A shortcut's folder holds a README.md that says what it gets wrong; it is not a source.
    func readme(_ code: String) -> [String] {
      FileManager.default.fileExists(atPath: "\(root)/\(folder)/\(code)/README.md") ? ["README.md"] : []
    }
    let variants = (variantFolders[exercise.id] ?? []).flatMap { variant -> [Target] in
      let module = exercise.module + ExerciseFolder.module(variant)
      return [
        .target(name: module, path: "\(folder)/\(variant)", exclude: readme(variant)),
        .testTarget(
          name: module + "Tests", dependencies: [.target(name: module)],
          path: ".build/ditutor-variants/\(exercise.id)/" + variant.replacingOccurrences(of: "/", with: "-"),
          swiftSettings: [.unsafeFlags(["-module-alias", "\(exercise.module)=\(module)"])]),
      ]
    }
    return [
      .target(name: exercise.module, path: "\(folder)/\(code)", exclude: readme(code), swiftSettings: wholeModuleCode),
      .testTarget(
        name: exercise.module + "Tests", dependencies: [.target(name: exercise.module)], path: "\(folder)/Tests",
        exclude: leftOut.filter { $0.hasPrefix("\(folder)/Tests/") }.map { String($0.dropFirst("\(folder)/Tests/".count)) }),
    ] + variants
  }
  if let subject = exercise.frontMatter("subject") {
    return subjectModuleTargets(exercise, subject: subject, code: code)
  }
  // The target's path is the whole exercise: all but the two source folders is excluded, and so is
  // a shortcut's README.md (listed in `sources`, it would be compiled).
  let reference = Target.testTarget(
    name: exercise.module + "Tests", path: folder,
    exclude: exercise.everything(but: [code, "Subject"])
      + (FileManager.default.fileExists(atPath: "\(root)/\(folder)/\(code)/README.md") ? ["\(code)/README.md"] : []),
    sources: [code, "Subject"])
  guard selection != nil else { return [reference] }
  // A variant here is another set of tests (a shortcut): judged like the learner's, against the
  // subject and every planted bug, each in a module of its own built from links.
  let variants = (variantFolders[exercise.id] ?? []).flatMap { variant -> [Target] in
    let module = exercise.module + ExerciseFolder.module(variant)
    let links = ".build/ditutor-variants/\(exercise.id)/" + variant.replacingOccurrences(of: "/", with: "-")
    return [.testTarget(name: module + "Tests", path: links)]
      + exercise.subfolders("Mutants").filter { variantBugs["\(exercise.id):\(variant)"]?.contains($0) ?? true }.map { mutant in
        .testTarget(name: module + "Mutant" + ExerciseFolder.module(mutant) + "Tests", path: "\(links)--\(mutant)")
      }
  }
  // The learner's own tests link from `<bug>/`; a maintainer's check of other tests (`Solution`,
  // `Starter`) from `<bug>--Solution/`, so switching between them rebuilds nothing.
  let linkSuffix: String = code == "Sources" ? "" : "--" + code.replacingOccurrences(of: "/", with: "-")
  let bugs: [Target] = exercise.subfolders("Mutants").map { mutant in
    .testTarget(
      name: exercise.module + "Mutant" + ExerciseFolder.module(mutant) + "Tests",
      path: ".build/ditutor-variants/\(exercise.id)/\(mutant)\(linkSuffix)")
  }
  return [reference] + bugs + variants
}

/// A write-the-test exercise whose README names its subject's module (`subject: Showtimes`): the
/// subject is a library of its own, built with library evolution, and the tests reach it by
/// `import`, through its public API only. A planted bug that keeps some state of its own (a
/// private stored property) then changes nothing the compiled tests depend on, and ditutor's check
/// compiles the learner's tests once for every bug (see WarmBuilder+PlantedBugs). For SwiftPM,
/// each bug is a module too (`ShowtimesModelTestsMutantKeepsTheFirstDay`), which a module of tests
/// imports under the subject's name (`-module-alias`). `Rules/`, when there is one, is what every
/// module of the exercise's tests declares itself (a function that shadows Testing's must be in
/// the module that calls it).
func subjectModuleTargets(_ exercise: ExerciseFolder, subject: String, code: String) -> [Target] {
  let folder = "Exercises/\(exercise.id)"
  // Without warnings: a subject that uses Foundation's types (`Date`) in its API would warn, on
  // every build and in a learner's check, that Foundation is not built for library evolution
  // (on Linux it is not). True, and beside the point here: the subject and its bugs are built
  // against the same Foundation, in the same build. Subject and bugs are the instructor's code,
  // and a learner's check shows no warning about code the learner does not write.
  // Nor does the driver type-check each emitted interface again (a job per module, and verify
  // builds hundreds): nothing compiles against these interfaces; ditutor compares their text.
  let evolution: [SwiftSetting] = [
    .unsafeFlags(["-enable-library-evolution", "-suppress-warnings", "-no-verify-emitted-module-interface"])
  ]
  // The subject is imported without an `import` line too: tests written before it was a module
  // of its own still compile.
  func importing(_ module: String) -> [SwiftSetting] {
    let alias = module == subject ? [] : ["-module-alias", "\(subject)=\(module)"]
    return [.unsafeFlags(alias + ["-Xfrontend", "-import-module", "-Xfrontend", subject])]
  }
  let rules = exercise.has("Rules") ? ["Rules"] : []
  let readme = FileManager.default.fileExists(atPath: "\(root)/\(folder)/\(code)/README.md") ? ["\(code)/README.md"] : []
  let reference: [Target] = [
    .target(name: subject, path: "\(folder)/Subject", swiftSettings: evolution),
    .testTarget(
      name: exercise.module + "Tests", dependencies: [.target(name: subject)], path: folder,
      exclude: exercise.everything(but: [code] + rules) + readme, sources: [code] + rules, swiftSettings: importing(subject)),
  ]
  guard selection != nil else { return reference }
  // A bug ditutor builds as a library of its own (`DITUTOR_BUG_LIBRARIES`) needs no module here:
  // each set of tests, compiled once against the subject, runs against it from outside SwiftPM.
  let mutants = exercise.subfolders("Mutants").filter { !(libraryBugs[exercise.id]?.contains($0) ?? false) }
  func bugModule(_ mutant: String) -> String { exercise.module + "Mutant" + ExerciseFolder.module(mutant) }
  let bugCode: [Target] = mutants.map { mutant in
    .target(
      name: bugModule(mutant), path: "\(folder)/Mutants/\(mutant)",
      exclude: FileManager.default.fileExists(atPath: "\(root)/\(folder)/Mutants/\(mutant)/README.md") ? ["README.md"] : [],
      swiftSettings: evolution)
  }
  func tests(_ name: String, against module: String, links: String) -> Target {
    .testTarget(name: name, dependencies: [.target(name: module)], path: links, swiftSettings: importing(module))
  }
  // As for the other write-the-test exercises: links to the tests (and the rules) under
  // .build/ditutor-variants/, one folder per bug, and per variant.
  let linkSuffix: String = code == "Sources" ? "" : "--" + code.replacingOccurrences(of: "/", with: "-")
  let bugs = mutants.map { mutant in
    tests(bugModule(mutant) + "Tests", against: bugModule(mutant), links: ".build/ditutor-variants/\(exercise.id)/\(mutant)\(linkSuffix)")
  }
  // A variant's tests meet their own copy of each bug, built from links: `verify` runs every
  // variant in one process, and a bug that keeps process-wide state (a static cache) shared by
  // two suites would carry one's calls into the other's. (Most bugs are not here at all in a
  // `verify`: see DITUTOR_BUG_LIBRARIES.)
  let variants = (variantFolders[exercise.id] ?? []).flatMap { variant -> [Target] in
    let module = exercise.module + ExerciseFolder.module(variant)
    let links = ".build/ditutor-variants/\(exercise.id)/" + variant.replacingOccurrences(of: "/", with: "-")
    return [tests(module + "Tests", against: subject, links: links)]
      + mutants.filter { variantBugs["\(exercise.id):\(variant)"]?.contains($0) ?? true }.flatMap { mutant -> [Target] in
        let bug = module + "Mutant" + ExerciseFolder.module(mutant)
        return [
          .target(name: bug, path: "\(links)--\(mutant)--code", swiftSettings: evolution),
          tests(bug + "Tests", against: bug, links: "\(links)--\(mutant)"),
        ]
      }
  }
  return reference + bugCode + bugs + variants
}

// MARK: - ditutor

let toolTargets: [Target] = [
  // libedit, the line editor (Debian: libedit-dev).
  .systemLibrary(
    name: "CLibEdit",
    pkgConfig: "libedit",
    providers: [.apt(["libedit-dev"]), .brew(["libedit"])]
  ),
  // Fixed-signature C functions over libedit's variadic configuration API.
  .target(name: "CLineEditor", dependencies: ["CLibEdit"]),
  // prctl(2), which Swift cannot call (it is variadic): ditutor adopts what a check leaves behind;
  // and pipe2(2) and renameat2(2), which Glibc's Swift module leaves out.
  .target(name: "CProcessControl"),
  // The engine: course, session, progress. No terminal I/O.
  .target(name: "TutorKit", dependencies: ["CProcessControl"]),
  // Fast checks on Linux: builds a checked exercise again from SwiftPM's recorded plan, without
  // SwiftPM. Behind TutorKit's RecordedBuilds port; only the composition root knows it.
  .target(name: "WarmBuild", dependencies: ["TutorKit"]),
  // Turns TutorKit's documents into text for a terminal: wrapping, colour, Swift highlighting.
  .target(name: "TerminalUI", dependencies: ["TutorKit"]),
  // A reference dependency-injection container, the one the container lessons take apart.
  // No dependencies: its benchmark against Swinject lives in the separate Benchmarks/ package.
  .target(name: "DIKit", exclude: ["README.md"]),
  // The `sandbox` command's container: DIKit over toy services, behind TutorKit's ContainerSandbox.
  .target(name: "Sandbox", dependencies: ["DIKit", "TutorKit"]),
  // The executable: command line, line editor, and the one composition root.
  .executableTarget(
    name: "ditutor",
    dependencies: [
      "TutorKit", "TerminalUI", "CLineEditor", "CProcessControl", "Sandbox", "WarmBuild",
      .product(name: "ArgumentParser", package: "swift-argument-parser"),
    ]
  ),
  // Recorded/ holds real `swift test` outputs (event streams, compiler and crash output) that the
  // runner's parsing is tested on.
  .testTarget(name: "TutorKitTests", dependencies: ["TutorKit", "WarmBuild"], resources: [.copy("Recorded")]),
  .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "TutorKit"]),
  // One file per DIKit feature; the concurrency stress tests are bounded by a timeout.
  .testTarget(name: "DIKitTests", dependencies: ["DIKit"]),
  .testTarget(name: "SandboxTests", dependencies: ["Sandbox", "TutorKit"]),
  // The course itself: lessons load, and every Swift snippet in them compiles and runs.
  .testTarget(name: "CourseTests", dependencies: ["TutorKit"]),
  // End to end: runs the built `ditutor` through pipes and a pseudo-terminal.
  .testTarget(name: "ditutorTests", dependencies: ["ditutor"]),
]

let package = Package(
  name: "ditutor",
  platforms: [.macOS(.v13)],
  products: selection == nil
    ? [
      .executable(name: "ditutor", targets: ["ditutor"]),
      // For Benchmarks/, which depends on this package by path.
      .library(name: "DIKit", targets: ["DIKit"]),
    ] : [],
  // An exercise build needs nothing from outside: no resolution, no fetching, works offline.
  dependencies: selection == nil
    ? [.package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")] : [],
  targets: (selection == nil ? toolTargets : []) + exerciseTargets,
  swiftLanguageModes: [.v6]
)
