import Foundation

/// Compiles a lesson's example with `swiftc` (Swift 6 mode) and runs it, with a time limit. The
/// binary is kept in `.build/examples/`, named by a hash of the code, so running it again is
/// instant and an edited lesson gets a fresh build.
///
/// An example marked `dikit` may `import DIKit`: the first such run compiles `Sources/DIKit` into
/// a static library and its module (`.build/examples/dikit-<hash of its sources>/`, a few
/// seconds), and every such example links against it; an edited DIKit gets a fresh build.
public struct ExampleRunner: ExampleRunning {
  private let root: String
  private let processes: any ProcessRunner
  private let fileSystem: any FileStore
  private let environment: [String: String]

  public init(root: String, processes: any ProcessRunner, fileSystem: any FileStore, environment: [String: String]) {
    self.root = root
    self.processes = processes
    self.fileSystem = fileSystem
    self.environment = environment
  }

  public func run(_ example: LessonExample) async throws -> ExampleRun {
    guard let swiftc = processes.locate("swiftc") else { throw RunnerError.swiftMissing }
    let directory = FilePath.join(root, ".build", "examples")
    if !fileSystem.directoryExists(at: directory) { try fileSystem.createDirectory(at: directory) }
    var linking: [String] = []
    var key = example.code
    if example.usesDIKit {
      switch try await dikitLibrary(swiftc: swiftc, in: directory) {
      case .built(let library):
        linking = ["-I", library, "-L", library, "-lDIKit"]
        key += "\n// linked with " + library
      case .failed(let run): return run
      }
    }
    let stem = FilePath.join(directory, "example-\(Self.hash(key))")
    let binary = stem
    if !fileSystem.fileExists(at: binary) {
      try fileSystem.writeAtomically(Data(example.code.utf8), to: stem + ".swift")
      let compile = try await processes.run(
        ProcessRequest(
          executable: swiftc, arguments: ["-swift-version", "6"] + linking + [stem + ".swift", "-o", binary],
          environment: environment, workingDirectory: directory, timeout: .seconds(300)))
      switch compile.ending {
      case .exited(0): break
      case .cancelled: return ExampleRun(status: .cancelled, output: "")
      case .timedOut: return ExampleRun(status: .timedOut, output: "")
      default:
        let diagnostics = (compile.standardError + compile.standardOutput)
          .replacingOccurrences(of: stem + ".swift", with: example.location)
        return ExampleRun(status: .didNotCompile, output: diagnostics)
      }
    }
    let run = try await processes.run(
      ProcessRequest(
        executable: binary, arguments: [], environment: environment, workingDirectory: directory, timeout: .seconds(10), outputLimit: 256 << 10))
    let output = run.standardOutput + run.standardError
    switch run.ending {
    case .exited(0): return ExampleRun(status: .ran, output: output)
    case .timedOut: return ExampleRun(status: .timedOut, output: output)
    case .cancelled: return ExampleRun(status: .cancelled, output: output)
    default: return ExampleRun(status: .failed, output: output)
    }
  }

  enum Library {
    case built(String)
    case failed(ExampleRun)
  }

  /// DIKit as a static library with its module, compiled from `Sources/DIKit` once per version
  /// of its sources. The folder counts as built only once `complete` is written after a
  /// successful compile, so an interrupted build is simply done again.
  func dikitLibrary(swiftc: String, in directory: String) async throws -> Library {
    let sourceFolder = FilePath.join(root, "Sources", "DIKit")
    let sources = try swiftFiles(under: sourceFolder)
    guard !sources.isEmpty else {
      return .failed(
        ExampleRun(status: .didNotCompile, output: "This example uses DIKit, but there are no Swift files in \(sourceFolder).\n"))
    }
    var fingerprint = ""
    for source in sources {
      fingerprint += source + "\n" + String(decoding: try fileSystem.readFile(at: source), as: UTF8.self) + "\n"
    }
    let library = FilePath.join(directory, "dikit-\(Self.hash(fingerprint))")
    let complete = FilePath.join(library, "complete")
    if fileSystem.fileExists(at: complete) { return .built(library) }
    if !fileSystem.directoryExists(at: library) { try fileSystem.createDirectory(at: library) }
    let compile = try await processes.run(
      ProcessRequest(
        executable: swiftc,
        arguments: [
          "-swift-version", "6", "-parse-as-library", "-module-name", "DIKit", "-emit-library", "-static",
          "-emit-module", "-emit-module-path", FilePath.join(library, "DIKit.swiftmodule"),
          "-o", FilePath.join(library, "libDIKit.a"),
        ] + sources, environment: environment, workingDirectory: library, timeout: .seconds(600)))
    switch compile.ending {
    case .exited(0):
      try fileSystem.writeAtomically(Data("built from \(sources.count) files\n".utf8), to: complete)
      return .built(library)
    case .cancelled: return .failed(ExampleRun(status: .cancelled, output: ""))
    case .timedOut: return .failed(ExampleRun(status: .timedOut, output: ""))
    default:
      return .failed(
        ExampleRun(
          status: .didNotCompile,
          output: "DIKit (\(sourceFolder)), which this example uses, does not compile:\n"
            + compile.standardError + compile.standardOutput))
    }
  }

  /// Every `.swift` file in `folder` and its subfolders, sorted.
  private func swiftFiles(under folder: String) throws -> [String] {
    guard fileSystem.directoryExists(at: folder) else { return [] }
    var files: [String] = []
    for name in try fileSystem.contentsOfDirectory(at: folder).sorted() {
      let path = FilePath.join(folder, name)
      if fileSystem.directoryExists(at: path) {
        files += try swiftFiles(under: path)
      } else if name.hasSuffix(".swift") {
        files.append(path)
      }
    }
    return files
  }

  /// FNV-1a, 64 bits: a stable name for the code (Swift's `hashValue` changes between runs).
  static func hash(_ text: String) -> String {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      value ^= UInt64(byte)
      value = value &* 0x100_0000_01b3
    }
    return String(value, radix: 16)
  }
}
