import Foundation

/// Compiles a lesson's example with `swiftc` (Swift 6 mode) and runs it, with a time limit. The
/// binary is kept in `.build/examples/`, named by a hash of the code, so running it again is
/// instant and an edited lesson gets a fresh build.
public struct ExampleRunner: ExampleRunning {
  private let root: String
  private let processes: any ProcessRunner
  private let fileSystem: any FileSystem
  private let environment: [String: String]

  public init(root: String, processes: any ProcessRunner, fileSystem: any FileSystem, environment: [String: String]) {
    self.root = root
    self.processes = processes
    self.fileSystem = fileSystem
    self.environment = environment
  }

  public func run(_ example: LessonExample) async throws -> ExampleRun {
    guard let swiftc = processes.locate("swiftc") else { throw RunnerError.swiftMissing }
    let directory = FilePath.join(root, ".build", "examples")
    if !fileSystem.directoryExists(at: directory) { try fileSystem.createDirectory(at: directory) }
    let stem = FilePath.join(directory, "example-\(Self.hash(example.code))")
    let binary = stem
    if !fileSystem.fileExists(at: binary) {
      try fileSystem.writeAtomically(Data(example.code.utf8), to: stem + ".swift")
      let compile = try await processes.run(
        ProcessRequest(
          executable: swiftc, arguments: ["-swift-version", "6", stem + ".swift", "-o", binary], environment: environment,
          timeout: .seconds(300)))
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
      ProcessRequest(executable: binary, arguments: [], environment: environment, timeout: .seconds(10), outputLimit: 256 << 10))
    let output = run.standardOutput + run.standardError
    switch run.ending {
    case .exited(0): return ExampleRun(status: .ran, output: output)
    case .timedOut: return ExampleRun(status: .timedOut, output: output)
    case .cancelled: return ExampleRun(status: .cancelled, output: output)
    default: return ExampleRun(status: .failed, output: output)
    }
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
