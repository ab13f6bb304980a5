// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "ditutor",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "ditutor", targets: ["ditutor"])
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
  ],
  targets: [
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
    // The executable: command line, line editor, and the one composition root.
    .executableTarget(
      name: "ditutor",
      dependencies: [
        "TutorKit", "TerminalUI", "CLineEditor",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(name: "TutorKitTests", dependencies: ["TutorKit"]),
    .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "TutorKit"]),
    // The course itself: lessons load, and every Swift snippet in them compiles and runs.
    .testTarget(name: "CourseTests", dependencies: ["TutorKit"]),
    // End to end: runs the built `ditutor` through pipes and a pseudo-terminal.
    .testTarget(name: "ditutorTests", dependencies: ["ditutor"]),
  ],
  swiftLanguageModes: [.v6]
)
