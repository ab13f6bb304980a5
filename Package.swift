// swift-tools-version: 6.0
import Foundation
import PackageDescription

// MARK: - Exercises
//
// Every folder in Exercises/ with Sources/ and Tests/ becomes a target and a test target
// (`greeting-clock` → `GreetingClock` and `GreetingClockTests`). Nothing to edit when an exercise
// is added. Two environment variables choose what the package holds:
//
//   DITUTOR_EXERCISES  unset: the whole package, ditutor itself and every exercise (the default,
//                      so `swift test --filter GreetingClockTests` works on a learner's code);
//                      `greeting-clock` or `a,b`: only those exercises, nothing else (what
//                      `check` builds, so a half-edited exercise 5 cannot break exercise 1,
//                      and a check does not grow with the course); `all`: every exercise only.
//   DITUTOR_CODE       unset or `sources`: the learner's files; `starter` or `solution`: the
//                      shipped starter or the reference (what `verify` and the test suite use).

let environment = Context.environment
let root = Context.packageDirectory

struct ExerciseFolder {
  let id: String
  var module: String {
    id.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
      .map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }
}

func exerciseFolders() -> [ExerciseFolder] {
  let directory = root + "/Exercises"
  let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
  return names.sorted().filter { name in
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: "\(directory)/\(name)/Tests", isDirectory: &isDirectory)
      && isDirectory.boolValue
  }.map(ExerciseFolder.init)
}

let selection = environment["DITUTOR_EXERCISES"].map { $0.split(separator: ",").map(String.init) }
let codeFolder: String =
  switch environment["DITUTOR_CODE"] {
  case "solution": "Solution"
  case "starter": "Starter"
  default: "Sources"
  }
let exercises = exerciseFolders().filter { folder in
  guard let selection, selection != ["all"] else { return true }
  return selection.contains(folder.id)
}
let exerciseTargets: [Target] = exercises.flatMap { exercise -> [Target] in
  [
    .target(name: exercise.module, path: "Exercises/\(exercise.id)/\(codeFolder)"),
    .testTarget(
      name: exercise.module + "Tests", dependencies: [.target(name: exercise.module)],
      path: "Exercises/\(exercise.id)/Tests"),
  ]
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
  // The engine: course, session, progress. No terminal I/O.
  .target(name: "TutorKit"),
  // Turns TutorKit's documents into text for a terminal: wrapping, colour, Swift highlighting.
  .target(name: "TerminalUI", dependencies: ["TutorKit"]),
  // A reference dependency-injection container, the one the container lessons take apart.
  // No dependencies: its benchmark against Swinject lives in the separate Benchmarks/ package.
  .target(name: "DIKit", exclude: ["README.md"]),
  // The executable: command line, line editor, and the one composition root.
  .executableTarget(
    name: "ditutor",
    dependencies: [
      "TutorKit", "TerminalUI", "CLineEditor",
      .product(name: "ArgumentParser", package: "swift-argument-parser"),
    ]
  ),
  // Recorded/ holds real `swift test` outputs (event streams, compiler and crash output) that the
  // runner's parsing is tested on.
  .testTarget(name: "TutorKitTests", dependencies: ["TutorKit"], resources: [.copy("Recorded")]),
  .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "TutorKit"]),
  // One file per DIKit feature; the concurrency stress tests are bounded by a timeout.
  .testTarget(name: "DIKitTests", dependencies: ["DIKit"]),
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
