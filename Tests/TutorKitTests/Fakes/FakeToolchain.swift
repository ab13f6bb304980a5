import Foundation
import Synchronization
import TutorKit

/// A Swift toolchain in miniature, over an ``InMemoryFileSystem``: the driver answers
/// `-driver-print-jobs`, and each job it printed writes what the real one would.
///
/// A module `M` compiles from one source file: the compile job writes `M.o` (new every time),
/// the emit-module job writes `Modules/M.swiftmodule` from the file's first line (its
/// "interface"), and leaves it untouched when that line did not change, as the frontend leaves
/// an identical module alone. The module wrap (for the debugger) writes `M.swiftmodule.o`,
/// which the link links. The link writes the test program.
final class FakeToolchain: ProcessRunner {
  static let build = "/c/.build/exercises/debug"
  static let tools = ["/tc/swiftc", "/tc/swift-frontend", "/tc/autolink", "/tc/clang", "/usr/bin/swift"]

  private let fileSystem: InMemoryFileSystem
  private let state = Mutex<(ran: [String], failures: [String: ProcessOutcome], program: (@Sendable (ProcessRequest) -> ProcessOutcome)?)>(([], [:], nil))
  /// Each module's one source file.
  let sources: [String: String]

  init(fileSystem: InMemoryFileSystem, sources: [String: String]) {
    self.fileSystem = fileSystem
    self.sources = sources
    for tool in Self.tools { fileSystem.add(tool, "a program") }
  }

  /// The jobs that ran, as `compile X`, `emit-module X`, `autolink`, `link`, in order (the
  /// test program as `test` and its arguments).
  var ran: [String] { state.withLock { $0.ran } }
  func forgetRuns() {
    state.withLock { $0.ran = [] }
    compiles.withLock { $0 = [] }
  }

  /// The job (`compile X`) ends with this outcome instead of doing its work.
  func fail(_ job: String, with outcome: ProcessOutcome) {
    state.withLock { $0.failures[job] = outcome }
  }

  /// What the test program (and `swift test`) does when it runs; its arguments are in ``ran``.
  func program(_ behaviour: @escaping @Sendable (ProcessRequest) -> ProcessOutcome) {
    state.withLock { $0.program = behaviour }
  }

  func locate(_ name: String) -> String? { name == "swift" ? "/usr/bin/swift" : nil }

  /// Each look for what a killed ditutor left: the mark looked for, and how many jobs had run
  /// by then (0: before the build).
  var leftoverLooks: [(mark: String, jobsBefore: Int)] { looks.withLock { $0 } }
  private let looks = Mutex<[(mark: String, jobsBefore: Int)]>([])

  func stopProcesses(carrying variable: String, value: String) -> Int {
    let jobs = ran.count
    looks.withLock { $0.append(("\(variable)=\(value)", jobs)) }
    return 0
  }

  /// The objects the last link linked.
  var linked: [String] { linkedObjects.withLock { $0 } }
  private let linkedObjects = Mutex<[String]>([])

  /// The arguments of each compile job that ran, in order.
  var compileJobs: [[String]] { compiles.withLock { $0 } }
  private let compiles = Mutex<[[String]]>([])

  /// The folder each program was started in (nil: the caller's own), in the order they ran.
  var workingDirectories: [String?] { directories.withLock { $0 } }
  private let directories = Mutex<[String?]>([])

  func run(_ request: ProcessRequest) async throws -> ProcessOutcome {
    let arguments = request.arguments
    directories.withLock { $0.append(request.workingDirectory) }
    if arguments.contains("-driver-print-jobs") {
      if let module = value(after: "-module-name", in: arguments), arguments.contains("-c") {
        // The real driver names a map of the compile's outputs, written into a temporary
        // folder of its own under TMPDIR, which it leaves behind.
        let map = "\(request.environment["TMPDIR"] ?? "/tmp")/TemporaryDirectory.\(module)/supplementaryOutputs-1"
        fileSystem.add(map, "{\"\(module).swift\": {\"object\": \"\(module).o\"}}")
        // The tests' module batches two files into its compile job, as the driver does.
        let primaries = module.hasSuffix("Tests") ? " -primary-file \(module)-1.swift -primary-file \(module)-2.swift" : ""
        return ProcessOutcome(
          ending: .exited(0),
          standardOutput: """
            /tc/swift-frontend -frontend -c \(module)\(primaries) -supplementary-output-file-map \(map)
            /tc/swift-frontend -frontend -emit-module \(module)
            /tc/swift-frontend -modulewrap \(Self.build)/Modules/\(module).swiftmodule -o '\(Self.build)/Modules/\(module).o'

            """)
      }
      let objects = "\(Self.build)/X.o \(Self.build)/X.swiftmodule.o \(Self.build)/XTests.o"
      return ProcessOutcome(ending: .exited(0), standardOutput: "/tc/autolink \(objects)\n/tc/clang \(objects) -o \(Self.build)/P.xctest\n")
    }
    let label: String
    switch (request.executable, arguments.first) {
    case ("/tc/swift-frontend", "-frontend"): label = "\(arguments[1] == "-c" ? "compile" : String(arguments[1].dropFirst())) \(arguments[2])"
    case ("/tc/swift-frontend", "-modulewrap"): label = "wrap " + FilePath.lastComponent(arguments[1]).prefix { $0 != "." }
    case ("/tc/autolink", _): label = "autolink"
    case ("/tc/clang", _): label = "link"
    case ("\(Self.build)/P.xctest", _): label = "test " + arguments.joined(separator: " ")
    case ("/usr/bin/swift", "test"): label = "swift " + arguments.joined(separator: " ")
    default: label = ([request.executable] + arguments).joined(separator: " ")
    }
    if label == "link" { linkedObjects.withLock { $0 = arguments.filter { $0.hasSuffix(".o") } } }
    if label.hasPrefix("compile ") { compiles.withLock { $0.append(arguments) } }
    let (failure, program) = state.withLock { state in
      state.ran.append(label)
      return (state.failures[label], state.program)
    }
    if let failure { return failure }
    if label.hasPrefix("test ") || label.hasPrefix("swift test ") {
      return program?(request) ?? ProcessOutcome(ending: .exited(0))
    }
    let words = label.split(separator: " ").map(String.init)
    switch words[0] {
    case "compile":
      fileSystem.add("\(Self.build)/\(words[1]).o", "object \(UUID())")
    case "emit-module":
      let source = sources[words[1]].flatMap { fileSystem.text(at: $0) } ?? ""
      let interface = String(source.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
      let path = "\(Self.build)/Modules/\(words[1]).swiftmodule"
      if fileSystem.text(at: path) != interface { fileSystem.add(path, interface) }
    case "wrap":
      fileSystem.add("\(Self.build)/\(words[1]).swiftmodule.o", "wrapped \(UUID())")
    case "link":
      fileSystem.add("\(Self.build)/P.xctest", "program \(UUID())")
    default:
      break
    }
    return ProcessOutcome(ending: .exited(0))
  }

  private func value(after flag: String, in arguments: [String]) -> String? {
    arguments.firstIndex(of: flag).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
  }

  /// SwiftPM's plan for exercise `x` (module `X`, tests `XTests`), in llbuild's format.
  static let plan = """
    client:
      name: basic
      file-system: device-agnostic
    tools: {}
    targets:
      "test": ["<X-debug.module>","<P-debug.test>"]
    default: "main"
    nodes:
      "/c/Exercises/x/Sources/":
        is-directory-structure: true
        content-exclusion-patterns: [".git",".build"]
      "/c/Exercises/x/Tests/":
        is-directory-structure: true
        content-exclusion-patterns: [".git",".build"]
    commands:
      "\(build)/P.product/Objects.LinkFileList":
        tool: write-auxiliary-file
        inputs: ["<link-file-list>","\(build)/X.o","\(build)/X.swiftmodule.o","\(build)/XTests.o"]
        outputs: ["\(build)/P.product/Objects.LinkFileList"]
        description: "Write auxiliary file"

      "<P-debug.test>":
        tool: phony
        inputs: ["\(build)/P.xctest"]
        outputs: ["<P-debug.test>"]

      "C.P-debug.test":
        tool: shell
        inputs: ["\(build)/X.o","\(build)/X.swiftmodule.o","\(build)/XTests.o","\(build)/P.product/Objects.LinkFileList"]
        outputs: ["\(build)/P.xctest"]
        description: "Linking P.xctest"
        args: ["/tc/swiftc","-o","\(build)/P.xctest","-emit-executable","@\(build)/P.product/Objects.LinkFileList"]

      "C.XTests-debug.module":
        tool: shell
        inputs: ["/c/Exercises/x/Tests/T.swift","\(build)/Modules/X.swiftmodule"]
        outputs: ["\(build)/XTests.o","\(build)/Modules/XTests.swiftmodule"]
        description: "Compiling Swift Module 'XTests' (1 sources)"
        args: ["/tc/swiftc","-module-name","XTests","-incremental","-c","/c/Exercises/x/Tests/T.swift","-parseable-output"]

      "\(build)/X.swiftmodule.o":
        tool: shell
        inputs: ["\(build)/Modules/X.swiftmodule"]
        outputs: ["\(build)/X.swiftmodule.o"]
        description: "Wrapping AST for X for debugging"
        args: ["/tc/swiftc","-modulewrap","\(build)/Modules/X.swiftmodule","-o","\(build)/X.swiftmodule.o"]

      "C.X-debug.module":
        tool: shell
        inputs: ["/c/Exercises/x/Sources/A.swift"]
        outputs: ["\(build)/X.o","\(build)/Modules/X.swiftmodule"]
        description: "Compiling Swift Module 'X' (1 sources)"
        args: ["/tc/swiftc","-module-name","X","-incremental","-c","/c/Exercises/x/Sources/A.swift","-parseable-output"]

    """
}
